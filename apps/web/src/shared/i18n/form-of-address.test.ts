import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, otherFormOfAddress } from '@bjk/domain';

const locales = path.join(import.meta.dirname, '../../locales');

/** Every text of a namespace file, with its key. */
function texts(value: unknown, key: string): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => texts(v, key ? `${key}.${k}` : k));
  return [];
}

describe('the web texts', () => {
  it('address the visitor in one form per language (nl je, fr vous, de Sie: docs/architecture.md, i18n)', () => {
    const slips: string[] = [];
    for (const language of LANGUAGES) {
      for (const file of readdirSync(path.join(locales, language))) {
        const namespace = JSON.parse(readFileSync(path.join(locales, language, file), 'utf8')) as unknown;
        for (const [key, text] of texts(namespace, '')) {
          const words = otherFormOfAddress(language, text);
          if (words.length > 0) slips.push(`${language}/${file} ${key}: ${words.join(', ')} in “${text}”`);
        }
      }
    }
    expect(slips).toEqual([]);
  });
});
