import https from 'node:https';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { fetchOutbound, OutboundError, type Resolver } from '../../platform/outbound.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { vapidKeys } from './follow-keys.js';
import { createEncryptPool, type Encrypted, type EncryptJob } from './push-encrypt.js';
import { followSubscriptions, pushOutbox } from './notifications.tables.js';

/**
 * Delivers the push outbox: claims due messages (FOR UPDATE SKIP LOCKED, with a lease, so instances take disjoint
 * rows and a dead instance's rows come back), encrypts each for its browser (RFC 8291 aes128gcm, `web-push`) in the
 * encryption pool's worker threads, signs with the VAPID key and posts it through the outbound guard (https only, public addresses only). The push service's
 * answer decides: 2xx sent; 404/410 the subscription is gone (every follow of that browser is deleted); 429 and 5xx
 * are retried at `Retry-After` or with backoff; other refusals are final. Endpoints are personal data: no log line and
 * no stored error carries one.
 */

const LEASE_MS = 2 * 60_000;
/** How long a push service keeps a message for a phone that is off: a pairing is stale after a day. */
const TTL_SECONDS = 24 * 3600;
/** A VAPID token is valid 12 hours and reused for 6 (one signature per push service, not per message). */
const VAPID_VALID_MS = 12 * 3600_000;
const VAPID_REUSE_MS = 6 * 3600_000;
/** Messages per batch handed to an encryption thread: small enough that posting starts at once. */
const SLICE = 16;

/** First retry after 10 s, doubling up to 30 min. */
export function pushRetryDelayMs(attempt: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 30 * 60_000);
}

/** `Retry-After` in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: Date): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

type Claimed = {
  id: number;
  attempts: number;
  topic: string;
  notice: unknown;
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
};

type Outcome =
  { id: number; kind: 'sent' } | { id: number; kind: 'gone'; endpoint: string } | { id: number; kind: 'retry' | 'failed'; error: string; retryInMs?: number };

export type PushSenderOptions = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'notifications' | 'outbound'>;
  /** A test's certificate authority for its loopback push service (production trusts the system's). */
  ca?: string | Buffer;
  resolve?: Resolver;
};

export type PushSender = {
  /** Sends one batch of due messages; answers how many it handled. */
  sendDue(): Promise<number>;
  /** When the next queued message falls due (a retry after a 429 or a timeout), in ms since the epoch; null when none waits. */
  nextAttemptAt(): Promise<number | null>;
  /** Closes the kept connections and the encryption threads. */
  close(): Promise<void>;
};

