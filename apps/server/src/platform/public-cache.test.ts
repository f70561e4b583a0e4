import Fastify from 'fastify';
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
  let allArrived!: () => void;
  const everyoneArrived = new Promise<void>((resolve) => (allArrived = resolve));
  // Before the cache's own hooks: counts the visitors that reached the server.
  app.addHook('onRequest', (_request, _reply, done) => {
    if (++arrived === VISITORS) allArrived();
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
  return {
    app,
    bus,
    runs: () => runs,
    firstStarted,
    everyoneArrived,
    release,
    change: async (value: string) => {
      data = value;
      await bus.publish('results');
    },
  };
}

describe('public answers computed once per address at a time', () => {
  it('has one waiting visitor compute the answer again when the data changed during its computation, the others waiting for it', async () => {
    const route = await slowRoute();
    try {
      const answers = Array.from({ length: VISITORS }, () => route.app.inject({ method: 'GET', url: '/standings' }));
      await route.firstStarted;
      await route.everyoneArrived;
      // Every visitor has reached the cache's hook (the turn after the last arrival) and waits for the first computation.
      await new Promise((resolve) => setImmediate(resolve));
      // An arbiter's result while the first visitor's answer is being computed: that answer may not be kept or shared.
      await route.change('after');
      route.release();
      const bodies = (await Promise.all(answers)).map((answer) => {
        expect(answer.statusCode).toBe(200);
        return answer.json<{ read: string }>().read;
      });
      // The first visitor gets what it read; everyone who waited gets the answer computed after the change, once.
      expect(bodies[0]).toBe('before');
      expect(bodies.slice(1)).toEqual(Array.from({ length: VISITORS - 1 }, () => 'after'));
      expect(route.runs()).toBe(2);
      // And it is kept: the next visitor costs nothing.
      expect((await route.app.inject({ method: 'GET', url: '/standings' })).json()).toEqual({ read: 'after' });
      expect(route.runs()).toBe(2);
    } finally {
      await route.app.close();
      await route.bus.close();
    }
  });
});
