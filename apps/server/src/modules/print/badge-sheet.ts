import {
  A4,
  FONT,
  FONT_BOLD,
  drawCutMarks,
  drawImage,
  drawPhotoPlaceholder,
  drawQr,
  fitFontSize,
  fitLine,
  imageOnce,
  mm,
  splitInTwo,
  textColourOn,
  type Pdf,
  type PrintPhoto,
} from './pdf-canvas.js';

/** One badge as printed (DOMAIN.md §4). */
export type BadgeContent = {
  badgeId: string;
  firstName: string;
  lastName: string;
  category: string;
  categoryColor: string;
  mealsCode: 'HB' | 'BO' | null;
  club: string | null;
  photo: PrintPhoto | undefined;
};

export type BadgeSheetStyle = {
  editionName: string;
  /** PNG of the sponsor's logo, scaled to its box; none when there are no sponsors. */
  sponsorLogo: Buffer | undefined;
  mealColors: Record<'HB' | 'BO', string>;
};

/** 9 × 6.2 cm badges, 2 across and 4 down, centred on A4 with room for cut marks. */
export const BADGE = { width: mm(90), height: mm(62), columns: 2, rows: 4 };
export const BADGES_PER_PAGE = BADGE.columns * BADGE.rows;
const GRID_LEFT = (A4.width - BADGE.columns * BADGE.width) / 2;
const GRID_TOP = (A4.height - BADGE.rows * BADGE.height) / 2;

/** The photo's box on the badge; photos are scaled to 300 dpi of this before embedding. */
export const BADGE_PHOTO = { width: mm(24), height: mm(30) };
export const BADGE_PHOTO_PIXELS = { width: Math.round((24 / 25.4) * 300), height: Math.round((30 / 25.4) * 300) };
/** The sponsor logo's box (scaled to 300 dpi once per document). */
export const BADGE_LOGO = { width: mm(34), height: mm(12) };
export const BADGE_LOGO_PIXELS = { width: Math.round((34 / 25.4) * 300), height: Math.round((12 / 25.4) * 300) };

/** Where the n-th badge of a page goes (left to right, top to bottom). */
export function badgeOrigin(indexOnPage: number): { x: number; y: number } {
  return { x: GRID_LEFT + (indexOnPage % BADGE.columns) * BADGE.width, y: GRID_TOP + Math.floor(indexOnPage / BADGE.columns) * BADGE.height };
}

/** Where the n-th badge's QR code goes: its bottom-right corner, 18 mm square (points from the page's top-left). */
export function badgeQrBox(indexOnPage: number): { x: number; y: number; size: number } {
  const { x, y } = badgeOrigin(indexOnPage);
  return { x: x + mm(70), y: y + mm(43), size: mm(18) };
}

/** A new sheet with its cut marks; badges are then drawn with `drawBadge`. */
export function startBadgePage(doc: Pdf): void {
  doc.addPage({ size: 'A4', margin: 0 });
  const xs = Array.from({ length: BADGE.columns + 1 }, (_, i) => GRID_LEFT + i * BADGE.width);
  const ys = Array.from({ length: BADGE.rows + 1 }, (_, i) => GRID_TOP + i * BADGE.height);
  drawCutMarks(doc, xs, ys, { left: GRID_LEFT, right: GRID_LEFT + BADGE.columns * BADGE.width, top: GRID_TOP, bottom: GRID_TOP + BADGE.rows * BADGE.height });
}

