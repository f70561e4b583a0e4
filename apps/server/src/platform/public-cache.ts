import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeBus } from './change-bus.js';
import { preferredEncoding } from './compression.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Opt-in for a public GET whose answer depends only on its address (path and query) and on data that
     * changes through writes: the answer is kept per data version, compressed once, served with an ETag, and
     * dropped on every instance when one of its topics is published on the change bus.
     */
    publicCache?: { topic: string | readonly string[] };
    /**
     * The change-bus topics a successful write (POST, PUT, PATCH, DELETE) changes. Without it a successful write
     * drops every kept answer (safe by default); `[]` for writes that change nothing public (sign-in).
     */
    invalidates?: readonly string[];
  }
  interface FastifyRequest {
    publicCacheFill: Fill | null;
  }
}

/** Published by a write that declares no topics: every kept answer goes. */
export const ALL_PUBLIC_ANSWERS = 'public-cache:all';

/** Addresses kept per route: query strings are the visitor's to choose, memory is not. */
const MAX_ENTRIES_PER_ROUTE = 256;
/** Below this, compression gains less than it costs (and the answer fits in a packet or two anyway). */
const MIN_COMPRESS_BYTES = 1024;

type Entry = { etag: string; headers: Record<string, string>; identity: Buffer; br: Buffer | null; gzip: Buffer | null };
type RouteCache = { version: number; entries: Map<string, Entry>; filling: Map<string, Promise<Entry | null>> };
/** A request that missed: it fills the entry for its address if the data did not change meanwhile. */
type Fill = { cache: RouteCache; version: number; key: string; done: (entry: Entry | null) => void };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function send(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  reply.headers(entry.headers);
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : null;
  if (encoding && body) return reply.header('content-encoding', encoding).send(body);
  return reply.send(entry.identity);
}

async function entryOf(payload: string, reply: FastifyReply): Promise<Entry> {
  const identity = Buffer.from(payload);
  const compress = identity.length >= MIN_COMPRESS_BYTES;
  // Once per data version, off the event loop: the best compression is affordable.
  const [br, gz] = compress
    ? await Promise.all([
        brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
        gzipAsync(identity, { level: 9 }),
      ])
    : [null, null];
  // Weak: the same answer travels in three encodings.
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const headers: Record<string, string> = {
    'content-type': String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
    // Browsers keep the answer but ask again each time (an unchanged one costs a 304), so a change shows at once.
    'cache-control': String(reply.getHeader('cache-control') ?? 'public, no-cache'),
    etag,
  };
  if (compress) headers.vary = 'accept-encoding';
  return { etag, headers, identity, br, gzip: gz };
}

/**
 * Public answers kept per data version (see `publicCache` above). A hit is answered in `onRequest`, before the
 * access guard, validation, the handler, serialisation and compression; a miss runs normally and its answer
 * is kept unless a change was published while it ran. Concurrent misses of one address wait for the first.
 * While the bus cannot hear other instances (`bus.live` false) nothing is kept or served from the cache.
 * Registered before the access guard (a hit needs no caller) and before run-time compression.
 */
export function registerPublicCache(app: FastifyInstance, bus: ChangeBus): void {
  const caches = new Map<string, RouteCache>();
  const byTopic = new Map<string, RouteCache[]>();
  app.decorateRequest('publicCacheFill', null);

  const drop = (cache: RouteCache) => {
    cache.version += 1;
    cache.entries.clear();
  };
  const watch = (topic: string, cache: RouteCache) => {
    let list = byTopic.get(topic);
    if (!list) {
      byTopic.set(topic, (list = []));
      const routes = list;
      // Any payload, RESYNC included, means the kept answers may be stale.
      bus.subscribe(topic, () => routes.forEach(drop));
    }
    list.push(cache);
  };

  app.addHook('onRoute', (route) => {
    const option = route.config?.publicCache;
    if (!option) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.access !== 'public' || methods.some((m) => m !== 'GET' && m !== 'HEAD') || route.config.rateLimit) {
      throw new Error(`Route ${route.url}: publicCache is for public GET routes without a rate limit`);
    }
    if (caches.has(route.url)) return;
    const cache: RouteCache = { version: 0, entries: new Map(), filling: new Map() };
    caches.set(route.url, cache);
    for (const topic of [option.topic].flat()) watch(topic, cache);
    watch(ALL_PUBLIC_ANSWERS, cache);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.publicCache || !bus.live) return;
    const cache = caches.get(request.routeOptions.url ?? '');
    if (!cache) return;
    const key = request.url;
    const entry = cache.entries.get(key);
    if (entry) return send(request, reply, entry);
    const version = cache.version;
    const filling = cache.filling.get(key);
    if (filling) {
      const filled = await filling;
      if (filled && cache.version === version) return send(request, reply, filled);
      return;
    }
    let done!: (entry: Entry | null) => void;
    const promise = new Promise<Entry | null>((resolve) => (done = resolve));
    cache.filling.set(key, promise);
    request.publicCacheFill = {
      cache,
      version,
      key,
      done: (filled) => {
        if (cache.filling.get(key) === promise) cache.filling.delete(key);
        done(filled);
      },
    };
  });

  // Runs before run-time compression (registered earlier): it sees the serialised answer.
  app.addHook('onSend', async (request, reply, payload) => {
    const fill = request.publicCacheFill;
    if (!fill) return payload;
    request.publicCacheFill = null;
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      fill.done(null);
      return payload;
    }
    const entry = await entryOf(payload, reply);
    const current = fill.cache.version === fill.version && bus.live;
    if (current) {
      const { entries } = fill.cache;
      if (entries.size >= MAX_ENTRIES_PER_ROUTE) entries.delete(entries.keys().next().value as string);
      entries.set(fill.key, entry);
    }
    fill.done(current ? entry : null);
    reply.headers(entry.headers);
    if (request.headers['if-none-match'] === entry.etag) {
      reply.code(304);
      return null;
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : null;
    if (encoding && body) {
      reply.header('content-encoding', encoding);
      return body;
    }
    return payload;
  });
  // A request that failed before onSend (aborted connection) must not leave waiters hanging.
  app.addHook('onResponse', async (request) => {
    request.publicCacheFill?.done(null);
    request.publicCacheFill = null;
  });

  // A successful write tells every instance which kept answers it made stale, before its answer leaves.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    if (reply.statusCode >= 400 || request.is404) return payload;
    const topics = request.routeOptions.config.invalidates ?? [ALL_PUBLIC_ANSWERS];
    await Promise.all(topics.map((topic) => bus.publish(topic)));
    return payload;
  });
}
