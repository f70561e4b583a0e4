// The web reads money, dates and numbers through the domain's one set of formatters (packages/domain/src/formatting.ts),
// the same the server's mails and PDFs use. The edition's time zone: `useTimeZone()` in shared/data/time-zone.ts.
export { formatDate, formatDateTime, formatIban, formatMoney, formatNumber, localeOf } from '@bjk/domain/formatting';
