import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** PDF user space is in points; layouts are designed in millimetres (the paper's unit). */
export const mm = (value: number): number => (value * 72) / 25.4;

export const A4 = { width: mm(210), height: mm(297) };

/** Regular and bold faces, registered under these names. */
export const FONT = 'Body';
export const FONT_BOLD = 'Body-Bold';

export type Pdf = InstanceType<typeof PDFDocument>;

/**
 * A new A4 PDF with DejaVu Sans embedded (subset to the letters used), so every name prints: accents,
 * ß, Ø, Ç, Cyrillic, Turkish ı/ş/ğ. The standard PDF fonts only cover Latin-1.
 */
export function openPdf(fontDir: string, info: { Title: string; Author?: string }, layout: 'portrait' | 'landscape' = 'portrait'): Pdf {
  const doc = new PDFDocument({ size: 'A4', layout, margin: 0, autoFirstPage: false, info, compress: true });
  doc.registerFont(FONT, path.join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont(FONT_BOLD, path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  doc.font(FONT);
  return doc;
}

/** An image opened in one document (pdfkit's own object; its type declarations do not list it). */
export type EmbeddedImage = { readonly width: number; readonly height: number };
type ImageOptions = { width?: number; height?: number; fit?: [number, number]; align?: 'center' | 'right'; valign?: 'center' | 'bottom' };
/** pdfkit's `openImage`, and `image` given what it opened: documented, but missing from its type declarations. */
const imageApi = (doc: Pdf) =>
  doc as unknown as { openImage(src: Buffer): EmbeddedImage; image(src: EmbeddedImage, x: number, y: number, options?: ImageOptions): Pdf };

const imagesOf = new WeakMap<Pdf, Map<string, EmbeddedImage>>();

/**
 * An image embedded once per document under `key` and referenced wherever it is drawn again: the sponsor
 * logo on every badge, a photo two people share. `data` may be omitted when the key is already embedded.
 * pdfkit only reuses images opened from a file path; opened from bytes, each drawing would embed (and, for a
 * PNG, split and recompress) the image again. Once embedded, pdfkit keeps no bytes of it, only its reference.
 */
export function imageOnce(doc: Pdf, key: string, data: Uint8Array | undefined): EmbeddedImage | undefined {
  let images = imagesOf.get(doc);
  if (!images) imagesOf.set(doc, (images = new Map()));
  let image = images.get(key);
  if (!image && data) {
    // Bytes copied from another thread arrive as a plain Uint8Array: pdfkit takes only a Buffer for image data.
    image = imageApi(doc).openImage(Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    images.set(key, image);
  }
  return image;
}

/**
 * A photo at print resolution, known by the hash of the stored photo: a photo already in the document comes
 * without `jpeg` (it is neither scaled nor embedded again).
 */
export type PrintPhoto = { key: string; jpeg?: Buffer };

/**
 * Opens a page's photos that come with their bytes before anything is drawn: a photo shared by two people on
 * one page is scaled once, by whichever load finished first, and both find it. `use` names the size (badge,
 * thumbnail), part of the image's key.
 */
export function openPhotos(doc: Pdf, use: string, photos: readonly (PrintPhoto | undefined)[]): void {
  for (const photo of photos) if (photo?.jpeg) imageOnce(doc, `${use}:${photo.key}`, photo.jpeg);
}

export function drawImage(doc: Pdf, image: EmbeddedImage, x: number, y: number, options: ImageOptions): void {
  imageApi(doc).image(image, x, y, options);
}

/**
 * The largest font size (≤ max) at which `text` fits `width` on one line; `min` when even that is too wide
 * (the caller then scales the line horizontally, see `fitLine`).
 */
export function fitFontSize(doc: Pdf, text: string, font: string, width: number, max: number, min: number): number {
  doc.font(font);
  const atOne = doc.fontSize(1).widthOfString(text);
  if (atOne <= 0) return max;
  return Math.max(min, Math.min(max, Math.floor((width / atOne) * 10) / 10));
}

/**
 * Draws one line of text inside a box of `width`: the font shrinks down to `min` points, and a line still
 * too wide at `min` is squeezed horizontally, so a name never runs over the edge. Answers the size used.
 */
export function fitLine(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  options: { width: number; font: string; max: number; min: number; align?: 'left' | 'center' | 'right'; color?: string },
): number {
  const size = fitFontSize(doc, text, options.font, options.width, options.max, options.min);
  doc
    .font(options.font)
    .fontSize(size)
    .fillColor(options.color ?? '#000000');
  const natural = doc.widthOfString(text);
  const squeeze = natural > options.width ? Math.max(1, Math.floor((options.width / natural) * 100)) : 100;
  const drawn = (natural * squeeze) / 100;
  const left = options.align === 'center' ? x + (options.width - drawn) / 2 : options.align === 'right' ? x + options.width - drawn : x;
  // pdfkit supports horizontal scaling (Tz); its type declarations do not list the option yet.
  const textOptions = { lineBreak: false, horizontalScaling: squeeze };
  doc.text(text, left, y, textOptions);
  return size;
}

/**
 * Splits a long name over two lines at the space or hyphen nearest the middle (double names such as
 * "Van den Bossche-De Smet"); a single word stays one line.
 */
export function splitInTwo(text: string): [string, string] | undefined {
  const middle = text.length / 2;
  let best = -1;
  for (let i = 1; i < text.length - 1; i++) {
    if (text[i] !== ' ' && text[i] !== '-') continue;
    if (best < 0 || Math.abs(i - middle) < Math.abs(best - middle)) best = i;
  }
  if (best < 0) return undefined;
  const cut = text[best] === '-' ? best + 1 : best;
  return [text.slice(0, cut).trim(), text.slice(cut).trim()];
}

/** Black or white, whichever reads better on a background colour (WCAG relative luminance). */
export function textColourOn(hex: string): '#000000' | '#ffffff' {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}

/**
 * A QR code drawn as vector rectangles (sharp at any printer resolution, a few hundred bytes). Dark modules
 * next to each other in a row are one rectangle, written straight into the content stream: a badge sheet
 * has eight codes, and drawing them module by module through pdfkit's path calls was most of a badge's time.
 */
export function drawQr(doc: Pdf, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  // Four modules of quiet zone around the code, as scanners expect.
  const cell = size / (count + 8);
  const n = (value: number) => value.toFixed(3);
  const runs: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.modules.get(row, col)) continue;
      const start = col;
      while (col + 1 < count && qr.modules.get(row, col + 1)) col++;
      runs.push(`${n(x + (start + 4) * cell)} ${n(y + (row + 4) * cell)} ${n((col - start + 1) * cell)} ${n(cell)} re`);
    }
  }
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  doc.addContent(runs.join('\n'));
  doc.fill();
  doc.restore();
}

/** Short marks outside the grid where the sheet is cut, at every column and row edge. */
export function drawCutMarks(doc: Pdf, xs: number[], ys: number[], grid: { left: number; right: number; top: number; bottom: number }): void {
  const length = mm(5);
  const gap = mm(1.5);
  doc.save().lineWidth(0.4).strokeColor('#000000');
  for (const x of xs) {
    doc.moveTo(x, grid.top - gap - length).lineTo(x, grid.top - gap);
    doc.moveTo(x, grid.bottom + gap).lineTo(x, grid.bottom + gap + length);
  }
  for (const y of ys) {
    doc.moveTo(grid.left - gap - length, y).lineTo(grid.left - gap, y);
    doc.moveTo(grid.right + gap, y).lineTo(grid.right + gap + length, y);
  }
  doc.stroke().restore();
}

export type DashedLineStyle = { lineWidth: number; dash: number; space: number; color: string };
/** The line along which a sheet is cut in two. */
export const CUT_LINE: DashedLineStyle = { lineWidth: 0.4, dash: mm(2), space: mm(2), color: '#000000' };

/** A horizontal dashed line at `y` from `x1` to `x2` (where a sheet is cut or folded). */
export function drawDashedLine(doc: Pdf, x1: number, x2: number, y: number, style: DashedLineStyle): void {
  doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(style.lineWidth).dash(style.dash, { space: style.space }).strokeColor(style.color).stroke().restore();
}

/** A neutral head-and-shoulders placeholder where a photo is missing. */
export function drawPhotoPlaceholder(doc: Pdf, x: number, y: number, width: number, height: number): void {
  doc.save();
  doc.rect(x, y, width, height).clip();
  doc.rect(x, y, width, height).fill('#eceff1');
  doc.fillColor('#b0bec5');
  doc.circle(x + width / 2, y + height * 0.38, width * 0.2).fill();
  doc.ellipse(x + width / 2, y + height * 0.92, width * 0.36, height * 0.28).fill();
  doc.restore();
  doc.save().rect(x, y, width, height).lineWidth(0.5).strokeColor('#90a4ae').stroke().restore();
}
