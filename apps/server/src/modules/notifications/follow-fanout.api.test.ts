import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCurrentEdition } from '../edition/edition.service.js';
import { startFollowWorker, type FollowWorker } from './follow.worker.js';
import { followSubscriptions, pushOutbox } from './notifications.tables.js';
import { createAppEvents } from '../../platform/after-commit.js';
import { managerHeaders } from '../../../test/managers.js';
import { startPushService, type PushService } from '../../../test/push-service.js';
import { createSecondInstance, createTestApp, type TestContext } from '../../../test/test-app.js';

/**
 * A publish fanned out to hundreds of browsers by two instances at once, one of them shut down half-way, with push
 * services answering 429 (Retry-After) and 410 on the way: every browser is notified exactly once, the gone ones
 * never, and the outbox ends with every message sent. The loopback push service decrypts each message (RFC 8291).
 */

const FOLLOWERS = 400;
const swar = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../../../packages/domain/fixtures/swar', name));
const silent = { info() {}, warn() {}, error() {} };
const events = createAppEvents();

let ctx: TestContext;
let second: TestContext;
let push: PushService;
let arbiter: { authorization: string };
const workers: FollowWorker[] = [];

beforeAll(async () => {
  push = await startPushService();
  ctx = await createTestApp({
    now: new Date().toISOString(),
    env: {
      OUTBOUND_ALLOW: '127.0.0.1',
      // Small batches and few lanes: the two instances take many turns at the outbox.
      NOTIFY_CONCURRENCY: '6',
      NOTIFY_ENCRYPT_THREADS: '1',
      NOTIFY_SWEEP_MS: '600000',
    },
    deps: { events },
  });
  second = await createSecondInstance(ctx);
  arbiter = await managerHeaders(ctx, ['arbiter']);
}, 60_000);

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await second?.close();
  await ctx?.close();
  await push?.close();
});

async function publish(file: Buffer) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tournament/json',
    headers: arbiter,
    payload: { name: 'trn_u14', jsoncontent: `data:application/json;base64,${file.toString('base64')}` },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('fan-out of a publish', () => {
  it('notifies every browser exactly once with two instances sending, one stopped half-way, 429s and 410s on the way', async () => {
    await publish(swar('bycco_test_bjk_0_start.json'));
    const edition = (await getCurrentEdition(ctx.db)).code;
    const joined = new Date(ctx.clock.now().getTime() - 60_000);
    const subscriptions = Array.from({ length: FOLLOWERS }, () => push.subscribe());
    await ctx.db.insert(followSubscriptions).values(
      subscriptions.map((s, i) => ({
        edition,
        category: 'U14',
        pairingNumber: (i % 12) + 1,
        channel: 'push' as const,
        target: s.endpoint,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        language: 'en' as const,
        confirmedAt: joined,
        createdAt: joined,
      })),
    );
    // One browser in eight is refused once with "come back now" (429, Retry-After: 0); five are gone (410).
    const throttled = subscriptions.filter((_, i) => i % 8 === 3);
    const gone = subscriptions.filter((_, i) => i % 80 === 5);
    for (const s of throttled) push.script(s.id, [{ status: 429, headers: { 'retry-after': '0' } }]);
    for (const s of gone) push.script(s.id, [{ status: 410 }]);

    const options = { clock: ctx.clock, config: ctx.config, log: silent, ca: push.ca };
    const first = startFollowWorker({ ...options, db: ctx.db, bus: ctx.bus });
    const other = startFollowWorker({ ...options, db: second.db, bus: second.bus });
    workers.push(first, other);

    // The publish plans on the first instance (after commit); the bus wakes both instances' senders.
    await publish(swar('bycco_test_bjk_1_paired.json'));
    await events.settled();
    await Promise.all([first.runOnce(), other.runOnce()]);
    // The second instance shuts down in the middle of the fan-out: what it claimed it still sends and records.
    await push.waitFor(FOLLOWERS / 4, 60_000);
    await other.stop();
    // The first one's next sweep takes what is left (the retries after a 429 included).
    await first.runOnce();
    const expected = FOLLOWERS - gone.length;
    await push.waitFor(expected, 60_000);
    await first.drained();

    const counts = new Map<string, number>();
    for (const m of push.received) counts.set(m.subscriptionId, (counts.get(m.subscriptionId) ?? 0) + 1);
    const goneIds = new Set(gone.map((s) => s.id));
    expect(subscriptions.filter((s) => !goneIds.has(s.id) && counts.get(s.id) !== 1).map((s) => counts.get(s.id) ?? 0)).toEqual([]);
    expect(gone.map((s) => counts.get(s.id) ?? 0)).toEqual(gone.map(() => 0));
    expect(push.received).toHaveLength(expected);
    expect(push.received.every((m) => m.payload.kind === 'pairing' && m.payload.lang === 'en')).toBe(true);
    // Every throttled browser was refused once and then served; the gone ones were asked once.
    expect(
      push.refused
        .filter((r) => r.status === 429)
        .map((r) => r.subscriptionId)
        .sort(),
    ).toEqual(throttled.map((s) => s.id).sort());
    expect(push.refused.filter((r) => r.status === 410)).toHaveLength(gone.length);
    // Both instances posted: each keeps at most NOTIFY_CONCURRENCY connections to a push service.
    expect(new Set(push.received.map((m) => m.connection)).size).toBeGreaterThan(6);

    const outbox = await ctx.db.select({ status: pushOutbox.status }).from(pushOutbox);
    expect(outbox.filter((o) => o.status !== 'sent')).toEqual([]);
    expect(outbox).toHaveLength(expected);
    for (const s of gone) expect(await ctx.db.select().from(followSubscriptions).where(eq(followSubscriptions.target, s.endpoint))).toEqual([]);
  }, 120_000);
});
