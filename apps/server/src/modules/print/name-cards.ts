import type { PlayerIdentity } from '@bjk/domain';
import { A4, CUT_LINE, drawDashedLine, FONT, FONT_BOLD, fitLine, mm, textColourOn, type Pdf } from './pdf-canvas.js';
import type { PrintTexts } from './print-texts.js';

/** One table tent: "LAST First", category, FIDE federation, national and FIDE ratings (DOMAIN.md §4). */
export type NameCardContent = Pick<PlayerIdentity, 'firstName' | 'lastName' | 'fideFederation' | 'ratingNational' | 'ratingFide'> & {
  category: string;
  categoryColor: string;
};

export const NAME_CARDS_PER_PAGE = 2;
/** Each half of the A4 sheet is one card, folded along its middle into a tent readable from both sides. */
const CARD_HEIGHT = A4.height / 2;
const PANEL_HEIGHT = CARD_HEIGHT / 2;

/** The face of one panel, drawn upright in a box whose top-left is (0, 0). */
function drawFace(doc: Pdf, card: NameCardContent, texts: PrintTexts): void {
  const width = A4.width - mm(20);
  const left = mm(10);
  const name = `${card.lastName.toUpperCase()} ${card.firstName}`;
  fitLine(doc, name, left, mm(16), { width, font: FONT_BOLD, max: 40, min: 8, align: 'center' });
  const band = { x: left, y: mm(38), width, height: mm(12) };
  doc.rect(band.x, band.y, band.width, band.height).fill(card.categoryColor);
  const ink = textColourOn(card.categoryColor);
  fitLine(doc, card.category, band.x + mm(4), band.y + (band.height - 22) / 2, { width: mm(40), font: FONT_BOLD, max: 22, min: 8, color: ink });
  if (card.fideFederation) {
    fitLine(doc, card.fideFederation, band.x + band.width - mm(44), band.y + (band.height - 22) / 2, {
      width: mm(40),
      font: FONT_BOLD,
      max: 22,
      min: 8,
      align: 'right',
      color: ink,
    });
  }
  const ratings = [`${texts.nationalRating}: ${card.ratingNational ?? '–'}`, `${texts.fideRating}: ${card.ratingFide ?? '–'}`].join('     ');
  fitLine(doc, ratings, left, mm(55), { width, font: FONT, max: 14, min: 6, align: 'center', color: '#37474f' });
}

/** Draws the card at `slot` (0 = upper half, 1 = lower half of the page); starts a page for slot 0. */
export function drawNameCard(doc: Pdf, slot: number, card: NameCardContent, texts: PrintTexts): void {
  if (slot === 0) {
    doc.addPage({ size: 'A4', margin: 0 });
    // Where the two cards are cut apart.
    drawDashedLine(doc, 0, A4.width, CARD_HEIGHT, CUT_LINE);
  }
  const top = slot * CARD_HEIGHT;
  // The fold: the upper panel is drawn upside down so both sides of the tent read upright.
  drawDashedLine(doc, mm(5), A4.width - mm(5), top + PANEL_HEIGHT, { lineWidth: 0.3, dash: mm(1), space: mm(3), color: '#9e9e9e' });
  doc.save();
  doc.translate(0, top + PANEL_HEIGHT);
  drawFace(doc, card, texts);
  doc.restore();
  doc.save();
  doc.rotate(180, { origin: [A4.width / 2, top + PANEL_HEIGHT / 2] });
  doc.translate(0, top);
  drawFace(doc, card, texts);
  doc.restore();
}