/** Draws one name (first or last) in its box: one line shrinking to fit, or two lines for a long double name. */
function drawName(doc: Pdf, name: string, x: number, y: number, width: number, height: number, max: number): void {
  const oneLine = fitFontSize(doc, name, FONT_BOLD, width, max, 5);
  const halves = splitInTwo(name);
  const twoLineMax = Math.min(max, (height / 2) * 0.85);
  if (oneLine >= Math.min(10, max) || !halves) {
    const size = Math.min(oneLine, height * 0.85);
    fitLine(doc, name, x, y + (height - size) / 2, { width, font: FONT_BOLD, max: size, min: 5 });
    return;
  }
  const size = Math.min(...halves.map((half) => fitFontSize(doc, half, FONT_BOLD, width, twoLineMax, 5)));
  if (size <= oneLine) {
    fitLine(doc, name, x, y + (height - oneLine) / 2, { width, font: FONT_BOLD, max: oneLine, min: 5 });
    return;
  }
  fitLine(doc, halves[0], x, y + height / 2 - size * 1.05, { width, font: FONT_BOLD, max: size, min: 5 });
  fitLine(doc, halves[1], x, y + height / 2 + size * 0.05, { width, font: FONT_BOLD, max: size, min: 5 });
}

export function drawBadge(doc: Pdf, indexOnPage: number, badge: BadgeContent, style: BadgeSheetStyle): void {
  const { x, y } = badgeOrigin(indexOnPage);
  const at = (dx: number, dy: number) => ({ x: x + mm(dx), y: y + mm(dy) });
  doc.save();
  doc.rect(x, y, BADGE.width, BADGE.height).clip();

  // Category colour band with the category code and the championship's name.
  const band = mm(12);
  const ink = textColourOn(badge.categoryColor);
  doc.rect(x, y, BADGE.width, band).fill(badge.categoryColor);
  fitLine(doc, badge.category, at(4, 0).x, y + (band - 20) / 2, { width: mm(24), font: FONT_BOLD, max: 20, min: 8, color: ink });
  fitLine(doc, style.editionName, at(31, 0).x, y + (band - 8) / 2, { width: mm(55), font: FONT, max: 8, min: 5, align: 'right', color: ink });

  const photo = at(4, 15);
  const image = badge.photo && imageOnce(doc, `badge:${badge.photo.key}`, badge.photo.jpeg);
  if (image) drawImage(doc, image, photo.x, photo.y, { width: BADGE_PHOTO.width, height: BADGE_PHOTO.height });
  else drawPhotoPlaceholder(doc, photo.x, photo.y, BADGE_PHOTO.width, BADGE_PHOTO.height);

  const names = at(31, 14.5);
  drawName(doc, badge.firstName, names.x, names.y, mm(55), mm(9), 17);
  drawName(doc, badge.lastName.toUpperCase(), names.x, names.y + mm(9.5), mm(55), mm(11), 15);
  if (badge.club) fitLine(doc, badge.club, names.x, names.y + mm(22.5), { width: mm(55), font: FONT, max: 8, min: 5, color: '#455a64' });

  if (badge.mealsCode) {
    const label = at(4, 48);
    const color = style.mealColors[badge.mealsCode];
    doc.roundedRect(label.x, label.y, BADGE_PHOTO.width, mm(10), mm(1.5)).fill(color);
    fitLine(doc, badge.mealsCode, label.x, label.y + (mm(10) - 16) / 2, {
      width: BADGE_PHOTO.width,
      font: FONT_BOLD,
      max: 16,
      min: 8,
      align: 'center',
      color: textColourOn(color),
    });
  }

  // Embedded once per document: every badge refers to the same image.
  const logoImage = style.sponsorLogo && imageOnce(doc, 'sponsor-logo', style.sponsorLogo);
  if (logoImage) {
    const logo = at(31, 47.5);
    drawImage(doc, logoImage, logo.x, logo.y, { fit: [BADGE_LOGO.width, BADGE_LOGO.height], align: 'center', valign: 'center' });
  }

  const qr = badgeQrBox(indexOnPage);
  drawQr(doc, badge.badgeId, qr.x, qr.y, qr.size);
  doc.restore();
  // A hairline edge shows where the badge ends (the cut marks outside the grid say where to cut).
  doc.save().rect(x, y, BADGE.width, BADGE.height).lineWidth(0.25).strokeColor('#cfd8dc').stroke().restore();
}
