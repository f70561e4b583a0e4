import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editionSettingsSchema, eligibleCategories, isAdultPlayer, isYouthPlayer, roundStartOf } from './edition.js';

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

describe("a round's start by the programme", () => {
  const event = (id: string, kind: 'round' | 'meal', categories: string[], start: string) => ({
    id,
    kind,
    categories,
    start,
    title: { nl: id, fr: id, de: id, en: id },
  });
  const events = [
    event('r2-young', 'round', ['U8', 'U10'], '2027-02-16T15:00:00+01:00'),
    event('lunch', 'meal', [], '2027-02-16T12:30:00+01:00'),
    event('r1-old', 'round', ['U12', 'U20'], '2027-02-16T09:30:00+01:00'),
    event('r1-young', 'round', ['U8', 'U10'], '2027-02-16T10:00:00+01:00'),
    event('r3-all', 'round', [], '2027-02-17T09:30:00+01:00'),
  ];

  it("counts the category's own round events and everyone's, in time order", () => {
    expect(roundStartOf(events, 'U8', 1)).toBe('2027-02-16T10:00:00+01:00');
    expect(roundStartOf(events, 'U8', 2)).toBe('2027-02-16T15:00:00+01:00');
    expect(roundStartOf(events, 'U8', 3)).toBe('2027-02-17T09:30:00+01:00');
    expect(roundStartOf(events, 'U12', 2)).toBe('2027-02-17T09:30:00+01:00');
  });

  it('knows no start for a round the programme does not have', () => {
    expect(roundStartOf(events, 'U12', 3)).toBeUndefined();
    expect(roundStartOf(events, 'U8', 0)).toBeUndefined();
    expect(roundStartOf([], 'U8', 1)).toBeUndefined();
  });
});
