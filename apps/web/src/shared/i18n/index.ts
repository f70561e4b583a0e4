import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@bjk/domain/languages';
import { detectLanguage, readStoredLanguage, storeLanguage } from './language';

/** Every namespace file, loaded on demand: a visitor downloads only their language's texts. */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = bundles[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** Loaded at start; every other namespace (errors included) loads when a component first asks for it. */
export const NAMESPACES = ['common'] as const;

/** The visitor's language at start: their earlier choice, else the browser's, else Dutch. */
export function initialLanguage(): Language {
  return detectLanguage(readStoredLanguage(), navigator.languages ?? [navigator.language]);
}

/**
 * Starts i18next in `language` with the `common` texts, plus `extraNamespaces` the first page will ask
 * for anyway (loaded side by side instead of one after the other).
 */
export async function initI18n(language: Language = initialLanguage(), extraNamespaces: string[] = []): Promise<typeof i18next> {
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Every key exists in every language (a test proves it), so no second language is downloaded as fallback.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: [...NAMESPACES, ...extraNamespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  document.documentElement.lang = language;
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : DEFAULT_LANGUAGE;
}