export function createPushSender(options: PushSenderOptions): PushSender {
  const { db, clock, config } = options;
  const settings = config.notifications;
  const vapidHeaders = new Map<string, { header: string; until: number }>();
  // Connections to a push service are kept open between messages: a TLS handshake per message would cost more than
  // the message (a publish sends thousands to the same few services).
  const pool = createEncryptPool(settings.encryptThreads);
  const agent = new https.Agent({ keepAlive: true, maxSockets: settings.concurrency, ...(options.ca ? { ca: options.ca } : {}) });

  async function authorization(endpoint: string): Promise<string> {
    const audience = new URL(endpoint).origin;
    const now = clock.now().getTime();
    const cached = vapidHeaders.get(audience);
    if (cached && cached.until > now) return cached.header;
    const keys = await vapidKeys(db, { notifications: settings });
    const subject = settings.vapidSubject ?? `mailto:${(await getCurrentEdition(db)).settings.organiser.email}`;
    const headers = webpush.getVapidHeaders(audience, subject, keys.publicKey, keys.privateKey, 'aes128gcm', Math.floor((now + VAPID_VALID_MS) / 1000));
    vapidHeaders.set(audience, { header: headers.Authorization, until: now + VAPID_REUSE_MS });
    return headers.Authorization;
  }

  async function claim(limit: number): Promise<Claimed[]> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: pushOutbox.id })
        .from(pushOutbox)
        .where(and(inArray(pushOutbox.status, ['queued', 'sending']), lte(pushOutbox.nextAttemptAt, now)))
        .orderBy(pushOutbox.nextAttemptAt, pushOutbox.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const ids = due.map((d) => d.id);
      const claimed = await tx
        .update(pushOutbox)
        .set({ status: 'sending', attempts: sql`${pushOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(inArray(pushOutbox.id, ids))
        .returning({
          id: pushOutbox.id,
          attempts: pushOutbox.attempts,
          topic: pushOutbox.topic,
          notice: pushOutbox.notice,
          subscriptionId: pushOutbox.subscriptionId,
        });
      const subs = await tx
        .select({ id: followSubscriptions.id, endpoint: followSubscriptions.target, p256dh: followSubscriptions.p256dh, auth: followSubscriptions.auth })
        .from(followSubscriptions)
        .where(inArray(followSubscriptions.id, [...new Set(claimed.map((c) => c.subscriptionId))]));
      const byId = new Map(subs.map((s) => [s.id, s]));
      return claimed.flatMap((c) => {
        const sub = byId.get(c.subscriptionId);
        return sub ? [{ ...c, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth }] : [];
      });
    });
  }

  /** Posts one encrypted message through the outbound guard; the push service's answer decides its outcome. */
  async function post(message: Claimed, encrypted: Encrypted): Promise<Outcome> {
    // An encryption failure (keys that are not a P-256 point) will not change on retry.
    if (!encrypted) return { id: message.id, kind: 'failed', error: 'encryption' };
    try {
      const response = await fetchOutbound(message.endpoint, {
        method: 'POST',
        headers: encrypted.headers,
        body: Buffer.from(encrypted.body.buffer, encrypted.body.byteOffset, encrypted.body.byteLength),
        timeoutMs: 15_000,
        maxBytes: 64 * 1024,
        policy: config.outbound,
        ...(options.ca ? { ca: options.ca } : {}),
        agent,
        ...(options.resolve ? { resolve: options.resolve } : {}),
      });
      const status = response.status;
      if (status >= 200 && status < 300) return { id: message.id, kind: 'sent' };
      if (status === 404 || status === 410) return { id: message.id, kind: 'gone', endpoint: message.endpoint };
      if (status === 429 || status === 408 || status >= 500) {
        return { id: message.id, kind: 'retry', error: `HTTP ${status}`, retryInMs: retryAfterMs(response.headers['retry-after'], clock.now()) ?? undefined };
      }
      return { id: message.id, kind: 'failed', error: `HTTP ${status}` };
    } catch (error) {
      if (error instanceof OutboundError) {
        const final = error.failure === 'scheme' || error.failure === 'blocked_address';
        return { id: message.id, kind: final ? 'failed' : 'retry', error: error.failure };
      }
      return { id: message.id, kind: 'retry', error: 'post' };
    }
  }

  /**
   * Encrypts a batch in the pool's threads, in slices, and posts each message as soon as its slice is ready, at most
   * `concurrency` in flight: the threads encrypt the next slices while the main thread posts.
   */
  async function deliverAll(claimed: Claimed[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    const usable: Claimed[] = [];
    for (const message of claimed) {
      if (message.p256dh && message.auth) usable.push(message);
      else outcomes.push({ id: message.id, kind: 'failed', error: 'no keys' });
    }
    const jobs: EncryptJob[] = [];
    for (const message of usable) {
      jobs.push({
        endpoint: message.endpoint,
        p256dh: message.p256dh!,
        auth: message.auth!,
        payload: JSON.stringify(message.notice),
        authorization: await authorization(message.endpoint),
        topic: message.topic,
        ttl: TTL_SECONDS,
      });
    }
    const slices: Promise<Encrypted[] | Error>[] = [];
    for (let i = 0; i < jobs.length; i += SLICE) {
      slices.push(pool.encrypt(jobs.slice(i, i + SLICE)).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))));
    }
    let next = 0;
    const lane = async () => {
      while (next < usable.length) {
        const index = next++;
        const message = usable[index]!;
        const slice = await slices[Math.floor(index / SLICE)]!;
        // A thread that died takes its slice with it: those messages are retried.
        if (slice instanceof Error) outcomes.push({ id: message.id, kind: 'retry', error: 'encryption thread' });
        else outcomes.push(await post(message, slice[index % SLICE]!));
      }
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, usable.length) }, lane));
    return outcomes;
  }

  async function record(outcomes: Outcome[], attempts: Map<number, number>): Promise<void> {
    const now = clock.now();
    const sent = outcomes.filter((o) => o.kind === 'sent').map((o) => o.id);
    if (sent.length > 0) await db.update(pushOutbox).set({ status: 'sent', sentAt: now, lastError: null }).where(inArray(pushOutbox.id, sent));
    const gone = [...new Set(outcomes.flatMap((o) => (o.kind === 'gone' ? [o.endpoint] : [])))];
    // The browser unsubscribed or the push service forgot it: every follow of that browser goes (their rows too).
    if (gone.length > 0) await db.delete(followSubscriptions).where(and(eq(followSubscriptions.channel, 'push'), inArray(followSubscriptions.target, gone)));
    for (const o of outcomes) {
      if (o.kind !== 'retry' && o.kind !== 'failed') continue;
      const attempt = attempts.get(o.id) ?? 1;
      const final = o.kind === 'failed' || attempt >= settings.maxAttempts;
      await db
        .update(pushOutbox)
        .set(
          final
            ? { status: 'failed', lastError: o.error }
            : { status: 'queued', lastError: o.error, nextAttemptAt: new Date(now.getTime() + (o.retryInMs ?? pushRetryDelayMs(attempt))) },
        )
        .where(eq(pushOutbox.id, o.id));
    }
  }

  return {
    close: async () => {
      agent.destroy();
      await pool.close();
    },
    async sendDue() {
      const claimed = await claim(settings.concurrency * 4);
      if (claimed.length === 0) return 0;
      const outcomes = await deliverAll(claimed);
      await record(outcomes, new Map(claimed.map((c) => [c.id, c.attempts])));
      return claimed.length;
    },
    async nextAttemptAt() {
      const [row] = await db
        .select({ at: sql<Date | string | null>`min(${pushOutbox.nextAttemptAt})` })
        .from(pushOutbox)
        .where(inArray(pushOutbox.status, ['queued', 'sending']));
      return row?.at ? new Date(row.at).getTime() : null;
    },
  };
}
