import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editionSettingsSchema, eligibleCategories, isAdultPlayer, isYouthPlayer } from './edition.js';

const seed = editionSettingsSchema.parse(JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../apps/server/seed/demo-edition.json'), 'utf8')));

describe('categories by birth year', () => {
  it('offers every category a player is young enough for, the youngest first', () => {
    expect(eligibleCategories(seed, 2015).map((c) => c.code)).toEqual(['U12', 'U14', 'U16', 'U18', 'U20']);
    expect(eligibleCategories(seed, 2020).map((c) => c.code)[0]).toBe('U8');
  });

  it('calls a player born in the U20 year a youth player, and one born before it not', () => {
    expect(isYouthPlayer(seed, 2007)).toBe(true);
    expect(isYouthPlayer(seed, 2006)).toBe(false);
  });

  it('calls a player born before the U18 year an adult', () => {
    expect(isAdultPlayer(seed, 2008)).toBe(true);
    expect(isAdultPlayer(seed, 2009)).toBe(false);
  });

  it('rejects settings whose end precedes the start', () => {
    expect(editionSettingsSchema.safeParse({ ...seed, endDate: '2027-02-01' }).success).toBe(false);
  });

  it('rejects two categories with one code, in either championship, at the second one', () => {
    const issues = (settings: unknown) => editionSettingsSchema.safeParse(settings).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...seed, categories: [...seed.categories, { ...seed.categories[0]! }] })).toEqual([
      [`categories.${seed.categories.length}.code`, 'Duplicate code'],
    ]);
    const vk = seed.vk!.categories;
    expect(issues({ ...seed, vk: { categories: [...vk, { ...vk[1]! }] } })).toEqual([[`vk.categories.${vk.length}.code`, 'Duplicate code']]);
  });

  it('rejects a vk category whose birth years exclude everyone', () => {
    const vk = seed.vk!.categories;
    const inverted = { ...vk[0]!, minBirthYear: 2007, maxBirthYear: 1990 };
    expect(editionSettingsSchema.safeParse({ ...seed, vk: { categories: [inverted, ...vk.slice(1)] } }).error?.issues).toMatchObject([
      { path: ['vk', 'categories', 0, 'maxBirthYear'], message: 'Birth years in the wrong order' },
    ]);
  });
});
