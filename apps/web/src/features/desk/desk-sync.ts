import {
  DESK_BATCH_MAX,
  judgeDeskEvents,
  type DeskEvent,
  type DeskEventBatchResult,
  type DeskEventInput,
  type DeskEventsPage,
  type DeskRoster,
  type MealSlot,
} from '@bjk/domain/desk';
import { dateInTimeZone } from '@bjk/domain/dates';
import { extendSession } from '../../shared/auth/session';
import { http, HttpError } from '../../shared/http';
import { keepEvents, listEvents, listQueued, queueScan, readRoster, readSetting, saveRoster, settleQueued, wipeRoster, writeSetting } from './desk-store';
import { randomId } from '../../shared/random-id';

/** A scan as the page asks for it: the phone adds its id and time. */
export type DeskScanInput = { badgeId: string; desk: string } & ({ mode: 'arrival' | 'departure' } | { mode: 'meal'; meal: MealSlot });

/** A scan as the page shows it: recorded (with a `seq`) or waiting on the phone, judged over every scan known here. */
export type KnownScan = Omit<DeskEvent, 'seq' | 'receivedAt' | 'holder' | 'personId'> & {
  seq: number | null;
  pending: boolean;
  status: 'counted' | 'repeat';
  first: { id: string; scannedAt: string; desk: string } | null;
};

export type DeskState = {
  /** Whether the phone is started: the kept roster and queue are read. */
  ready: boolean;
  roster: DeskRoster | null;
  /** Whether the last exchange with the server went through (and the browser says it is connected). */
  online: boolean;
  scans: KnownScan[];
  queued: number;
  /** Scans the server refused (a badge nobody wears), with their code, to show once. */
  refused: { id: string; badgeId: string; code: string }[];
  /** The roster could not be loaded (no network and none kept, or the server's error). */
  rosterError: unknown;
  /** The server answers the stream: other desks' scans arrive at once. */
  live: boolean;
};

/** Pauses before sending the queue (and reloading) again after a failure; the last repeats. */
const RETRY_MS = [2_000, 5_000, 10_000];
const CURSOR = 'cursor';

/** A phone-made id (UUID v4; made on plain http too, see random-id.ts). */
export const newScanId = randomId;

function isNetworkFailure(error: unknown): boolean {
  return error instanceof HttpError && (error.status >= 500 || error.status === 408 || error.status === 429);
}

/**
 * The desk's phone: keeps the roster and the scans in IndexedDB, sends the queue whenever the network lets it, and
 * follows the other desks' scans through the server's stream. One per page; `subscribe` for React.
 */
export class DeskSync {
  private state: DeskState = { ready: false, roster: null, online: navigator.onLine, scans: [], queued: 0, refused: [], rosterError: null, live: false };
  private readonly listeners = new Set<() => void>();
  private known: (DeskEvent & { status?: string })[] = [];
  private queue: DeskEventInput[] = [];
  private flushing: Promise<void> | null = null;
  private pulling: Promise<void> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private stopped = false;
  private stream: AbortController | null = null;
  private streamRetry: ReturnType<typeof setTimeout> | null = null;
  private readonly onOnline = () => void this.reconnect();
  private readonly onOffline = () => this.set({ online: false });

