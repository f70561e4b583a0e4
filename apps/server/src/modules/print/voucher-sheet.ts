import { formatStructuredMessage, type Voucher } from '@bjk/domain';
import { A4, CUT_LINE, drawDashedLine, FONT, FONT_BOLD, fitLine, mm, textColourOn, type Pdf } from './pdf-canvas.js';

/** Four vouchers per A4 sheet, one above the other, cut apart along the dashed lines. */
export const VOUCHERS_PER_PAGE = 4;
const HEIGHT = A4.height / VOUCHERS_PER_PAGE;

export type VoucherStyle = {
  editionName: string;
  title: string;
  validUntil: string;
  signature: string;
  money: (cents: number) => string;
  categoryColor: (category: string) => string;
};

export function drawVoucher(doc: Pdf, slot: number, voucher: Voucher, style: VoucherStyle): void {
  if (slot === 0) doc.addPage({ size: 'A4', margin: 0 });
  const top = slot * HEIGHT;
  if (slot > 0) drawDashedLine(doc, 0, A4.width, top, CUT_LINE);
  const left = mm(14);
  const width = A4.width - mm(28);
  const color = style.categoryColor(voucher.category);
  doc.rect(left, top + mm(8), mm(30), mm(14)).fill(color);
  fitLine(doc, voucher.category, left, top + mm(8) + (mm(14) - 20) / 2, {
    width: mm(30),
    font: FONT_BOLD,
    max: 20,
    min: 8,
    align: 'center',
    color: textColourOn(color),
  });
  fitLine(doc, style.title, left + mm(34), top + mm(8), { width: width - mm(34), font: FONT_BOLD, max: 18, min: 8 });
  fitLine(doc, style.editionName, left + mm(34), top + mm(16), { width: width - mm(34), font: FONT, max: 10, min: 6, color: '#455a64' });
  fitLine(doc, voucher.name, left, top + mm(27), { width, font: FONT_BOLD, max: 22, min: 8 });
  fitLine(doc, voucher.prize, left, top + mm(37), { width: width - mm(70), font: FONT, max: 14, min: 7 });
  fitLine(doc, style.money(voucher.amountCents), left + width - mm(70), top + mm(35), { width: mm(70), font: FONT_BOLD, max: 26, min: 10, align: 'right' });
  fitLine(doc, formatStructuredMessage(voucher.code), left, top + mm(50), { width: mm(90), font: FONT_BOLD, max: 14, min: 7 });
  fitLine(doc, style.validUntil, left, top + mm(58), { width: mm(90), font: FONT, max: 10, min: 6, color: '#455a64' });
  doc
    .save()
    .moveTo(left + width - mm(70), top + mm(62))
    .lineTo(left + width, top + mm(62))
    .lineWidth(0.5)
    .strokeColor('#000000')
    .stroke()
    .restore();
  fitLine(doc, style.signature, left + width - mm(70), top + mm(63.5), { width: mm(70), font: FONT, max: 8, min: 5, color: '#455a64' });
}
