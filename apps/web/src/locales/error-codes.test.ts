import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@bjk/domain/error-catalogue';
import { LANGUAGES } from '@bjk/domain/languages';

// Every code the API can answer (the catalogue the server's AppError is typed with) has a text of its own in every
// language, so a visitor never reads "an unknown error occurred" for a known failure.
describe('error codes', () => {
  it.each(LANGUAGES)('every error code the API can answer has a translation in %s', (language) => {
    const texts = JSON.parse(readFileSync(path.join(import.meta.dirname, language, 'errors.json'), 'utf8')) as {
      codes: Record<string, Record<string, string>>;
    };
    const untranslated = ERROR_CODES.filter((code) => {
      const [area, reason] = code.split('.') as [string, string];
      return typeof texts.codes[area]?.[reason] !== 'string';
    });
    expect(untranslated).toEqual([]);
  });
});
