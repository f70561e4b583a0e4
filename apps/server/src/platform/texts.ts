import { LANGUAGES, type Language } from '@bjk/domain';

/**
 * The server's own words (mails, PDFs, exports) are kept per language in JSON files beside their module, as the web
 * keeps its locale files; a text with values names them as `{{name}}`, filled in by `fill`.
 */

/** `{{name}}` placeholders filled in; a missing value stays visible rather than silently empty. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** One language's words made into what the module uses (templates become functions), for every language. */
export function perLanguage<T, R>(words: Record<Language, T>, make: (words: T) => R): Record<Language, R> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, make(words[language])])) as Record<Language, R>;
}
