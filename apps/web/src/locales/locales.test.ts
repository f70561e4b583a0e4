import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@bjk/domain/languages';

const root = import.meta.dirname;

function flatten(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function keysOf(language: string): Map<string, string[]> {
  const dir = path.join(root, language);
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file, flatten(JSON.parse(readFileSync(path.join(dir, file), 'utf8'))).sort()]),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

describe('translations', () => {
  const reference = keysOf('en');

  it.each(LANGUAGES)('%s has every namespace and every key that English has, and no other', (language) => {
    const keys = keysOf(language);
    expect([...keys.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [file, list] of reference) expect(keys.get(file), `${language}/${file}`).toEqual(list);
  });

  it.each(LANGUAGES)('%s has no empty text and keeps the same placeholders as English', (language) => {
    for (const file of reference.keys()) {
      const english = JSON.parse(readFileSync(path.join(root, 'en', file), 'utf8'));
      const other = JSON.parse(readFileSync(path.join(root, language, file), 'utf8'));
      const get = (obj: unknown, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], obj);
      for (const key of reference.get(file)!) {
        const text = get(other, key);
        expect(typeof text === 'string' && text.trim().length > 0, `${language}/${file}:${key} is empty`).toBe(true);
        expect(placeholders(String(text)), `${language}/${file}:${key}`).toEqual(placeholders(String(get(english, key))));
      }
    }
  });
});

describe('category names', () => {
  it.each(LANGUAGES)('%s names every category of the demo edition, guests and staff included (no bare codes)', (language) => {
    const seed = JSON.parse(readFileSync(path.join(root, '../../../server/seed/demo-edition.json'), 'utf8')) as {
      categories: { code: string }[];
      vk?: { categories: { code: string }[] };
    };
    const names = JSON.parse(readFileSync(path.join(root, language, 'enrolment.json'), 'utf8')).categories as Record<string, string>;
    const codes = [...seed.categories, ...(seed.vk?.categories ?? [])].map((c) => c.code);
    expect(codes.filter((code) => !names[code])).toEqual([]);
  });
});
