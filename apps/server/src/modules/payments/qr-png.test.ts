import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPng } from './qr-png.js';

const PAYLOAD = 'BCD\n002\n1\nSCT\nGKCCBEBB\nvzw Belgisch Jeugdschaakkampioenschap\nBE68539007547034\nEUR1236.00\n\n202700012345';

describe('the QR code PNG', () => {
  it('is a valid PNG that a scanner reads back to the same text', () => {
    const png = PNG.sync.read(qrPng(PAYLOAD, { errorCorrectionLevel: 'M', margin: 4, scale: 5 }));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(PAYLOAD);
  });

  it('draws the same modules as the qrcode library’s own PNG, at the same size', async () => {
    const options = { errorCorrectionLevel: 'M', margin: 4, scale: 5 } as const;
    const ours = PNG.sync.read(qrPng(PAYLOAD, options));
    const theirs = PNG.sync.read(await QRCode.toBuffer(PAYLOAD, { type: 'png', ...options }));
    expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
    // Compare the red channel pixel by pixel (both are pure black and white).
    const differing = Array.from({ length: ours.width * ours.height }, (_, i) => ours.data[i * 4] !== theirs.data[i * 4]).filter(Boolean).length;
    expect(differing).toBe(0);
  });
});
