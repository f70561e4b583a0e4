// The web reads money, dates and numbers through the domain's one set of formatters (packages/domain/src/formatting.ts),
// the same the server's mails and PDFs use. An instant in the chosen language and the edition's time zone:
// `useInstantFormat()` in shared/edition/useEdition.ts (never `toLocaleString()`, never a literal zone).
export { formatDate, formatDateTime, formatIban, formatMoney, formatNumber, localeOf } from '@bjk/domain/formatting';
