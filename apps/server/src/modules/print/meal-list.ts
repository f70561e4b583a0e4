import { AGE_GROUPS, formatDate, type Language, type MealCountRow } from '@bjk/domain';

/** "Monday 15 February": the day of a meal (a date-only value: no time zone moves it). */
const DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };
import { A4, FONT, FONT_BOLD, fitLine, mm, type Pdf } from './pdf-canvas.js';
import type { PrintTexts } from './print-texts.js';

const ROW = mm(8);
const TOP = mm(32);
const BOTTOM = A4.height - mm(15);
export const MEAL_ROWS_PER_PAGE = Math.floor((BOTTOM - TOP) / ROW);
const X = { date: mm(12), meal: mm(58), counts: mm(90), width: mm(21), end: A4.width - mm(12) };

export function startMealPage(doc: Pdf, title: string, pageNumber: number, texts: PrintTexts): void {
  doc.addPage({ size: 'A4', margin: 0 });
  fitLine(doc, title, mm(12), mm(12), { width: mm(150), font: FONT_BOLD, max: 16, min: 8 });
  fitLine(doc, texts.page(pageNumber), mm(160), mm(14), { width: mm(38), font: FONT, max: 9, min: 6, align: 'right' });
  const headings = [texts.date, texts.meal, ...AGE_GROUPS.map((g) => texts.ageGroups[g]), texts.total];
  headings.forEach((heading, i) => {
    const x = i === 0 ? X.date : i === 1 ? X.meal : X.counts + (i - 2) * X.width;
    fitLine(doc, heading, x, mm(25), { width: i < 2 ? mm(38) : X.width - mm(2), font: FONT_BOLD, max: 9, min: 5, align: i < 2 ? 'left' : 'right' });
  });
  doc.save().moveTo(X.date, mm(30)).lineTo(X.end, mm(30)).lineWidth(0.5).stroke().restore();
}

export function drawMealRow(doc: Pdf, indexOnPage: number, row: MealCountRow, texts: PrintTexts, language: Language): void {
  const y = TOP + indexOnPage * ROW;
  const baseline = y + (ROW - 10) / 2;
  fitLine(doc, formatDate(row.date, language, DAY), X.date, baseline, { width: mm(48), font: FONT, max: 10, min: 5 });
  fitLine(doc, texts.meals[row.meal], X.meal, baseline, { width: mm(38), font: FONT, max: 10, min: 5 });
  [...AGE_GROUPS.map((g) => row.counts[g]), row.total].forEach((value, i) => {
    fitLine(doc, String(value), X.counts + i * X.width, baseline, {
      width: X.width - mm(2),
      font: i === AGE_GROUPS.length ? FONT_BOLD : FONT,
      max: 10,
      min: 5,
      align: 'right',
    });
  });
  doc
    .save()
    .moveTo(X.date, y + ROW)
    .lineTo(X.end, y + ROW)
    .lineWidth(0.25)
    .strokeColor('#b0bec5')
    .stroke()
    .restore();
}
