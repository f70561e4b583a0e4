import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_SPONSORS, logoSvg } from './files.seed.js';

/** The columns and rows of a rendered logo where its white letters are (the background is the sponsor's colour). */
async function letterBox(svg: Buffer) {
  const { data, info } = await sharp(svg).raw().toBuffer({ resolveWithObject: true });
  let [left, right, top, bottom] = [info.width, -1, info.height, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      if (data[i]! > 230 && data[i + 1]! > 230 && data[i + 2]! > 230) {
        [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
      }
    }
  }
  return { left, right, top, bottom, width: info.width, height: info.height };
}

describe('the demo sponsors’ logos', () => {
  it.each(DEMO_SPONSORS.map((s) => [s.name, s.colour]))('show "%s" whole, inside the logo with a margin', async (name, colour) => {
    const box = await letterBox(logoSvg(name, colour));
    expect(box.right, 'no letters drawn').toBeGreaterThan(0);
    expect(box.left).toBeGreaterThanOrEqual(12);
    expect(box.right).toBeLessThanOrEqual(box.width - 12);
    expect(box.top).toBeGreaterThanOrEqual(12);
    expect(box.bottom).toBeLessThanOrEqual(box.height - 12);
    // Readable when the strip shows the logo small: letters at least a quarter of the logo's height.
    expect(box.bottom - box.top).toBeGreaterThanOrEqual(30);
  });
});
