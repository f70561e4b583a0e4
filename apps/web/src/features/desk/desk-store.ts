import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DeskEvent, DeskEventInput, DeskRoster, JudgedDeskEvent } from '@bjk/domain/desk';
import { DESK_DATABASE } from '../../shared/auth/desk-storage';

/**
 * What a desk's phone keeps in IndexedDB so it works while the hall's Wi-Fi is down: the day's roster (photos of
 * minors included: wiped at sign-out, see shared/auth/desk-storage.ts, and once the day is over), the scans it made
 * that wait to be sent (each with the id the phone made: sending one twice is harmless), the scans it knows of (its
 * own once recorded, and every other desk's), and small settings (the desk's name, the stream's cursor).
 */
type DeskDb = DBSchema & {
  roster: { key: string; value: DeskRoster };
  queue: { key: string; value: DeskEventInput & { queuedAt: string } };
  events: { key: string; value: DeskEvent | JudgedDeskEvent };
  settings: { key: string; value: unknown };
};

let opened: Promise<IDBPDatabase<DeskDb>> | null = null;

function db(): Promise<IDBPDatabase<DeskDb>> {
  opened ??= openDB<DeskDb>(DESK_DATABASE, 1, {
    upgrade(database) {
      database.createObjectStore('roster');
      database.createObjectStore('queue', { keyPath: 'id' });
      database.createObjectStore('events', { keyPath: 'id' });
      database.createObjectStore('settings');
    },
    // Another tab signed out (it deletes the database): let go, the next call opens a fresh one.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
    terminated() {
      opened = null;
    },
  });
  return opened;
}

const ROSTER_KEY = 'today';

/** The roster kept on the phone, or null when there is none or its day is over (it is wiped then). */
export async function readRoster(now = Date.now()): Promise<DeskRoster | null> {
  const roster = (await (await db()).get('roster', ROSTER_KEY)) ?? null;
  if (roster && Date.parse(roster.validUntil) <= now) {
    await wipeRoster();
    return null;
  }
  return roster;
}

/** Keeps a freshly loaded roster, and the scans it carries (a new day's roster replaces the day before's scans). */
export async function saveRoster(roster: DeskRoster): Promise<void> {
  const database = await db();
  const tx = database.transaction(['roster', 'events'], 'readwrite');
  const previous = await tx.objectStore('roster').get(ROSTER_KEY);
  if (previous && previous.date !== roster.date) await tx.objectStore('events').clear();
  await tx.objectStore('roster').put(roster, ROSTER_KEY);
  for (const event of roster.events) {
    const known = await tx.objectStore('events').get(event.id);
    // A judged copy (from sending) keeps its verdict; the roster's plain copy would drop it.
    if (!known) await tx.objectStore('events').put(event);
  }
  await tx.done;
}

/** The roster and the scans known with it: what the day's photos and names need gone (the queue stays: it is the desk's work). */
export async function wipeRoster(): Promise<void> {
  const database = await db();
  const tx = database.transaction(['roster', 'events'], 'readwrite');
  await Promise.all([tx.objectStore('roster').clear(), tx.objectStore('events').clear(), tx.done]);
}

export async function queueScan(event: DeskEventInput): Promise<void> {
  await (await db()).put('queue', { ...event, queuedAt: new Date().toISOString() });
}

/** The scans waiting to be sent, oldest first. */
export async function listQueued(): Promise<DeskEventInput[]> {
  const queued = await (await db()).getAll('queue');
  return queued.sort((a, b) => (a.queuedAt < b.queuedAt ? -1 : a.queuedAt > b.queuedAt ? 1 : 0)).map(({ queuedAt: _queuedAt, ...event }) => event);
}

/** Takes sent scans off the queue (recorded or refused by the server) and keeps what the server answered of them. */
export async function settleQueued(ids: readonly string[], recorded: readonly (DeskEvent | JudgedDeskEvent)[]): Promise<void> {
  const database = await db();
  const tx = database.transaction(['queue', 'events'], 'readwrite');
  for (const id of ids) await tx.objectStore('queue').delete(id);
  for (const event of recorded) await tx.objectStore('events').put(event);
  await tx.done;
}

/** Scans other desks recorded (read after the cursor); a judged copy already known keeps its verdict until judged again. */
export async function keepEvents(events: readonly DeskEvent[]): Promise<void> {
  if (events.length === 0) return;
  const database = await db();
  const tx = database.transaction('events', 'readwrite');
  for (const event of events) {
    const known = await tx.store.get(event.id);
    await tx.store.put(known ? { ...known, ...event } : event);
  }
  await tx.done;
}

export async function listEvents(): Promise<(DeskEvent | JudgedDeskEvent)[]> {
  return (await db()).getAll('events');
}

export async function readSetting<T>(key: string): Promise<T | undefined> {
  return (await (await db()).get('settings', key)) as T | undefined;
}

export async function writeSetting(key: string, value: unknown): Promise<void> {
  await (await db()).put('settings', value, key);
}
