import https from 'node:https';
import { and, eq, inArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { fetchOutbound, OutboundError, type Resolver } from '../../platform/outbound.js';
import { lockDueEntries } from '../../platform/workers-outbox.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { vapidKeys } from './follow-keys.js';
import { createEncryptPool, type Encrypted, type EncryptJob } from './push-encrypt.js';
import { followSubscriptions, pushOutbox } from './notifications.tables.js';

/**
 * Delivers the push outbox: claims due messages (FOR UPDATE SKIP LOCKED, with a lease, so instances take disjoint
 * rows and a dead instance's rows come back), encrypts each for its browser (RFC 8291 aes128gcm, `push-encrypt.worker.ts`) in the
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
  /**
   * Sends the messages due now, claiming batch after batch while posting, until none is due or `stopping()` says so
   * (a shutdown: the batches already claimed are still sent and recorded); answers how many it handled.
   */
  sendDue(stopping?: () => boolean): Promise<number>;
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
      const ids = await lockDueEntries(tx, pushOutbox, now, limit);
      if (ids.length === 0) return [];
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

  /** At most `concurrency` posts in flight, across every batch and slice; the first to wait is the first served. */
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  async function limited<T>(fn: () => Promise<T>): Promise<T> {
    if (inFlight >= settings.concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else inFlight++;
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next in line (no newcomer can slip in between).
      const next = waiting.shift();
      if (next) next();
      else inFlight--;
    }
  }

  /**
   * Delivers a claimed batch: cut into slices that the pool's threads encrypt while the main thread posts the slices
   * already done; each slice's outcomes are written as soon as its last post is answered (with the other slices that
   * ended meanwhile, one statement per kind of outcome), so a crash loses at most the slices still in flight, whose
   * lease then runs out and which are sent again.
   */
  async function deliverBatch(claimed: Claimed[], onPosted: () => void): Promise<void> {
    const attempts = new Map(claimed.map((c) => [c.id, c.attempts]));
    const usable: Claimed[] = [];
    const unusable: Outcome[] = [];
    for (const message of claimed) {
      if (message.p256dh && message.auth) usable.push(message);
      else {
        unusable.push({ id: message.id, kind: 'failed', error: 'no keys' });
        onPosted();
      }
    }
    const work: Promise<void>[] = [];
    if (unusable.length > 0) work.push(recordSoon(unusable, attempts));
    for (let i = 0; i < usable.length; i += SLICE) {
      const slice = usable.slice(i, i + SLICE);
      const jobs: EncryptJob[] = [];
      for (const message of slice) {
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
      const encrypting = pool.encrypt(jobs).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      work.push(
        (async () => {
          const encrypted = await encrypting;
          const outcomes = await Promise.all(
            slice.map(async (message, index): Promise<Outcome> => {
              try {
                // A thread that died takes its slice with it: those messages are retried.
                if (encrypted instanceof Error) return { id: message.id, kind: 'retry', error: 'encryption thread' };
                return await limited(() => post(message, encrypted[index]!));
              } finally {
                onPosted();
              }
            }),
          );
          await recordSoon(outcomes, attempts);
        })(),
      );
    }
    await Promise.all(work);
  }

  /**
   * Writes a slice's outcomes: at once when no write is under way, else with every slice that ended meanwhile, in
   * the next statement (a group commit: the faster the posts, the fewer and larger the statements).
   */
  const toRecord: { outcomes: Outcome[]; attempts: Map<number, number>; done: () => void; fail: (error: unknown) => void }[] = [];
  let recording = false;
  function recordSoon(outcomes: Outcome[], attempts: Map<number, number>): Promise<void> {
    return new Promise<void>((done, fail) => {
      toRecord.push({ outcomes, attempts, done, fail });
      if (!recording) void flushRecords();
    });
  }
  async function flushRecords(): Promise<void> {
    recording = true;
    while (toRecord.length > 0) {
      const group = toRecord.splice(0);
      try {
        await record(
          group.flatMap((g) => g.outcomes),
          new Map(group.flatMap((g) => [...g.attempts])),
        );
        for (const g of group) g.done();
      } catch (error) {
        for (const g of group) g.fail(error);
      }
    }
    recording = false;
  }

  async function record(outcomes: Outcome[], attempts: Map<number, number>): Promise<void> {
    const now = clock.now();
    const sent = outcomes.filter((o) => o.kind === 'sent').map((o) => o.id);
    if (sent.length > 0) await db.update(pushOutbox).set({ status: 'sent', sentAt: now, lastError: null }).where(inArray(pushOutbox.id, sent));
    const gone = [...new Set(outcomes.flatMap((o) => (o.kind === 'gone' ? [o.endpoint] : [])))];
    // The browser unsubscribed or the push service forgot it: every follow of that browser goes (their rows too).
    if (gone.length > 0) await db.delete(followSubscriptions).where(and(eq(followSubscriptions.channel, 'push'), inArray(followSubscriptions.target, gone)));
    const again = outcomes.flatMap((o) => {
      if (o.kind !== 'retry' && o.kind !== 'failed') return [];
      const attempt = attempts.get(o.id) ?? 1;
      const final = o.kind === 'failed' || attempt >= settings.maxAttempts;
      const at = final ? null : new Date(now.getTime() + (o.retryInMs ?? pushRetryDelayMs(attempt))).toISOString();
      return [{ id: o.id, status: final ? 'failed' : 'queued', error: o.error, at }];
    });
    // Retries and failures of the slice in one statement too (a 429 storm puts back many messages at once).
    if (again.length > 0) {
      await db.execute(sql`
        update ${pushOutbox} set status = u.status, last_error = u.error, next_attempt_at = coalesce(u.at, ${pushOutbox.nextAttemptAt})
        from jsonb_to_recordset(${JSON.stringify(again)}::jsonb) as u(id bigint, status text, error text, at timestamptz)
        where ${pushOutbox.id} = u.id`);
    }
  }

  return {
    close: async () => {
      agent.destroy();
      await pool.close();
    },
    async sendDue(stopping = () => false) {
      // Claims overlap the posting: the next batch is claimed once fewer than two lanes' worth of messages wait, so
      // posting never stops for a claim, and a claimed message never waits long behind others (its lease runs).
      const batch = settings.concurrency * 4;
      let handled = 0;
      let pending = 0;
      let lowWater: (() => void) | undefined;
      let failure: unknown;
      const posted = () => {
        pending--;
        if (pending <= settings.concurrency * 2) {
          lowWater?.();
          lowWater = undefined;
        }
      };
      const deliveries: Promise<void>[] = [];
      while (failure === undefined) {
        const claimed = await claim(batch);
        handled += claimed.length;
        pending += claimed.length;
        if (claimed.length > 0) {
          let counted = 0;
          const delivery = deliverBatch(claimed, () => {
            counted++;
            posted();
          });
          deliveries.push(
            delivery
              .catch((error: unknown) => {
                failure ??= error;
              })
              .finally(() => {
                // A batch that failed half-way (the database) releases what it still held.
                for (; counted < claimed.length; counted++) posted();
              }),
          );
        }
        if (claimed.length < batch || stopping()) break;
        if (pending > settings.concurrency * 2) await new Promise<void>((resolve) => (lowWater = resolve));
      }
      await Promise.all(deliveries);
      if (failure !== undefined) throw failure;
      return handled;
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
