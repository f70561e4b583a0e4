import type { ServerResponse } from 'node:http';
import type { PublicGame } from '@bjk/domain';
import { RESYNC, type ChangeBus } from '../../platform/change-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import type { GamesChanged } from './games-ingest.service.js';
import { visibleRoundState } from './games-read.service.js';

/**
 * Live moves for visitors: server-sent events per category and round. A write anywhere (any instance) publishes
 * `results.games` on the change bus with the games it changed and the instant their moves become visible (arrival +
 * broadcast delay); every instance with viewers of that round wakes at that instant, reads just those games as
 * visible *then* (the same rule as the public API, so no client ever receives a move before its delay), and sends
 * the ones whose visible part changed. One read per round and instance whatever the number of viewers, of the games
 * that changed only; the event text is built once and the same bytes written to every viewer. The room keeps each
 * game's last sent state, so a viewer who joins gets the whole round without a read.
 */

export const GAMES_TOPIC = 'results.games';

/**
 * Changes due within this window are sent together (a relay posting board after board): at most one read and one
 * event per round this often, well inside the one second a move may take from the push to the viewer.
 */
const MIN_REFRESH_MS = 200;
/** A change naming more games than this reads the whole round (a bus payload stays small). */
const MAX_IDS_IN_PAYLOAD = 300;

type Log = { error(object: unknown, message?: string): void };

type Room = {
  key: string;
  category: string;
  round: number;
  clients: Set<ServerResponse>;
  /** What the viewers have: each game as last sent and its JSON, by id. Null until the first read. */
  games: Map<number, { game: PublicGame; json: string }> | null;
  /** The whole round as one event, for a viewer who joins; null when a change made it out of date. */
  snapshot: string | null;
  /** Games to read again, each at the instant more of it becomes visible. */
  pending: Map<number, number>;
  /** When the whole round must be read again (a rematch, a changed delay, a lost bus), or null. */
  fullAt: number | null;
  timer: NodeJS.Timeout | null;
  timerAt: number;
  lastRefreshAt: number;
  refreshing: Promise<void> | null;
};

export type GamesFeed = {
  /** Publishes a change on the bus (for `ingestPgn`). */
  notify: GamesChanged;
  /** Streams the round to this response until the client goes away; the first event is the whole round. */
  attach(category: string, round: number, response: ServerResponse): Promise<void>;
  /** Number of connected viewers (benchmarks, health). */
  viewerCount(): number;
  close(): void;
};

/** Tells every instance (through the bus) that games changed, visible from `revealAt`. */
export function publishGamesChanged(bus: ChangeBus): GamesChanged {
  return ({ category, round, revealAt, ids }) => {
    const named = ids && ids.length <= MAX_IDS_IN_PAYLOAD ? ids.join(',') : '';
    return bus.publish(GAMES_TOPIC, `${category}:${round ?? '*'}:${revealAt.getTime()}:${named}`);
  };
}

const eventText = (games: PublicGame[]) => `event: games\ndata: ${JSON.stringify({ games })}\n\n`;
const boardOrder = (a: PublicGame, b: PublicGame) => (a.board ?? Infinity) - (b.board ?? Infinity) || a.id - b.id;

