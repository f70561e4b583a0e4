import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { decodeQr, pdfPageCount, pdfWords, renderPdfRegion } from '../../../test/pdf-files.js';
import { BADGE, BADGES_PER_PAGE, badgeOrigin, badgeQrBox, drawBadge, startBadgePage, type BadgeContent, type BadgeSheetStyle } from './badge-sheet.js';
import { A4, mm, openPdf } from './pdf-canvas.js';

/**
 * The badge sheet's layout at its own layer: one A4 page drawn straight from badge contents (no database, no
 * job), opened again with poppler. The API test checks what the print job puts on the sheets, the e2e the
 * manager's path; the geometry and the QR codes are checked here, where they cost one small render each.
 */
const style: BadgeSheetStyle = { editionName: 'BJK 2027', sponsorLogo: undefined, mealColors: { HB: '#2e7d32', BO: '#1565c0' } };
const NAMES = ['Çelik', 'Groß', 'Ødegaard', 'Иванов', 'Yıldırım', 'Peeters', 'Janssens', 'Öztürk'];
const badges: BadgeContent[] = NAMES.map((lastName, i) => ({
  badgeId: `bjk2027:P${1000 + i}`,
  firstName: 'Kim',
  lastName,
  category: i < 4 ? 'U14' : 'U16',
  categoryColor: i < 4 ? '#ffa726' : '#42a5f5',
  mealsCode: i % 2 ? 'HB' : 'BO',
  club: 'KSK Test',
  photo: undefined,
}));

async function sheet(contents: BadgeContent[]): Promise<Buffer> {
  const doc = openPdf(loadConfig({ NODE_ENV: 'test' }).printFontDir, { Title: 'badges' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  startBadgePage(doc);
  contents.forEach((badge, i) => drawBadge(doc, i, badge, style));
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('the badge sheet', () => {
  it('lays 8 badges of 9 × 6.2 cm on one A4 page, 2 across and 4 down, centred', async () => {
    expect(BADGES_PER_PAGE).toBe(8);
    expect([BADGE.width, BADGE.height]).toEqual([mm(90), mm(62)]);
    const first = badgeOrigin(0);
    const last = badgeOrigin(7);
    expect(first.x).toBeCloseTo(A4.width - (last.x + BADGE.width), 6);
    expect(first.y).toBeCloseTo(A4.height - (last.y + BADGE.height), 6);

    const pdf = await sheet(badges);
    expect(await pdfPageCount(pdf)).toBe(1);
    // Each badge's last name is printed inside its own badge, left to right and top to bottom.
    const words = await pdfWords(pdf, 1);
    NAMES.forEach((name, i) => {
      const { x, y } = badgeOrigin(i);
      const word = words.find((w) => w.text === name.toUpperCase());
      expect(word, name).toBeDefined();
      expect(word!.xMin).toBeGreaterThanOrEqual(x);
      expect(word!.xMax).toBeLessThanOrEqual(x + BADGE.width);
      expect(word!.yMin).toBeGreaterThanOrEqual(y);
      expect(word!.yMax).toBeLessThanOrEqual(y + BADGE.height);
    });
  });

  it('prints on every badge a QR code that a scanner reads as that badge’s id', async () => {
    const pdf = await sheet(badges);
    for (let i = 0; i < BADGES_PER_PAGE; i++) {
      const box = badgeQrBox(i);
      // The code's box and a millimetre around it, rendered alone at 150 dpi (about 3 pixels per module).
      const png = await renderPdfRegion(pdf, 1, { x: box.x - mm(1), y: box.y - mm(1), width: box.size + mm(2), height: box.size + mm(2) });
      expect(await decodeQr(png)).toBe(badges[i]!.badgeId);
    }
  });
});
