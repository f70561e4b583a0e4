import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskEventBatchResult, DeskEventInput, DeskEventsPage } from '@bjk/domain';
import { DESK_BATCH_MAX, deskEventKey, judgeDeskEvents } from '@bjk/domain';
import { managerHeaders } from '../../../test/managers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { deskRecordingSql } from './desk.repository.js';

const PEOPLE = 660;
const CHECK_INS = 700;
const DESKS = 4;

let ctx: TestContext;
let badges: string[];
let desks: Record<string, string>[];

beforeAll(async () => {
  ctx = await createTestApp({ now: '2027-02-15T07:30:00+01:00' });
  const registrar = await managerHeaders(ctx, ['registrar']);
  badges = [];
  for (let i = 0; i < PEOPLE; i += 20) {
    const made = await Promise.all(
      Array.from({ length: Math.min(20, PEOPLE - i) }, async (_, k) => {
        const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/guest/Gast/Sync-${i + k}/EAT`, headers: registrar });
        if (response.statusCode !== 200) throw new Error(response.body);
        return `bjk2027:A${response.json().id as number}`;
      }),
    );
    badges.push(...made);
  }
  desks = await Promise.all(Array.from({ length: DESKS }, () => managerHeaders(ctx, ['desk'])));
}, 300_000);
afterAll(async () => ctx?.close());

async function send(headers: Record<string, string>, events: DeskEventInput[]): Promise<DeskEventBatchResult> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/desk/events', headers, payload: { events } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeskEventBatchResult>();
}

/** What a phone does when the network is back: its queue in batches, a batch whose answer was lost sent again. */
async function syncQueue(headers: Record<string, string>, queue: DeskEventInput[]): Promise<void> {
  for (let i = 0; i < queue.length; i += DESK_BATCH_MAX) {
    const batch = queue.slice(i, i + DESK_BATCH_MAX);
    await send(headers, batch);
    // The answer of the first batch "never reached the phone": it sends the same scans again, with the next ones.
    if (i === 0) await send(headers, [...batch.slice(-50), ...queue.slice(i + DESK_BATCH_MAX, i + DESK_BATCH_MAX + 10)]);
  }
}

describe('desks syncing after working offline', () => {
  it('takes 700 check-ins made by 4 desks offline: 700 events, none twice, none lost; a badge scanned at two desks counts once', async () => {
    // 660 people arrive between 08:00 and 09:00; 40 of them are scanned again at another desk (the family went
    // to the next queue): 700 check-ins, each with the id its phone made.
    const start = Date.parse('2027-02-15T08:00:00+01:00');
    const queues: DeskEventInput[][] = Array.from({ length: DESKS }, () => []);
    for (let n = 0; n < CHECK_INS; n++) {
      const person = n < PEOPLE ? n : (n - PEOPLE) * 7;
      const desk = n < PEOPLE ? n % DESKS : (person + 1) % DESKS;
      queues[desk]!.push({
        id: randomUUID(),
        badgeId: badges[person]!,
        mode: 'arrival',
        scannedAt: new Date(start + n * 5_000).toISOString(),
        desk: `Desk ${desk + 1}`,
      });
    }
    ctx.clock.set('2027-02-15T10:00:00+01:00');
    // The network is back: the four phones send their queues at the same time.
    await Promise.all(queues.map((queue, d) => syncQueue(desks[d]!, queue)));

    const recorded: DeskEventsPage['events'] = [];
    for (let after = 0; ;) {
      const page = (await ctx.app.inject({ method: 'GET', url: `/api/v1/desk/events?after=${after}`, headers: desks[0]! })).json<DeskEventsPage>();
      recorded.push(...page.events);
      if (page.events.length === 0) break;
      after = page.last;
    }
    const sent = queues.flat();
    expect(recorded).toHaveLength(CHECK_INS);
    expect(new Set(recorded.map((e) => e.id)).size).toBe(CHECK_INS);
    expect(new Set(recorded.map((e) => e.id))).toEqual(new Set(sent.map((e) => e.id)));
    // seq is handed out once per event, in order: a phone reading after its cursor misses none.
    const seqs = recorded.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(CHECK_INS);

    // Judged again by resending everything (what a phone's answer says): each person's first scan counts, the 40 second
    // scans are repeats pointing at it, on whichever desk asks.
    const judged = (await Promise.all(queues.map((queue, d) => Promise.all(chunks(queue).map((batch) => send(desks[d]!, batch)))))).flat(2);
    const verdicts = judged.flatMap((r) => r.events);
    expect(verdicts.filter((e) => e.status === 'counted')).toHaveLength(PEOPLE);
    const repeats = verdicts.filter((e) => e.status === 'repeat');
    expect(repeats).toHaveLength(CHECK_INS - PEOPLE);
    for (const repeat of repeats) {
      const first = sent.find((e) => e.id === repeat.first!.id)!;
      expect(first.badgeId).toBe(repeat.badgeId);
      expect(Date.parse(first.scannedAt)).toBeLessThan(Date.parse(repeat.scannedAt));
    }
  }, 300_000);
});

async function readAfter(after: number): Promise<DeskEventsPage> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/desk/events?after=${after}`, headers: desks[0]! });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeskEventsPage>();
}

describe('desks scanning at the same time online', () => {
  it('of eight desks scanning one badge at the same instant, one counts and the seven others point at it', async () => {
    const badgeId = badges[1]!;
    const scannedAt = new Date(Date.parse('2027-02-15T10:05:00+01:00')).toISOString();
    ctx.clock.set('2027-02-15T10:05:00+01:00');
    const scans = Array.from({ length: 8 }, (_, d): DeskEventInput => ({ id: randomUUID(), badgeId, mode: 'departure', scannedAt, desk: `Desk ${d + 1}` }));
    const answers = (await Promise.all(scans.map((event, d) => send(desks[d % DESKS]!, [event])))).map((r) => r.events[0]!);
    const counted = answers.filter((e) => e.status === 'counted');
    expect(counted).toHaveLength(1);
    for (const repeat of answers.filter((e) => e.status === 'repeat')) expect(repeat.first?.id).toBe(counted[0]!.id);
    // What every desk reads afterwards judges the same: the one that counted is the one the server answered.
    const departures = (await readAfter(0)).events.filter((e) => e.mode === 'departure' && e.badgeId === badgeId);
    expect(departures).toHaveLength(8);
    const verdicts = judgeDeskEvents(departures);
    expect(verdicts.get(counted[0]!.id)).toEqual({ status: 'counted', first: null });
  });

  it('never lets a reader skip a scan numbered before, but committed after, the last one it read', async () => {
    ctx.clock.set('2027-02-15T10:10:00+01:00');
    const before = (await readAfter(0)).last;
    const slow: DeskEventInput = { id: randomUUID(), badgeId: badges[2]!, mode: 'departure', scannedAt: '2027-02-15T09:10:00.000Z', desk: 'Desk 1' };
    const quick: DeskEventInput = { id: randomUUID(), badgeId: badges[3]!, mode: 'departure', scannedAt: '2027-02-15T09:10:00.000Z', desk: 'Desk 2' };
    let quickAnswer: Promise<DeskEventBatchResult> | undefined;
    // A recording numbered and not yet committed (a desk's recording held open in a transaction), while another desk
    // scans and a third reads.
    const open = await ctx.database.pool.connect();
    try {
      await open.query('begin');
      await open.query(
        deskRecordingSql('bjk2027', [
          {
            id: slow.id,
            editionCode: 'bjk2027',
            badgeId: slow.badgeId,
            holderType: 'attendee',
            personId: Number(slow.badgeId.split(':A')[1]),
            mode: 'departure',
            eventKey: deskEventKey({ ...slow, meal: null }),
            scannedAt: new Date(slow.scannedAt),
            receivedAt: new Date(slow.scannedAt),
            desk: slow.desk,
          },
        ]),
      );
      let settled = false;
      quickAnswer = send(desks[1]!, [quick]).finally(() => (settled = true));
      // The other desk's recording waits for the open one to commit (or this test fails: it was numbered and
      // committed first, and a reader that saw it would have skipped the open one for good).
      for (;;) {
        const { rows } = await ctx.database.pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory' and query like '%desk_events%'`,
        );
        if (rows[0]!.n > 0) break;
        expect(settled, 'a scan was recorded while an earlier-numbered one was still open').toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await readAfter(before)).events).toEqual([]);
      await open.query('commit');
    } finally {
      open.release();
    }
    const answered = await quickAnswer;
    const page = await readAfter(before);
    expect(page.events.map((e) => e.id)).toEqual([slow.id, quick.id]);
    expect(page.last).toBe(answered.last);
  });
});

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += DESK_BATCH_MAX) out.push(items.slice(i, i + DESK_BATCH_MAX));
  return out;
}
