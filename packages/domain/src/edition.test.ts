import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editionSettingsSchema, eligibleCategories, isAdultPlayer, isYouthPlayer } from './edition.js';

const seed = editionSettingsSchema.parse(
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../apps/server/seed/demo-edition.json'), 'utf8')),
);

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
});
