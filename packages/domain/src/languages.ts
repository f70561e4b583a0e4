import { z } from 'zod';

/** The four languages of the site; nl is the default (the organiser's working language). */
export const LANGUAGES = ['nl', 'fr', 'de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';
export const languageSchema = z.enum(LANGUAGES);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Text in every language of the site. */
export const localizedTextSchema = z.object({
  nl: z.string().trim().min(1),
  fr: z.string().trim().min(1),
  de: z.string().trim().min(1),
  en: z.string().trim().min(1),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;
