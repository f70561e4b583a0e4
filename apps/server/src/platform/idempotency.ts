import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PLATFORM_ERRORS } from '@bjk/domain';
import type { Db } from './db.js';
import { AppError } from './errors.js';
import { idempotencyKeys } from './platform.tables.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false`: the route ignores `Idempotency-Key` and its answers are never stored. For answers that carry a
     * secret (the login's bearer token must exist only hashed on the server) and calls where every attempt counts.
     */
    idempotency?: false;
  }
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;
/** A pending entry older than this belongs to a request that died; a retry may take it over. */
const ABANDONED_AFTER_MS = 60_000;
/** How long a retry waits for the first request to finish before answering 409 (which the web retries). */
const WAIT_FOR_FIRST_MS = 10_000;
const KEEP_ANSWERS_MS = 24 * 3_600_000;

function scopeOf(request: FastifyRequest): string {
  // A manager by its token, a family by its address (its session is a cookie): one caller's keys never answer another's.
  const auth = request.headers.authorization ?? (request.family ? `family:${request.family.email}` : undefined);
  const caller = auth ? createHash('sha256').update(auth).digest('base64url').slice(0, 16) : 'anon';
  return `${request.method} ${request.routeOptions.url ?? request.url} ${caller}`;
}

function hashOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(request.url)
    .update('\n')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Generic `Idempotency-Key` support for creating requests (POST, PATCH): the first request with a key
 * runs and its answer is kept; a retry or double click with the same key gets that answer back
 * (header `Idempotent-Replayed: true`), never a second record. Server errors are not kept, so a retry
 * after a 5xx runs again.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' && request.method !== 'PATCH') return;
    if (request.routeOptions.config.idempotency === false) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) {
      throw new AppError(400, PLATFORM_ERRORS.validation, 'Invalid Idempotency-Key header', {
        issues: [{ path: 'headers.idempotency-key', code: 'invalid', message: 'Invalid value' }],
      });
    }
    const scope = scopeOf(request);
    const requestHash = hashOf(request);

    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ scope, key, requestHash, state: 'pending' })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) {
        request.idempotency = { scope, key };
        if (Math.random() < 0.01) {
          await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_ANSWERS_MS)));
        }
        return;
      }
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!existing) continue; // deleted after a server error: run again
      if (existing.requestHash !== requestHash) {
        throw new AppError(422, PLATFORM_ERRORS.idempotencyMismatch, 'This Idempotency-Key was used for another request');
      }
      if (existing.state === 'done') {
        reply
          .status(existing.statusCode ?? 200)
          .header('idempotent-replayed', 'true')
          .type(existing.contentType ?? 'application/json; charset=utf-8');
        return reply.send(existing.responseBody);
      }
      if (Date.now() - existing.createdAt.getTime() > ABANDONED_AFTER_MS) {
        const taken = await db
          .update(idempotencyKeys)
          .set({ createdAt: sql`now()` })
          .where(
            and(
              eq(idempotencyKeys.scope, scope),
              eq(idempotencyKeys.key, key),
              eq(idempotencyKeys.state, 'pending'),
              lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
            ),
          )
          .returning({ key: idempotencyKeys.key });
        if (taken.length > 0) {
          request.idempotency = { scope, key };
          return;
        }
      }
      if (Date.now() > deadline) {
        throw new AppError(409, PLATFORM_ERRORS.idempotencyInProgress, 'The same request is still being processed');
      }
      await sleep(100);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const entry = request.idempotency;
    if (!entry) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyKeys.scope, entry.scope), eq(idempotencyKeys.key, entry.key));
    if (reply.statusCode >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    await db
      .update(idempotencyKeys)
      .set({
        state: 'done',
        statusCode: reply.statusCode,
        responseBody: payload.toString(),
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      })
      .where(where);
    return payload;
  });
}