  constructor(private readonly getToken: () => string | null) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): DeskState => this.state;

  private set(patch: Partial<DeskState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Reads what the phone kept, then loads a fresh roster, sends the queue and follows the stream when it can. */
  async start(): Promise<void> {
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    const [roster, known, queue] = await Promise.all([readRoster(), listEvents(), listQueued()]);
    this.known = known;
    this.queue = queue;
    this.set({ ready: true, roster });
    this.rejudge();
    await this.reconnect();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    if (this.retry) clearTimeout(this.retry);
    if (this.streamRetry) clearTimeout(this.streamRetry);
    this.stream?.abort();
  }

  /** Everything that needs the network, in order: roster (with the desk's day-long sign-in), queue, stream. */
  private async reconnect(): Promise<void> {
    if (this.stopped) return;
    const loaded = await this.loadRoster();
    if (!loaded) return;
    await this.flush();
    this.openStream();
  }

  /** Loads the day's roster and keeps it; keeps the sign-in until the day's end. False when the network failed. */
  async loadRoster(): Promise<boolean> {
    try {
      const roster = await http.get<DeskRoster>('/api/v1/desk/roster', { timeoutMs: 30_000 });
      const session = await http.post<{ expiresAt: string }>('/api/v1/desk/session', undefined, { retry: false, timeoutMs: 10_000 });
      extendSession(session.expiresAt);
      await saveRoster(roster);
      const cursor = (await readSetting<number>(CURSOR)) ?? 0;
      if (roster.last > cursor || this.state.roster?.date !== roster.date) await writeSetting(CURSOR, roster.last);
      this.known = await listEvents();
      this.failures = 0;
      this.set({ roster, online: true, rosterError: null });
      this.rejudge();
      return true;
    } catch (error) {
      this.fail(error);
      if (!this.state.roster) this.set({ rosterError: error });
      return false;
    }
  }

  /** Records a scan on the phone (judged at once over what it knows) and sends it when it can. */
  async record(event: DeskScanInput): Promise<string> {
    const scan: DeskEventInput = { ...event, id: newScanId(), scannedAt: new Date().toISOString() };
    await queueScan(scan);
    this.queue.push(scan);
    this.rejudge();
    void this.flush();
    return scan.id;
  }

  /** Sends the queue in batches (each scan's id makes a resend harmless); one sending at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.sendQueue().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendQueue(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      const batch = this.queue.slice(0, DESK_BATCH_MAX);
      let result: DeskEventBatchResult;
      try {
        result = await http.post<DeskEventBatchResult>('/api/v1/desk/events', { events: batch }, { timeoutMs: 15_000 });
      } catch (error) {
        this.fail(error);
        return;
      }
      const ids = batch.map((e) => e.id);
      await settleQueued(ids, result.events);
      const sent = new Set(ids);
      this.queue = this.queue.filter((e) => !sent.has(e.id));
      this.known = [...this.known.filter((e) => !sent.has(e.id)), ...result.events];
      const refused = result.rejected.map((r) => ({ ...r, badgeId: batch.find((e) => e.id === r.id)?.badgeId ?? '' }));
      this.failures = 0;
      this.set({ online: true, refused: refused.length ? [...this.state.refused, ...refused] : this.state.refused });
      this.rejudge();
    }
    // What other desks recorded meanwhile judges these scans too.
    await this.pull();
  }

  /** Reads the scans recorded after the phone's cursor (other desks', and its own). */
  pull(): Promise<void> {
    this.pulling ??= this.readAfterCursor().finally(() => {
      this.pulling = null;
    });
    return this.pulling;
  }

  private async readAfterCursor(): Promise<void> {
    for (;;) {
      const after = (await readSetting<number>(CURSOR)) ?? 0;
      let page: DeskEventsPage;
      try {
        page = await http.get<DeskEventsPage>('/api/v1/desk/events', { query: { after }, timeoutMs: 15_000 });
      } catch (error) {
        this.fail(error);
        return;
      }
      await keepEvents(page.events);
      await writeSetting(CURSOR, page.last);
      const byId = new Map(this.known.map((e) => [e.id, e]));
      for (const event of page.events) byId.set(event.id, event);
      this.known = [...byId.values()];
      this.set({ online: true });
      this.rejudge();
      if (page.events.length === 0 || page.last === after) return;
    }
  }

  /** A failed exchange: offline when the network failed, and everything is tried again after a pause. */
  private fail(error: unknown): void {
    if (!isNetworkFailure(error)) {
      // Refused (the sign-in ended: the login page follows; a role without the desk): say so, do not retry.
      this.set({ rosterError: error });
      return;
    }
    this.set({ online: false, live: false });
    if (this.retry || this.stopped) return;
    const pause = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)]!;
    this.failures += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.reconnect();
    }, pause);
  }

  /**
   * The server's stream of "a desk recorded scans", read with the sign-in's bearer token (EventSource sends no
   * headers): each message reads what came after the cursor. A dropped stream is opened again by `reconnect`.
   */
  private openStream(): void {
    if (this.stream || this.stopped) return;
    const token = this.getToken();
    if (!token) return;
    const controller = new AbortController();
    this.stream = controller;
    const closed = () => {
      if (this.stream === controller) this.stream = null;
      this.set({ live: false });
      if (this.stopped || controller.signal.aborted) return;
      this.streamRetry ??= setTimeout(() => {
        this.streamRetry = null;
        void this.reconnect();
      }, RETRY_MS.at(-1));
    };
    void (async () => {
      try {
        const response = await fetch('/api/v1/desk/stream', {
          headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) return closed();
        this.set({ live: true, online: true });
        // Scans recorded while the stream was down.
        void this.pull();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          const messages = buffer.split('\n\n');
          buffer = messages.pop() ?? '';
          if (messages.some((m) => /^data:/m.test(m))) void this.pull();
        }
      } catch {
        // Aborted, or the network dropped: `closed` decides.
      }
      closed();
    })();
  }

  /** Judges every scan known on the phone (recorded and waiting) with the server's own rule. */
  private rejudge(): void {
    const scans: (Omit<KnownScan, 'status' | 'first' | 'seq'> & { seq?: number })[] = [
      ...this.known.map((e) => ({
        id: e.id,
        seq: e.seq,
        badgeId: e.badgeId,
        mode: e.mode,
        meal: e.meal,
        scannedAt: e.scannedAt,
        desk: e.desk,
        pending: false,
      })),
      ...this.queue.map((e) => ({
        id: e.id,
        badgeId: e.badgeId,
        mode: e.mode,
        meal: e.mode === 'meal' ? e.meal : null,
        scannedAt: e.scannedAt,
        desk: e.desk,
        pending: true,
      })),
    ];
    const verdicts = judgeDeskEvents(scans);
    this.set({
      queued: this.queue.length,
      scans: scans.map((s) => ({ ...s, seq: s.seq ?? null, ...(verdicts.get(s.id) ?? { status: 'counted' as const, first: null }) })),
    });
  }

  /** Forgets the roster now (the day is over) and loads the new day's when the network lets it. */
  async endDay(): Promise<void> {
    await wipeRoster();
    this.known = [];
    this.set({ roster: null });
    this.rejudge();
    await this.reconnect();
  }
}

/** The scans of one badge the card lists: arrival and departure whenever, meals of the roster's day. */
export function scansOfBadge(scans: readonly KnownScan[], badgeId: string, roster: Pick<DeskRoster, 'date' | 'timeZone'>): KnownScan[] {
  return scans
    .filter((s) => s.badgeId === badgeId && (s.mode !== 'meal' || dateInTimeZone(new Date(s.scannedAt), roster.timeZone) === roster.date))
    .sort((a, b) => Date.parse(a.scannedAt) - Date.parse(b.scannedAt));
}
