import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from './db.js';

/**
 * Cross-instance change notifications: PostgreSQL LISTEN/NOTIFY (one channel, one dedicated connection per
 * instance, reconnecting). Payloads are small strings (ids, versions), never personal data.
 *
 * Delivery: `publish` resolves once this instance's own subscribers have run and every other listening instance
 * has acknowledged running its own (or after a time-out, when one vanished), so the next request on any
 * instance sees the change.
 * After the listening connection was lost and comes back, every subscriber receives {@link RESYNC}: changes may
 * have been missed, reload everything. While it is lost, `live` is false (caches must not trust themselves).
 */
export interface ChangeBus {
  /** Call after the write's transaction has committed. A database failure is logged, never thrown. */
  publish(topic: string, payload?: string): Promise<void>;
  /** Returns the unsubscribe function. A listener that throws is logged and does not disturb the others. */
  subscribe(topic: string, listener: (payload: string) => void): () => void;
  /** True while notifications from other instances are being received. */
  readonly live: boolean;
  close(): Promise<void>;
}

/** The payload every subscriber receives after the bus reconnected: anything may have changed meanwhile. */
export const RESYNC = '*';

/** The one PostgreSQL channel; topics travel in the payload. */
export const CHANGE_CHANNEL = 'bjk_changes';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; ours carry ids and versions. */
const MAX_MESSAGE_BYTES = 7900;

type Log = { error(object: unknown, message?: string): void; warn(object: unknown, message?: string): void };
const consoleLog: Log = {
  error: (object, message) => console.error(message ?? '', object),
  warn: (object, message) => console.warn(message ?? '', object),
};

/** Subscribers of one bus, by topic. */
class Listeners {
  private readonly byTopic = new Map<string, Set<(payload: string) => void>>();
  constructor(private readonly log: Log) {}

  add(topic: string, listener: (payload: string) => void): () => void {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byTopic.get(topic) === set) this.byTopic.delete(topic);
    };
  }

  deliver(topic: string, payload: string): void {
    for (const listener of [...(this.byTopic.get(topic) ?? [])]) this.call(listener, topic, payload);
  }

  resync(): void {
    for (const [topic, set] of this.byTopic) for (const listener of [...set]) this.call(listener, topic, RESYNC);
  }

  clear(): void {
    this.byTopic.clear();
  }

  private call(listener: (payload: string) => void, topic: string, payload: string): void {
    try {
      listener(payload);
    } catch (error) {
      this.log.error({ err: error, topic }, 'change bus listener failed');
    }
  }
}

/** A bus that reaches this process's own subscribers only. */
function localBus(log: Log): ChangeBus {
  const listeners = new Listeners(log);
  return {
    live: true,
    publish: async (topic, payload = '') => listeners.deliver(topic, payload),
    subscribe: (topic, listener) => listeners.add(topic, listener),
    close: async () => listeners.clear(),
  };
}

/** A change (`t`opic, `p`ayload) from instance `i`, its `n`th; or an instance's acknowledgement of one. */
type Message = { i: string; n: number; t: string; p: string } | { i: string; n: number; ack: string };

/** The listening sessions of this database: one per live instance (they never run another statement). */
const LISTENERS_QUERY = `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN ${CHANGE_CHANNEL}'`;

/** One of our publications waiting for its echo and the other instances' acknowledgements. */
type Pending = { echoed: boolean; acks: Set<string>; expected: number; finish: () => void };

