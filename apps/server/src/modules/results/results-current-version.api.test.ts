import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerHeaders } from '../../../test/managers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { findCurrentVersion } from './results.service.js';

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../../../packages/domain/fixtures/swar', name));

let ctx: TestContext;
let edition: string;

beforeAll(async () => {
  ctx = await createTestApp();
  edition = (await getCurrentEdition(ctx.db)).code;
  const published = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tournament/json',
    headers: await managerHeaders(ctx, ['arbiter']),
    payload: { name: 'trn_u20', jsoncontent: `data:application/json;base64,${fixture('bycco_bjk2019_u20bg_round1_paired.json').toString('base64')}` },
  });
  expect(published.statusCode, published.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe("a category's current version, as every results read and the arbiters' writes take it", () => {
  it('is read whole once per version: the next read reuses it, and nobody can change what is kept', async () => {
    const first = await findCurrentVersion(ctx.db, edition, 'U20');
    const again = await findCurrentVersion(ctx.db, edition, 'U20');
    expect(again?.version).toBe(first?.version);
    expect(again?.tournament).toBe(first?.tournament);
    const player = first!.tournament.players[0]!;
    expect(() => {
      (player as { name: string }).name = 'Someone Else';
    }).toThrow(TypeError);
    expect(() => first!.tournament.players.sort((a, b) => b.pairingNumber - a.pairingNumber)).toThrow(TypeError);
  });

  it('follows a version another instance published at once, without being told', async () => {
    const before = await findCurrentVersion(ctx.db, edition, 'U20');
    // Another process publishes version 2 (its own cache, no message to this one): straight into the tables.
    await ctx.db.execute(sql`
      insert into tournament_versions (edition, category, version, file_name, tournament, published_by)
      select edition, category, 2, 'renamed.json', jsonb_set(tournament, '{name}', '"Renamed elsewhere"'), 'other-instance'
      from tournament_versions where edition = ${edition} and category = 'U20' and version = 1`);
    await ctx.db.execute(sql`update tournament_current set version = 2 where edition = ${edition} and category = 'U20'`);
    const after = await findCurrentVersion(ctx.db, edition, 'U20');
    expect(after).toMatchObject({ version: 2, fileName: 'renamed.json' });
    expect(after!.tournament.name).toBe('Renamed elsewhere');
    expect(after!.tournament.name).not.toBe(before!.tournament.name);
    // And the public pages, read through the same function, show it.
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/results/anon/U20' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ version: 2, name: 'Renamed elsewhere' });
  });
});
