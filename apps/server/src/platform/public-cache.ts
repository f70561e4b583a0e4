import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeBus } from './change-bus.js';
import { preferredEncoding } from './compression.js';
import type { SecurityHeaders } from './security-headers.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Opt-in for a public GET whose answer depends only on its address (path and query) and on data that
     * changes through writes: the answer is kept per data version, compressed once, served with an ETag, and
     * dropped on every instance when one of its topics is published on the change bus.
     * `scope` names the part of the data an address reads (a results category): a topic published with
     * `scopedChange(part)` as payload then drops only that part's answers, any other payload every answer.
     */
    publicCache?: { topic: string | readonly string[]; scope?: (request: FastifyRequest) => string };
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

const SCOPE_PREFIX = 'scope:';
/**
 * The payload that drops only the kept answers of one part of a topic's data (one results category): a write to one
 * category must not make every category's visitors wait for answers computed again (a category of 400 players
 * costs a lot to rank). Routes without a `scope` lose all their answers, as with any payload.
 */
export const scopedChange = (scope: string) => `${SCOPE_PREFIX}${scope}`;

/** Addresses kept per route: query strings are the visitor's to choose, memory is not. */
const MAX_ENTRIES_PER_ROUTE = 256;
/** Below this, compression gains less than it costs (and the answer fits in a packet or two anyway). */
const MIN_COMPRESS_BYTES = 1024;

/**
 * A kept answer's complete header list in each encoding, as `writeHead` takes it (name, value, name, value …):
 * joined once per data version, so a hit sets no header one by one. Slot 1 is the request id's value.
 */
type Wire = { identity: string[]; br: string[] | null; gzip: string[] | null; notModified: string[] };
type Entry = {
  etag: string;
  headers: Record<string, string>;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** Over plain HTTP, and over HTTPS (with HSTS). */
  http: Wire;
  https: Wire;
};
type RouteCache = {
  /** Counts drops of every answer; `scopeVersions` counts drops of one scope's (only scopes ever dropped are listed). */
  version: number;
  scopeOf: ((request: FastifyRequest) => string) | null;
  scopeVersions: Map<string, number>;
  entries: Map<string, Entry>;
  /** The scope of each kept address, for routes with a scope. */
  scopes: Map<string, string>;
  filling: Map<string, Promise<Filled>>;
};
/** The data version an answer was computed from: if it still holds when the answer is ready, the answer is current. */
type DataVersion = { all: number; scope: string | null; ofScope: number };
/**
 * How a computation ended for those waiting on it: its answer and the data version it started from (kept or not), or
 * null (not an answer to keep, such as a 404: each runs its own request).
 */
type Filled = { entry: Entry; version: DataVersion } | null;
/** A request that missed: it fills the entry for its address if the data did not change meanwhile. */
type Fill = { cache: RouteCache; version: DataVersion; key: string; done: (filled: Filled) => void };

const versionOf = (cache: RouteCache, scope: string | null): DataVersion => ({
  all: cache.version,
  scope,
  ofScope: scope === null ? 0 : (cache.scopeVersions.get(scope) ?? 0),
});
const isCurrent = (cache: RouteCache, version: DataVersion) => {
  const now = versionOf(cache, version.scope);
  return now.all === version.all && now.ofScope === version.ofScope;
};
/** `a` is the data of `b` or later (versions only grow). */
const notOlder = (a: DataVersion, b: DataVersion) => a.all >= b.all && a.ofScope >= b.ofScope;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The headers of a kept answer in the order the normal path sends them: request id, security headers, the answer's own. */
function wireOf(security: Readonly<Record<string, string>>, headers: Record<string, string>, identity: Buffer, br: Buffer | null, gz: Buffer | null): Wire {
  const common = ['x-request-id', '', ...Object.entries(security).flat(), ...Object.entries(headers).flat()];
  const encoded = (encoding: string, body: Buffer | null) => (body ? [...common, 'content-encoding', encoding, 'content-length', String(body.length)] : null);
  return { identity: [...common, 'content-length', String(identity.length)], br: encoded('br', br), gzip: encoded('gzip', gz), notModified: common };
}

/** Sends a kept answer straight to the socket with its pre-joined headers: no header set one by one, no onSend hook. */
function sendWire(request: FastifyRequest, reply: FastifyReply, entry: Entry): void {
  reply.hijack();
  const wire = request.protocol === 'https' ? entry.https : entry.http;
  let headers: string[];
  let body: Buffer | undefined;
  let status = 200;
  if (request.headers['if-none-match'] === entry.etag) {
    headers = wire.notModified;
    status = 304;
  } else {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === 'br' && wire.br) [headers, body] = [wire.br, entry.br!];
    else if (encoding === 'gzip' && wire.gzip) [headers, body] = [wire.gzip, entry.gzip!];
    else [headers, body] = [wire.identity, entry.identity];
  }
  const list = headers.slice();
  list[1] = request.id;
  reply.raw.writeHead(status, list);
  reply.raw.end(body);
}

async function entryOf(payload: string, reply: FastifyReply, security: SecurityHeaders): Promise<Entry> {
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
  return {
    etag,
    headers,
    identity,
    br,
    gzip: gz,
    http: wireOf(security.http, headers, identity, br, gz),
    https: wireOf(security.https, headers, identity, br, gz),
  };
}

