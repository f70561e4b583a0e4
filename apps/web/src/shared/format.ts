import type { Language } from '@bjk/domain/languages';

const LOCALES: Record<Language, string> = { nl: 'nl-BE', fr: 'fr-BE', de: 'de-BE', en: 'en-GB' };

export function localeOf(language: Language): string {
  return LOCALES[language];
}

/** A `YYYY-MM-DD` date as the visitor reads it ("15 februari 2027"). */
export function formatDate(date: string, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  return new Intl.DateTimeFormat(localeOf(language), { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** An instant in the edition's time zone. */
export function formatDateTime(instant: string, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(instant));
}

/** Integer cents as euros ("€ 35,00" in nl). */
export function formatMoney(cents: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** An IBAN in groups of four, as printed on Belgian invoices. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})/g, '$1 ').trim();
}
