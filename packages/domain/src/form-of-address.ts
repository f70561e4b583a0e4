import type { Language } from './languages.js';

/**
 * How the site addresses its visitors (docs/architecture.md, i18n): Dutch informal ("je", as Flemish public services and
 * youth organisations write to parents), French and German formal ("vous", "Sie"). A text that slips into the
 * other form reads as two authors; these are the other form's words.
 */
const OTHER_FORM: Record<Language, RegExp | null> = {
  nl: /(?<![\p{L}\p{N}-])(u|uw|uwe|U|Uw)(?![\p{L}\p{N}-])/gu,
  fr: /(?<![\p{L}\p{N}-])(?:(?:tu|toi|ton|ta|tes|te|Tu|Toi|Ton|Ta|Tes)(?![\p{L}\p{N}-])|t[’'](?=\p{L}))/gu,
  de: /(?<![\p{L}\p{N}-])(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|Du|Dich|Dir|Dein|Deine|Deinen|Deinem|Deiner|Deines)(?![\p{L}\p{N}-])/gu,
  en: null,
};

/** The words of a text written in the other form of address than the site's for that language. */
export function otherFormOfAddress(language: Language, text: string): string[] {
  const pattern = OTHER_FORM[language];
  return pattern ? [...text.matchAll(pattern)].map((match) => match[0]) : [];
}
