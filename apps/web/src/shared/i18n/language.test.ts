import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language';

describe('choosing the language', () => {
  it('prefers the stored choice', () => {
    expect(detectLanguage('de', ['fr-BE'])).toBe('de');
  });
  it('follows the first supported browser language otherwise', () => {
    expect(detectLanguage(null, ['es-ES', 'fr-BE', 'en'])).toBe('fr');
  });
  it('falls back to Dutch and never picks an unsupported language', () => {
    expect(detectLanguage(null, ['es-ES', 'it'])).toBe('nl');
    expect(detectLanguage('xx', [])).toBe('nl');
  });
});
