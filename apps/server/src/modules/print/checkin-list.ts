import { A4, FONT, FONT_BOLD, drawImage, drawPhotoPlaceholder, fitLine, imageOnce, mm, type Pdf, type PrintPhoto } from './pdf-canvas.js';
import type { PrintTexts } from './print-texts.js';

export type CheckInRow = {
  firstName: string;
  lastName: string;
  club: string | null;
  photo: PrintPhoto | undefined;
  /** The enrolment fee's request: the desk asks for the money when it is not paid (printed red). */
  payment: 'paid' | 'partially_paid' | 'open' | 'none';
};

/** A thumbnail 10 × 12.5 mm, at 150 dpi (enough to recognise a face at the desk). */
export const THUMBNAIL = { width: mm(10), height: mm(12.5) };
export const THUMBNAIL_PIXELS = { width: Math.round((10 / 25.4) * 150), height: Math.round((12.5 / 25.4) * 150) };
const ROW = mm(14);
const TOP = mm(30);
const BOTTOM = A4.height - mm(15);
export const CHECK_IN_ROWS_PER_PAGE = Math.floor((BOTTOM - TOP) / ROW);
const COLUMNS = { box: mm(12), photo: mm(22), name: mm(36), club: mm(112), payment: mm(160), end: A4.width - mm(12) };

/** Starts a page of the check-in list of a category, with its heading and column titles. */
export function startCheckInPage(doc: Pdf, title: string, pageNumber: number, texts: PrintTexts): void {
  doc.addPage({ size: 'A4', margin: 0 });
  fitLine(doc, title, mm(12), mm(12), { width: mm(150), font: FONT_BOLD, max: 16, min: 8 });
  fitLine(doc, texts.page(pageNumber), mm(160), mm(14), { width: mm(38), font: FONT, max: 9, min: 6, align: 'right' });
  doc.font(FONT_BOLD).fontSize(9).fillColor('#000000');
  doc.text(texts.present, COLUMNS.box - mm(2), mm(24), { lineBreak: false });
  doc.text(texts.name, COLUMNS.name, mm(24), { lineBreak: false });
  doc.text(texts.club, COLUMNS.club, mm(24), { lineBreak: false });
  doc.text(texts.payment, COLUMNS.payment, mm(24), { lineBreak: false });
  doc.save().moveTo(mm(12), mm(28.5)).lineTo(COLUMNS.end, mm(28.5)).lineWidth(0.5).stroke().restore();
}

export function drawCheckInRow(doc: Pdf, indexOnPage: number, row: CheckInRow, texts: PrintTexts): void {
  const y = TOP + indexOnPage * ROW;
  doc
    .save()
    .rect(COLUMNS.box, y + (ROW - mm(6)) / 2, mm(6), mm(6))
    .lineWidth(0.8)
    .strokeColor('#000000')
    .stroke()
    .restore();
  const photoY = y + (ROW - THUMBNAIL.height) / 2;
  const image = row.photo && imageOnce(doc, `thumbnail:${row.photo.key}`, row.photo.jpeg);
  if (image) drawImage(doc, image, COLUMNS.photo, photoY, { width: THUMBNAIL.width, height: THUMBNAIL.height });
  else drawPhotoPlaceholder(doc, COLUMNS.photo, photoY, THUMBNAIL.width, THUMBNAIL.height);
  fitLine(doc, `${row.lastName.toUpperCase()} ${row.firstName}`, COLUMNS.name, y + (ROW - 11) / 2, {
    width: COLUMNS.club - COLUMNS.name - mm(3),
    font: FONT_BOLD,
    max: 11,
    min: 5,
  });
  if (row.club) fitLine(doc, row.club, COLUMNS.club, y + (ROW - 10) / 2, { width: COLUMNS.payment - COLUMNS.club - mm(3), font: FONT, max: 10, min: 5 });
  const unpaid = row.payment === 'open' || row.payment === 'partially_paid';
  fitLine(doc, texts.paymentStatus[row.payment], COLUMNS.payment, y + (ROW - 10) / 2, {
    width: COLUMNS.end - COLUMNS.payment,
    font: unpaid ? FONT_BOLD : FONT,
    max: 10,
    min: 5,
    color: unpaid ? '#c62828' : '#000000',
  });
  doc
    .save()
    .moveTo(mm(12), y + ROW)
    .lineTo(COLUMNS.end, y + ROW)
    .lineWidth(0.25)
    .strokeColor('#b0bec5')
    .stroke()
    .restore();
}
