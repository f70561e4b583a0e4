/**
 * Money, dates and numbers as a reader of each language expects them: the one language → locale map and the
 * formatters of the server (mails, PDFs) and the web. Free of zod, so the web's first bundle may import it.
 * Formatters are built once per language and options: building one costs far more than formatting, and a bulk
 * send or a PDF of 700 badges formats thousands of values.
 */
import type { Language } from './languages.js';

/** Belgian conventions for the three national languages; British English for en. */
const LOCALES: Record<Language, string> = { nl: 'nl-BE', fr: 'fr-BE', de: 'de-BE', en: 'en-GB' };

export function localeOf(language: Language): string {
  return LOCALES[language];
}

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formatters.get(key) as T | undefined;
  if (!format) formatters.set(key, (format = make()));
  return format;
}

/** Integer cents as euros ("€ 35,00" in nl, "35,00 €" in fr and de, "€35.00" in en). */
export function formatMoney(cents: number, language: Language): string {
  return cached(`money:${language}`, () => new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' })).format(cents / 100);
}

/** A count or measure with the language's digit grouping and decimal sign ("1.234" in nl, "1,234" in en). */
export function formatNumber(value: number, language: Language, options: Intl.NumberFormatOptions = {}): string {
  return cached(`number:${language}:${JSON.stringify(options)}`, () => new Intl.NumberFormat(LOCALES[language], options)).format(value);
}

/** A calendar date (`YYYY-MM-DD`) as the reader reads it ("15 februari 2027"); it has no time zone. */
export function formatDate(date: string, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const format = cached(`date:${language}:${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone: 'UTC' }));
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** An instant (ISO string or Date) in a time zone (the edition's), date and time by default. */
export function formatDateTime(
  instant: string | Date,
  language: Language,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' },
): string {
  const format = cached(
    `instant:${language}:${timeZone}:${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone }),
  );
  return format.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** An IBAN in groups of four, as printed on Belgian invoices. */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();
}
