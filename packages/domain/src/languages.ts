/** The four languages of the site; nl is the default (the organiser's working language). Free of zod: the web shell imports it. */
export const LANGUAGES = ['nl', 'fr', 'de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
