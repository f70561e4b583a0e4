import { formatDate, formatMoney, type Language, type MealCountRow, type Voucher } from '@bjk/domain';
import { drawBadge, startBadgePage, type BadgeContent, type BadgeSheetStyle } from './badge-sheet.js';
import { drawCheckInRow, startCheckInPage, type CheckInRow } from './checkin-list.js';
import { drawMealRow, startMealPage } from './meal-list.js';
import { drawNameCard, type NameCardContent } from './name-cards.js';
import { openPhotos, type Pdf } from './pdf-canvas.js';
import { PRINT_TEXTS } from './print-texts.js';
import { drawVoucher } from './voucher-sheet.js';

/**
 * One page of a print job as data: what `print-plans.ts` reads and scales (photos included) and a worker thread
 * draws (`print-render.worker.ts`). Plain values only — it is copied to the thread — so the words come as the
 * language, looked up here, and the vouchers' colours as a table.
 */
export type PageSpec =
  | { sheet: 'badges'; badges: BadgeContent[]; style: BadgeSheetStyle }
  | { sheet: 'namecards'; language: Language; cards: NameCardContent[] }
  | { sheet: 'checkin'; language: Language; title: string; pageNumber: number; rows: CheckInRow[] }
  | { sheet: 'meals'; language: Language; title: string; pageNumber: number; rows: MealCountRow[] }
  | {
      sheet: 'vouchers';
      language: Language;
      editionName: string;
      validUntil: string;
      categoryColors: Record<string, string>;
      vouchers: Voucher[];
    };

/** Draws one page (or, for name cards and vouchers, the sheet their first slot starts). */
export function drawPage(doc: Pdf, spec: PageSpec): void {
  switch (spec.sheet) {
    case 'badges':
      openPhotos(
        doc,
        'badge',
        spec.badges.map((b) => b.photo),
      );
      startBadgePage(doc);
      spec.badges.forEach((badge, i) => drawBadge(doc, i, badge, spec.style));
      return;
    case 'namecards': {
      const texts = PRINT_TEXTS[spec.language];
      spec.cards.forEach((card, slot) => drawNameCard(doc, slot, card, texts));
      return;
    }
    case 'checkin': {
      const texts = PRINT_TEXTS[spec.language];
      openPhotos(
        doc,
        'thumbnail',
        spec.rows.map((r) => r.photo),
      );
      startCheckInPage(doc, spec.title, spec.pageNumber, texts);
      spec.rows.forEach((row, i) => drawCheckInRow(doc, i, row, texts));
      return;
    }
    case 'meals': {
      const texts = PRINT_TEXTS[spec.language];
      startMealPage(doc, spec.title, spec.pageNumber, texts);
      spec.rows.forEach((row, i) => drawMealRow(doc, i, row, texts, spec.language));
      return;
    }
    case 'vouchers': {
      const texts = PRINT_TEXTS[spec.language];
      const style = {
        editionName: spec.editionName,
        title: texts.voucherTitle,
        validUntil: texts.validUntil(formatDate(spec.validUntil, spec.language)),
        signature: texts.signature,
        money: (cents: number) => formatMoney(cents, spec.language),
        categoryColor: (code: string) => spec.categoryColors[code] ?? '#9e9e9e',
      };
      spec.vouchers.forEach((voucher, slot) => drawVoucher(doc, slot, voucher, style));
      return;
    }
  }
}