export function createGamesFeed(deps: { db: Db; clock: Clock; bus: ChangeBus; log: Log }): GamesFeed {
  const { db, clock, bus, log } = deps;
  const rooms = new Map<string, Room>();
  const keyOf = (category: string, round: number) => `${category}:${round}`;

  /** Wakes the room at `at` (not sooner than MIN_REFRESH_MS after its last read), unless it wakes sooner already. */
  function schedule(room: Room) {
    if (rooms.get(room.key) !== room) return;
    let at = room.fullAt ?? Infinity;
    for (const when of room.pending.values()) at = Math.min(at, when);
    if (at === Infinity) return;
    const due = Math.max(at, room.lastRefreshAt + MIN_REFRESH_MS);
    if (room.timer && room.timerAt <= due) return;
    if (room.timer) clearTimeout(room.timer);
    room.timerAt = due;
    // The clock may be a test's; the wait is what is left until `due` by that clock.
    room.timer = setTimeout(
      () => {
        room.timer = null;
        void refresh(room);
      },
      Math.max(0, due - clock.now().getTime()),
    );
  }

  /** Reads the due games (or the whole round) and sends what changed, as one event, to every viewer of the room. */
  async function read(room: Room): Promise<void> {
    const now = clock.now().getTime();
    room.lastRefreshAt = now;
    const whole = room.games === null || (room.fullAt !== null && room.fullAt <= now);
    let ids: number[] | undefined;
    if (whole) {
      room.fullAt = null;
      room.pending.clear();
    } else {
      ids = [...room.pending].filter(([, at]) => at <= now).map(([id]) => id);
      if (ids.length === 0) return;
      for (const id of ids) room.pending.delete(id);
    }
    const { games, reveals } = await visibleRoundState({ db, clock }, room.category, room.round, ids);
    for (const [id, at] of reveals) room.pending.set(id, Math.min(at, room.pending.get(id) ?? Infinity));
    const first = room.games === null;
    const known = room.games ?? new Map<number, { game: PublicGame; json: string }>();
    const changed: PublicGame[] = [];
    for (const game of games) {
      const json = JSON.stringify(game);
      if (known.get(game.id)?.json !== json) {
        known.set(game.id, { game, json });
        changed.push(game);
      }
    }
    room.games = known;
    if (changed.length > 0 || first) room.snapshot = null;
    if (!first && changed.length > 0) {
      const text = eventText(changed.sort(boardOrder));
      for (const client of room.clients) client.write(text);
    }
  }

  function refresh(room: Room): Promise<void> {
    // A read under way reschedules when it ends: what arrived meanwhile waits for it.
    if (room.refreshing) return room.refreshing;
    const running = read(room)
      .catch((error: unknown) => log.error({ err: error, room: room.key }, 'live games refresh failed'))
      .finally(() => {
        room.refreshing = null;
        schedule(room);
      });
    room.refreshing = running;
    return running;
  }

  function snapshotOf(room: Room): string {
    room.snapshot ??= eventText([...(room.games?.values() ?? [])].map((entry) => entry.game).sort(boardOrder));
    return room.snapshot;
  }

  const unsubscribe = bus.subscribe(GAMES_TOPIC, (payload) => {
    const now = clock.now().getTime();
    if (payload === RESYNC) {
      for (const room of rooms.values()) {
        room.fullAt = now;
        schedule(room);
      }
      return;
    }
    const [category = '', round = '', revealAt = '', named = ''] = payload.split(':');
    const at = Number(revealAt) || now;
    for (const room of rooms.values()) {
      if (room.category !== category || (round !== '*' && room.round !== Number(round))) continue;
      if (named === '' || room.games === null) room.fullAt = Math.min(room.fullAt ?? Infinity, at);
      else for (const id of named.split(',').map(Number)) room.pending.set(id, Math.min(at, room.pending.get(id) ?? Infinity));
      schedule(room);
    }
  });

  function leave(room: Room, response: ServerResponse) {
    room.clients.delete(response);
    // The client went away (a stream never ends by itself): let go of its connection too, or a closing server
    // would wait for it.
    response.destroy();
    if (room.clients.size === 0 && rooms.get(room.key) === room) drop(room);
  }

  function drop(room: Room) {
    if (room.timer) clearTimeout(room.timer);
    room.timer = null;
    rooms.delete(room.key);
  }

  return {
    notify: publishGamesChanged(bus),

    async attach(category, round, response) {
      const key = keyOf(category, round);
      let room = rooms.get(key);
      if (!room) {
        room = {
          key,
          category,
          round,
          clients: new Set(),
          games: null,
          snapshot: null,
          pending: new Map(),
          fullAt: null,
          timer: null,
          timerAt: 0,
          lastRefreshAt: 0,
          refreshing: null,
        };
        rooms.set(key, room);
      }
      const joined = room;
      // The first viewer's read, or one under way: the viewer joins between reads, so the snapshot and the events
      // after it follow each other without a gap or an overlap.
      for (let tries = 0; (joined.games === null || joined.refreshing) && tries < 3; tries++) await (joined.refreshing ?? refresh(joined));
      if (response.destroyed || response.writableEnded || !response.socket || response.socket.destroyed || joined.games === null || rooms.get(key) !== joined) {
        if (joined.clients.size === 0 && rooms.get(key) === joined) drop(joined);
        response.destroy();
        return;
      }
      joined.clients.add(response);
      response.on('close', () => leave(joined, response));
      response.write(snapshotOf(joined));
    },

    viewerCount: () => [...rooms.values()].reduce((n, room) => n + room.clients.size, 0),

    close() {
      unsubscribe();
      for (const room of rooms.values()) {
        if (room.timer) clearTimeout(room.timer);
        for (const client of room.clients) client.destroy();
      }
      rooms.clear();
    },
  };
}