/**
 * Public answers kept per data version (see `publicCache` above). A hit is answered by the first `onRequest`
 * hook, looked up by its raw address, and written to the socket with its pre-compressed body and its header
 * list joined once (security headers included): no other hook, no access guard, validation, handler,
 * serialisation or compression runs, and the answer is the one the normal path sends. A miss runs normally and
 * its answer is kept unless a change was published while it ran. Concurrent misses of one address wait for the
 * first. While the bus cannot hear other instances (`bus.live` false) nothing is kept or served from the cache.
 * Registered first of all hooks (a hit needs nothing else) and before run-time compression (it keeps compressed bodies).
 */
export function registerPublicCache(app: FastifyInstance, bus: ChangeBus, security: SecurityHeaders): void {
  const caches = new Map<string, RouteCache>();
  const byTopic = new Map<string, RouteCache[]>();
  /** Every kept answer by its raw address (an address always reaches the same route). */
  const kept = new Map<string, Entry>();
  app.decorateRequest('publicCacheFill', null);

  const forget = (cache: RouteCache, key: string) => {
    cache.entries.delete(key);
    cache.scopes.delete(key);
    kept.delete(key);
  };
  const drop = (cache: RouteCache, payload: string) => {
    if (cache.scopeOf && payload.startsWith(SCOPE_PREFIX)) {
      const scope = payload.slice(SCOPE_PREFIX.length);
      cache.scopeVersions.set(scope, (cache.scopeVersions.get(scope) ?? 0) + 1);
      for (const [key, of] of cache.scopes) if (of === scope) forget(cache, key);
      return;
    }
    cache.version += 1;
    for (const key of cache.entries.keys()) kept.delete(key);
    cache.entries.clear();
    cache.scopes.clear();
  };
  const watch = (topic: string, cache: RouteCache) => {
    let list = byTopic.get(topic);
    if (!list) {
      byTopic.set(topic, (list = []));
      const routes = list;
      // Any payload, RESYNC included, means the kept answers may be stale.
      bus.subscribe(topic, (payload) => routes.forEach((cache) => drop(cache, payload)));
    }
    list.push(cache);
  };

  /**
   * A miss: the first request of an address computes the answer, the ones arriving meanwhile wait for it. A waiting
   * request takes the answer of a computation that started from the data it arrived at (or later), kept or not: a
   * change during the computation makes the answer unfit to keep, not unfit for requests as old as the change. One that
   * arrived after such a change waits for the next computation, started by one of them: one computation per address
   * at a time, never one per waiting visitor (issue 22: an arbiter's result every second made 200 visitors' reads all
   * run, queueing for the database's connections in front of the arbiter's next write).
   */
  const missed = async (cache: RouteCache, request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !bus.live) return;
    const key = request.url;
    const scope = cache.scopeOf ? cache.scopeOf(request) : null;
    const arrived = versionOf(cache, scope);
    for (let filling = cache.filling.get(key); filling; filling = cache.filling.get(key)) {
      const filled = await filling;
      if (filled === null || !bus.live) return;
      if (notOlder(filled.version, arrived)) return sendWire(request, reply, filled.entry);
    }
    const version = versionOf(cache, scope);
    let done!: (filled: Filled) => void;
    const promise = new Promise<Filled>((resolve) => (done = resolve));
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
  };

  app.addHook('onRoute', (route) => {
    const option = route.config?.publicCache;
    if (!option) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.access !== 'public' || methods.some((m) => m !== 'GET' && m !== 'HEAD') || route.config.rateLimit) {
      throw new Error(`Route ${route.url}: publicCache is for public GET routes without a rate limit`);
    }
    let cache = caches.get(route.url);
    if (!cache) {
      cache = { version: 0, scopeOf: option.scope ?? null, scopeVersions: new Map(), entries: new Map(), scopes: new Map(), filling: new Map() };
      caches.set(route.url, cache);
      for (const topic of [option.topic].flat()) watch(topic, cache);
      watch(ALL_PUBLIC_ANSWERS, cache);
    }
    const routeCache = cache;
    // On the route itself, so other routes pay nothing for it.
    route.onRequest = [...[route.onRequest ?? []].flat(), (request, reply) => missed(routeCache, request, reply)];
  });

  // The hit path, first of all hooks: one map lookup on the raw address.
  app.addHook('onRequest', (request, reply, done) => {
    const entry = request.method === 'GET' && bus.live ? kept.get(request.url) : undefined;
    if (entry) sendWire(request, reply, entry);
    done();
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
    const entry = await entryOf(payload, reply, security);
    const current = isCurrent(fill.cache, fill.version) && bus.live;
    if (current) {
      const { entries } = fill.cache;
      if (entries.size >= MAX_ENTRIES_PER_ROUTE) forget(fill.cache, entries.keys().next().value as string);
      entries.set(fill.key, entry);
      if (fill.version.scope !== null) fill.cache.scopes.set(fill.key, fill.version.scope);
      kept.set(fill.key, entry);
    }
    fill.done({ entry, version: fill.version });
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
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.publicCacheFill) {
      request.publicCacheFill.done(null);
      request.publicCacheFill = null;
    }
    done();
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
