import type { ServerResponse } from 'node:http';
import type { PublicGame } from '@bjk/domain';
import { RESYNC, type ChangeBus } from '../../platform/change-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { visibleRoundState, type GamesChanged } from './games.service.js';

/**
 * Live moves for visitors: server-sent events per category and round. A write anywhere (any instance) publishes
 * `results.games` on the change bus with the instant its moves become visible (arrival + broadcast delay); every
 * instance with viewers of that round wakes at that instant, reads the round as visible *then* (the same rule as
 * the public API, so no client ever receives a move before its delay), and sends the games whose visible part
 * changed. One read per round and instance, whatever the number of viewers; the event text is built once.
 */

export const GAMES_TOPIC = 'results.games';

/** Bursts of pushes (a relay posting board after board) are read once: at most one read per round this often. */
const MIN_REFRESH_MS = 100;
/** A comment line now and then keeps proxies and phones from dropping a quiet stream. */
const HEARTBEAT_MS = 25_000;

type Log = { error(object: unknown, message?: string): void };

type Room = {
  key: string;
  category: string;
  round: number;
  clients: Set<ServerResponse>;
  /** What the viewers have: each game's last sent JSON, by id. Null until the first read. */
  sent: Map<number, string> | null;
  snapshot: string | null;
  timer: NodeJS.Timeout | null;
  timerAt: number;
  lastRefreshAt: number;
  refreshing: Promise<void> | null;
  again: boolean;
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

/** Tells every instance (through the bus) that a round's games changed, visible from `revealAt`. */
export function publishGamesChanged(bus: ChangeBus): GamesChanged {
  return ({ category, round, revealAt }) => bus.publish(GAMES_TOPIC, `${category}:${round}:${revealAt.getTime()}`);
}

const eventText = (games: PublicGame[]) => `event: games\ndata: ${JSON.stringify({ games })}\n\n`;

export function createGamesFeed(deps: { db: Db; clock: Clock; bus: ChangeBus; log: Log }): GamesFeed {
  const { db, clock, bus, log } = deps;
  const rooms = new Map<string, Room>();
  const keyOf = (category: string, round: number) => `${category}:${round}`;

  function schedule(room: Room, at: number) {
    const due = Math.max(at, room.lastRefreshAt + MIN_REFRESH_MS);
    if (room.timer && room.timerAt <= due) return;
    if (room.timer) clearTimeout(room.timer);
    room.timerAt = due;
    // The clock may be a test's; the wait is what is left until `due` by that clock.
    room.timer = setTimeout(() => {
      room.timer = null;
      void refresh(room);
    }, Math.max(0, due - clock.now().getTime()));
  }

  async function refresh(room: Room): Promise<void> {
    if (room.refreshing) {
      room.again = true;
      return room.refreshing;
    }
    room.refreshing = (async () => {
      try {
        room.lastRefreshAt = clock.now().getTime();
        const { games, nextRevealAt } = await visibleRoundState(db, clock, room.category, room.round);
        const sent = room.sent ?? new Map<number, string>();
        const changed: PublicGame[] = [];
        for (const game of games) {
          const text = JSON.stringify(game);
          if (sent.get(game.id) !== text) {
            sent.set(game.id, text);
            changed.push(game);
          }
        }
        const first = room.sent === null;
        room.sent = sent;
        room.snapshot = eventText(games);
        if (!first && changed.length > 0) {
          const text = eventText(changed);
          for (const client of room.clients) client.write(text);
        }
        if (nextRevealAt !== null) schedule(room, nextRevealAt);
      } catch (error) {
        log.error({ err: error, room: room.key }, 'live games refresh failed');
      } finally {
        room.refreshing = null;
      }
      if (room.again) {
        room.again = false;
        schedule(room, clock.now().getTime());
      }
    })();
    return room.refreshing;
  }

  const unsubscribe = bus.subscribe(GAMES_TOPIC, (payload) => {
    if (payload === RESYNC) {
      for (const room of rooms.values()) schedule(room, clock.now().getTime());
      return;
    }
    const [category, round, revealAt] = payload.split(':');
    const room = rooms.get(keyOf(category ?? '', Number(round)));
    if (room) schedule(room, Number(revealAt) || clock.now().getTime());
  });

  const heartbeat = setInterval(() => {
    for (const room of rooms.values()) for (const client of room.clients) client.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  function leave(room: Room, response: ServerResponse) {
    room.clients.delete(response);
    // The client went away (a stream never ends by itself): let go of its connection too, or a closing server
    // would wait for it.
    response.destroy();
    if (room.clients.size === 0 && rooms.get(room.key) === room) {
      if (room.timer) clearTimeout(room.timer);
      rooms.delete(room.key);
    }
  }

  return {
    notify: publishGamesChanged(bus),

    async attach(category, round, response) {
      const key = keyOf(category, round);
      let room = rooms.get(key);
      if (!room) {
        room = { key, category, round, clients: new Set(), sent: null, snapshot: null, timer: null, timerAt: 0, lastRefreshAt: 0, refreshing: null, again: false };
        rooms.set(key, room);
      }
      const joined = room;
      joined.clients.add(response);
      response.on('close', () => leave(joined, response));
      response.write('retry: 3000\n\n');
      if (joined.snapshot === null) await refresh(joined);
      else if (joined.refreshing) await joined.refreshing;
      if (joined.snapshot !== null && !response.writableEnded) response.write(joined.snapshot);
    },

    viewerCount: () => [...rooms.values()].reduce((n, room) => n + room.clients.size, 0),

    close() {
      unsubscribe();
      clearInterval(heartbeat);
      for (const room of rooms.values()) {
        if (room.timer) clearTimeout(room.timer);
        for (const client of room.clients) client.destroy();
      }
      rooms.clear();
    },
  };
}
