import { z } from 'zod';
import { LANGUAGES } from './languages.js';

export const languageSchema = z.enum(LANGUAGES);

/** Text in every language of the site. */
export const localizedTextSchema = z.object({
  nl: z.string().trim().min(1),
  fr: z.string().trim().min(1),
  de: z.string().trim().min(1),
  en: z.string().trim().min(1),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;
