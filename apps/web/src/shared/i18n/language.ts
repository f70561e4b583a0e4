import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@bjk/domain/languages';

export const LANGUAGE_STORAGE_KEY = 'bjk.language';

/**
 * The language to show: the visitor's stored choice, else the first supported browser language,
 * else nl. An unsupported browser language (say `es`) is never used nor sent to the server.
 */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be disabled (private mode, policies): the choice then lives for this page only.
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // See readStoredLanguage: without storage the choice is not remembered across reloads.
  }
}

export { LANGUAGES, type Language };
