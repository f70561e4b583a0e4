import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';

const run = promisify(execFile);

/** Opens a produced PDF again with poppler (Debian's poppler-utils): what a printer would get. */
async function withPdfFile<T>(pdf: Buffer, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-test-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function pdfPageCount(pdf: Buffer): Promise<number> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', [file]);
    return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
  });
}

/** The text of every page (pages separated by form feeds). */
export function pdfText(pdf: Buffer, page?: number): Promise<string> {
  return withPdfFile(pdf, async (file) => {
    const range = page ? ['-f', String(page), '-l', String(page)] : [];
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', ...range, file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  });
}

/** Every word on a page with its box, in PDF points from the top-left corner. */
export function pdfWords(pdf: Buffer, page: number): Promise<{ text: string; xMin: number; xMax: number; yMin: number; yMax: number }[]> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-']);
    return [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      text: m[5]!
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'"),
    }));
  });
}

/** The images drawn in a PDF (poppler's pdfimages), each with the object it is stored in: an image drawn twice from one object is stored once. */
export function pdfImages(pdf: Buffer): Promise<{ page: number; type: string; width: number; height: number; object: number }[]> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdfimages', ['-list', file], { maxBuffer: 64 * 1024 * 1024 });
    return stdout
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((cells) => cells.length > 10)
      .map((cells) => ({ page: Number(cells[0]), type: cells[2]!, width: Number(cells[3]), height: Number(cells[4]), object: Number(cells[10]) }));
  });
}

/**
 * One region of a page rendered to PNG: pdftoppm rasterises only those pixels, so a QR code is read without
 * drawing the whole sheet. The region is in PDF points from the page's top-left corner (pdfkit's coordinates).
 */
export function renderPdfRegion(pdf: Buffer, page: number, region: { x: number; y: number; width: number; height: number }, dpi = 150): Promise<Buffer> {
  const px = (points: number) => String(Math.round((points / 72) * dpi));
  return withPdfFile(pdf, async (file, dir) => {
    const crop = ['-x', px(region.x), '-y', px(region.y), '-W', px(region.width), '-H', px(region.height)];
    await run('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), ...crop, '-singlefile', file, path.join(dir, 'region')]);
    return readFile(path.join(dir, 'region.png'));
  });
}

/** Decodes the QR code in a rendered image. */
export async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}