class PostgresBus implements ChangeBus {
  private readonly instance = randomUUID();
  private readonly listeners: Listeners;
  /** Our publications waiting to have gone round, by sequence number. */
  private readonly pending = new Map<number, Pending>();
  private sequence = 0;
  private client: pg.Client | undefined;
  private closed = false;
  private retryDelayMs = 100;
  private retryTimer: NodeJS.Timeout | undefined;
  live = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Log,
    /** How long `publish` waits for the other instances' acknowledgements (one may have just died). */
    private readonly ackTimeoutMs: number,
  ) {
    this.listeners = new Listeners(log);
  }

  /** Connects the listening client; on a reconnection, every subscriber is told to resynchronise. */
  async connect(reconnecting: boolean): Promise<void> {
    // Its own connection, outside the pool: LISTEN belongs to a session, and a pooled client is shared.
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) this.receive(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.live = true;
    this.retryDelayMs = 100;
    if (reconnecting) this.listeners.resync();
  }

  private lost(client: pg.Client, error: Error | undefined): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    this.live = false;
    this.log.warn({ err: error }, 'change bus lost its PostgreSQL connection; reconnecting');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect(true).catch((error: unknown) => {
        this.log.warn({ err: error }, 'change bus could not reconnect');
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, 5000);
        this.scheduleReconnect();
      });
    }, this.retryDelayMs);
    this.retryTimer.unref();
  }

  private receive(raw: string): void {
    let message: Message;
    try {
      message = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    if ('ack' in message) {
      if (message.ack !== this.instance) return;
      const pending = this.pending.get(message.n);
      pending?.acks.add(message.i);
      this.settle(message.n);
      return;
    }
    if (message.i === this.instance) {
      // Our own, delivered locally by publish; its echo means PostgreSQL has signalled every listener.
      const pending = this.pending.get(message.n);
      if (pending) pending.echoed = true;
      this.settle(message.n);
      return;
    }
    this.listeners.deliver(message.t, message.p);
    // Acknowledged once our subscribers have run: the publisher's write answers only after that.
    const ack = JSON.stringify({ i: this.instance, n: message.n, ack: message.i } satisfies Message);
    this.pool.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, ack]).catch((error: unknown) => {
      this.log.warn({ err: error }, 'change bus could not acknowledge a change');
    });
  }

  private settle(n: number): void {
    const pending = this.pending.get(n);
    if (pending && pending.echoed && pending.acks.size >= pending.expected) pending.finish();
  }

  async publish(topic: string, payload = ''): Promise<void> {
    if (this.closed) return;
    const n = ++this.sequence;
    const text = JSON.stringify({ i: this.instance, n, t: topic, p: payload } satisfies Message);
    if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) throw new Error(`change bus payload too large for ${topic}`);
    // This instance's subscribers first: its next request sees the change whatever happens below.
    this.listeners.deliver(topic, payload);
    try {
      if (!this.live) {
        // Not listening: no echo or acknowledgement would reach us. Others hear it if they listen.
        await this.pool.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, text]);
        return;
      }
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      // Waiting before the notification leaves: its echo and the acknowledgements may come before the count below.
      const pending: Pending = { echoed: false, acks: new Set(), expected: Infinity, finish };
      this.pending.set(n, pending);
      const timer = setTimeout(() => {
        this.log.warn({ topic }, 'change bus: not every instance acknowledged in time');
        finish();
      }, this.ackTimeoutMs);
      try {
        // One statement: the notification and the listeners it reaches (a round trip less on every write, issue 22).
        const { rows } = await this.pool.query<{ count: number }>(`SELECT pg_notify($1, $2), (${LISTENERS_QUERY}) AS count`, [CHANGE_CHANNEL, text]);
        // Every listener but ours acknowledges; one that vanishes meanwhile is waited for until the time-out.
        pending.expected = Math.max(0, (rows[0]?.count ?? 1) - 1);
        this.settle(n);
        await done;
      } finally {
        clearTimeout(timer);
        this.pending.delete(n);
      }
    } catch (error) {
      this.log.error({ err: error, topic }, 'change bus could not notify the other instances');
    }
  }

  subscribe(topic: string, listener: (payload: string) => void): () => void {
    return this.listeners.add(topic, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.listeners.clear();
    for (const pending of this.pending.values()) pending.finish();
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}

/**
 * The bus of one instance on `database`: LISTEN/NOTIFY (resolves once listening, so no change after
 * start-up is missed). Close it before the database.
 */
export async function createChangeBus(database: Database, options: { log?: Log; ackTimeoutMs?: number } = {}): Promise<ChangeBus> {
  const log = options.log ?? consoleLog;
  const bus = new PostgresBus(database.pool, log, options.ackTimeoutMs ?? 2000);
  await bus.connect(false);
  return bus;
}

/** A bus reaching only this process's own subscribers: for an app whose database cannot be reached (tests). */
export function createLocalChangeBus(options: { log?: Log } = {}): ChangeBus {
  return localBus(options.log ?? consoleLog);
}
