import { DEFAULT_LANGUAGE, type Language, type PageText, type PageTranslations } from '@bjk/domain';

export type PickedText = { language: Language; fallback: boolean; text: PageText };

/**
 * The text a visitor reads: their language when the page has it, otherwise Dutch (every page has
 * Dutch), flagged so the site can say the page is not yet translated.
 */
export function pickTranslation(translations: PageTranslations, requested: Language): PickedText {
  const own = translations[requested];
  if (own && own.title.trim() !== '') return { language: requested, fallback: false, text: own };
  return { language: DEFAULT_LANGUAGE, fallback: requested !== DEFAULT_LANGUAGE, text: translations.nl };
}

/** The languages a page is written in, in the site's order. */
export function writtenLanguages(translations: PageTranslations): Language[] {
  return (['nl', 'fr', 'de', 'en'] as const).filter((l) => translations[l] && translations[l].title.trim() !== '');
}

/** A news list line: the first paragraph of the Markdown body without its markup, cut at a word. */
export function summarise(markdown: string, maxLength = 220): string {
  const paragraph =
    markdown
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .find((p) => p !== '' && !p.startsWith('#') && !p.startsWith('!')) ?? '';
  const plain = paragraph
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= maxLength) return plain;
  const cut = plain.slice(0, maxLength);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), maxLength / 2))}…`;
}
