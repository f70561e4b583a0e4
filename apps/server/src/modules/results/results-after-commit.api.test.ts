import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES_TOPIC } from '../games/games.stream.js';
import { setUnofficialResult } from './results.service.js';
import { unofficialResults } from './results.tables.js';
import { createAppEvents, inTransaction, type AppEvent } from '../../platform/after-commit.js';
import { systemContext, type ManagerContext } from '../../platform/service-context.js';
import { saveGamesSource } from '../../../test/games-relay.js';
import { managerHeaders } from '../../../test/managers.js';
import { enterUnofficialResult, sendTournamentJson, swarFixture } from '../../../test/results-publishing.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';

/**
 * Results announce their changes through the after-commit hook, not from route handlers: the live pages' topic, the
 * public answers' cache and the followers' planner hear of a change once it is committed, whoever made it, and never
 * of a write that was rolled back.
 */

const events = createAppEvents();
let ctx: TestContext;
let arbiter: { authorization: string };
let manager: ManagerContext;
/** What the U20 results topic carried (the arbiters' results tests), and the U18 one (the publish test's own category). */
const heard: string[] = [];
const heardU18: string[] = [];
const told: AppEvent[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ deps: { events } });
  arbiter = await managerHeaders(ctx, ['arbiter']);
  manager = {
    ...systemContext({ db: ctx.db, clock: ctx.clock, config: ctx.config, events }),
    actor: { accountId: randomUUID(), email: 'arbiter@example.test', displayName: 'Arbiter', permissions: new Set() },
  };
  ctx.bus.subscribe('results:U20', (payload) => heard.push(payload));
  ctx.bus.subscribe('results:U18', (payload) => heardU18.push(payload));
  events.on((event) => void told.push(event));
  // U20 published for the arbiters' results, whichever test runs first.
  expect((await publish('trn_u20')).statusCode).toBe(200);
  await events.settled();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const publish = (name: string) => sendTournamentJson(ctx, arbiter, name, swarFixture('bycco_bjk2019_u20bg_round1_paired.json'));

describe('announcing results changes after commit', () => {
  it('announces a publish once, before the answer; the same file again announces nothing', async () => {
    const first = await publish('trn_u18');
    expect(first.statusCode, first.body).toBe(200);
    // Heard when the answer arrives: the next request already finds the category's cached answers dropped.
    expect(heardU18).toEqual([`version:${first.json().version}`]);
    expect((await publish('trn_u18')).statusCode).toBe(200);
    await events.settled();
    expect(heardU18).toEqual([`version:${first.json().version}`]);
    const changes = told.filter((e) => e.type === 'results.changed' && e.category === 'U18');
    expect(changes.map((e) => e.type === 'results.changed' && e.cause)).toEqual(['published']);
  });

  it('announces nothing of a write whose transaction is rolled back', async () => {
    heard.length = 0;
    told.length = 0;
    // The arbiter's result is written inside a larger write that then fails: nothing of it may be told.
    await expect(
      inTransaction(manager, async (tx) => {
        await setUnofficialResult(tx, { name: 'trn_u20', round: 1, boardnr: 4, unofficial_result: '½-½' });
        throw new Error('the enclosing write failed');
      }),
    ).rejects.toThrow('the enclosing write failed');
    await events.settled();
    expect(await ctx.db.select().from(unofficialResults)).toEqual([]);
    expect(heard).toEqual([]);
    expect(told).toEqual([]);

    // The same write committed, by a service call without any route: announced before the call returns.
    await setUnofficialResult(manager, { name: 'trn_u20', round: 1, boardnr: 4, unofficial_result: '½-½' });
    expect(heard).toEqual(['unofficial:1:4']);
    expect(told).toMatchObject([{ type: 'results.changed', category: 'U20', cause: 'unofficial', change: 'unofficial:1:4' }]);
  });

  it('announces an arbiter’s result entered through the route before the answer', async () => {
    heard.length = 0;
    const answer = await enterUnofficialResult(ctx, arbiter, { name: 'trn_u20', round: 1, boardnr: 4, unofficial_result: '' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(heard).toEqual(['unofficial:1:4']);
  });

  it('tells the games pages of a manager’s change to a category’s games before the answer, and of a refused one nothing', async () => {
    const games: string[] = [];
    const unsubscribe = ctx.bus.subscribe(GAMES_TOPIC, (payload) => games.push(payload));
    try {
      const source = (pollUrl: string | null) => saveGamesSource(ctx, arbiter, 'U20', { pollUrl });
      const refused = await source('http://127.0.0.1/games.pgn');
      expect(refused.statusCode).toBe(400);
      await events.settled();
      expect(games).toEqual([]);
      expect((await source(null)).statusCode).toBe(200);
      // Every round of the category (`*`) reads its games again: the delay changed.
      expect(games).toHaveLength(1);
      expect(games[0]).toMatch(/^U20:\*:\d+:$/);
    } finally {
      unsubscribe();
    }
  });
});
