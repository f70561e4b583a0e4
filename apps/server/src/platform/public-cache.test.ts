import Fastify, { type LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLocalChangeBus } from './change-bus.js';
import { registerPublicCache } from './public-cache.js';
import { securityHeaders } from './security-headers.js';

const VISITORS = 20;

/** A kept public route whose handler counts its runs; the first run waits for `release`. */
async function slowRoute() {
  const bus = createLocalChangeBus();
  const app = Fastify();
  let arrived = 0;
  const waits: { count: number; resolve: () => void }[] = [];
  // Before the cache's own hooks: counts the visitors that reached the server.
  app.addHook('onRequest', (_request, _reply, done) => {
    arrived += 1;
    for (const wait of waits) if (wait.count === arrived) wait.resolve();
    done();
  });
  registerPublicCache(app, bus, securityHeaders({}));
  let runs = 0;
  let started!: () => void;
  const firstStarted = new Promise<void>((resolve) => (started = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let data = 'before';
  app.get('/standings', {
    config: { access: 'public', publicCache: { topic: 'results' } },
    handler: async () => {
      runs += 1;
      const read = data;
      if (runs === 1) {
        started();
        await released;
      }
      return { read };
    },
  });
  await app.ready();
  const visit = (count: number) => Array.from({ length: count }, () => app.inject({ method: 'GET', url: '/standings' }));
  return {
    app,
    bus,
    runs: () => runs,
    firstStarted,
    release,
    /** `count` visitors at once; resolves once each reached the cache's hook (the turn after the last arrival). */
    visitors: async (count: number) => {
      const reached = new Promise<void>((resolve) => waits.push({ count: arrived + count, resolve }));
      const answers = visit(count);
      await reached;
      await new Promise((resolve) => setImmediate(resolve));
      return answers;
    },
    change: async (value: string) => {
      data = value;
      await bus.publish('results');
    },
  };
}

const readsOf = async (answers: Promise<LightMyRequestResponse>[]) =>
  (await Promise.all(answers)).map((answer) => {
    expect(answer.statusCode).toBe(200);
    return answer.json<{ read: string }>().read;
  });

describe('public answers computed once per address at a time', () => {
  it('gives the visitors who waited the answer computed for them, and those who came after a change one new computation', async () => {
    const route = await slowRoute();
    try {
      const first = route.app.inject({ method: 'GET', url: '/standings' });
      await route.firstStarted;
      const early = await route.visitors(VISITORS);
      // An arbiter's result while the first visitor's answer is being computed: that answer may not be kept, and the
      // visitors arriving from now on must see the change.
      await route.change('after');
      const late = await route.visitors(VISITORS);
      route.release();
      expect(await readsOf([first, ...early])).toEqual(Array.from({ length: VISITORS + 1 }, () => 'before'));
      expect(await readsOf(late)).toEqual(Array.from({ length: VISITORS }, () => 'after'));
      expect(route.runs()).toBe(2);
      // The second answer is kept: the next visitor costs nothing.
      expect(await readsOf([route.app.inject({ method: 'GET', url: '/standings' })])).toEqual(['after']);
      expect(route.runs()).toBe(2);
    } finally {
      await route.app.close();
      await route.bus.close();
    }
  });
});
