import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESYNC } from '../src/platform/change-bus.js';
import { createSecondInstance, createTestApp, type TestContext } from './test-app.js';

let first: TestContext;
let second: TestContext;

beforeAll(async () => {
  first = await createTestApp();
  second = await createSecondInstance(first);
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** Resolves with the next payload `topic` brings to this instance's bus. */
function nextOn(ctx: TestContext, topic: string): Promise<string> {
  return new Promise((resolve) => {
    const unsubscribe = ctx.bus.subscribe(topic, (payload) => {
      unsubscribe();
      resolve(payload);
    });
  });
}

describe('the change bus between two instances on one database', () => {
  it('brings a change published on one instance to the subscribers of both, once each', async () => {
    const seenFirst: string[] = [];
    const seenSecond: string[] = [];
    const offFirst = first.bus.subscribe('content', (payload) => seenFirst.push(payload));
    const offSecond = second.bus.subscribe('content', (payload) => seenSecond.push(payload));

    // publish resolves once every instance's subscribers have run: the next request anywhere sees the change.
    await first.bus.publish('content', 'news:12');
    expect(seenFirst).toEqual(['news:12']);
    expect(seenSecond).toEqual(['news:12']);

    // From the other side too, and once on each instance.
    await second.bus.publish('content', 'page:3');
    expect(seenFirst).toEqual(['news:12', 'page:3']);
    expect(seenSecond).toEqual(['news:12', 'page:3']);
    offFirst();
    offSecond();
  });

  it('delivers a topic only to its subscribers, with an empty payload when none is given', async () => {
    const otherTopic: string[] = [];
    const off = second.bus.subscribe('results', (payload) => otherTopic.push(payload));
    const arrived = nextOn(second, 'edition');
    await first.bus.publish('edition');
    expect(await arrived).toBe('');
    // 'results' was published nothing: its subscriber heard nothing (the 'edition' notification came after any stray one).
    expect(otherTopic).toEqual([]);
    off();
  });

  it('stops delivering to a listener once it unsubscribed, and a failing listener does not stop the others', async () => {
    const heard: string[] = [];
    const off = first.bus.subscribe('files', (payload) => heard.push(payload));
    const failing = first.bus.subscribe('files', () => {
      throw new Error('listener bug');
    });
    await first.bus.publish('files', 'a');
    off();
    await first.bus.publish('files', 'b');
    expect(heard).toEqual(['a']);
    failing();
  });
});

describe('the change bus losing its PostgreSQL connection', () => {
  it('reconnects, tells every subscriber to resynchronise, and delivers again', async () => {
    const resynced = nextOn(second, 'content');
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Db's execute<T> answers unknown until one driver remains (#22)
    const terminated = (await first.db.execute(
      sql`select pg_terminate_backend(pid) as done from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query = 'LISTEN bjk_changes'`,
    )) as unknown as { rows: unknown[] };
    expect(terminated.rows.length).toBe(2);
    expect(await resynced).toBe(RESYNC);
    expect(second.bus.live).toBe(true);

    const arrived = nextOn(second, 'content');
    await first.bus.publish('content', 'after-reconnect');
    expect(await arrived).toBe('after-reconnect');
  });
});
