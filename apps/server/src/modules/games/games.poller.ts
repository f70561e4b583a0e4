import type { ChangeBus } from '../../platform/change-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import type { Config } from '../../config.js';
import { systemContext } from '../../platform/service-context.js';
import { ingestPgn } from './games-ingest.service.js';
import { claimDuePolls, recordPollFailure, recordPollSuccess, type PollSource } from './games-poll.service.js';
import { publishGamesChanged } from './games.stream.js';
import { fetchOutbound, OutboundError } from '../../platform/outbound.js';

/** A relay's whole `games.pgn` for one round: a full 9-round championship's file is far smaller. */
const POLL_MAX_BYTES = 8 * 1024 * 1024;

class PollFailure extends Error {}

const headerOf = (value: string | string[] | undefined): string | null => (typeof value === 'string' ? value : null);

type Logger = { warn(o: object, m?: string): void; error(o: object, m?: string): void };

export type GamesPoller = {
  /** Polls every source that is due now; answers how many it polled. Safe on several instances at once. */
  runOnce(): Promise<number>;
  /** Polls in the background, looking for due sources every `tickMs`. */
  start(): void;
  stop(): Promise<void>;
};

export type GamesPollerOptions = {
  db: Db;
  clock: Clock;
  config: Config;
  bus: ChangeBus;
  log: Logger;
  /** How often to look for due sources (each source has its own interval). */
  tickMs?: number;
  /** A poll that takes longer than this is a failure. */
  timeoutMs?: number;
};

/**
 * Polls the `games.pgn` address a manager gave per category (DGT LiveChess, LiveChessCloud): conditional requests
 * (If-None-Match, If-Modified-Since) so an unchanged file costs a 304, the games taken like a push, and on failure
 * the error kept on the source for the back office and the next poll pushed back (`pollBackoffMs`).
 */
export function createGamesPoller(options: GamesPollerOptions): GamesPoller {
  const { db, clock, log } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const onGamesChanged = publishGamesChanged(options.bus);

  async function pollOne(source: PollSource): Promise<void> {
    const headers: Record<string, string> = { accept: 'application/x-chess-pgn, text/plain;q=0.9, */*;q=0.5', 'user-agent': 'bjk-platform games poller' };
    if (source.pollEtag) headers['if-none-match'] = source.pollEtag;
    if (source.pollLastModified) headers['if-modified-since'] = source.pollLastModified;
    try {
      // Only a public address, or one an admin allowed (OUTBOUND_ALLOW): an arbiter's setting never reaches inside.
      const response = await fetchOutbound(source.pollUrl, { headers, timeoutMs, maxBytes: POLL_MAX_BYTES, maxRedirects: 3, policy: options.config.outbound });
      if (response.status === 304) {
        await recordPollSuccess(db, source, clock.now(), { etag: source.pollEtag, lastModified: source.pollLastModified, report: null });
        return;
      }
      if (response.status < 200 || response.status >= 300) throw new PollFailure(`http.${response.status}`);
      const text = response.body.toString('utf8');
      const report = await ingestPgn({ ...systemContext(options), onGamesChanged }, source, text, {
        source: 'poll',
        pollUrl: source.pollUrl,
        defaultRound: source.pollRound ?? undefined,
      });
      await recordPollSuccess(db, source, clock.now(), {
        etag: headerOf(response.headers.etag),
        lastModified: headerOf(response.headers['last-modified']),
        report,
      });
    } catch (error) {
      // A failure class, never what the other side sent nor its address: the arbiter learns what to fix, nothing more.
      const code = error instanceof OutboundError ? `outbound.${error.failure}` : error instanceof PollFailure ? error.message : 'outbound.protocol';
      log.warn({ category: source.category, failure: code }, 'games poll failed');
      await recordPollFailure(db, source, clock.now(), code);
    }
  }

  const runOnce = async (): Promise<number> => {
    // The lease covers the poll itself; success or failure then sets the real next poll.
    const claimed = await claimDuePolls(db, clock.now(), timeoutMs + 5_000);
    await Promise.all(claimed.map(pollOne));
    return claimed.length;
  };

  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const tick = async () => {
    if (stopped) return;
    running = runOnce().catch((error: unknown) => {
      log.error({ err: error }, 'games poller round failed');
      return 0;
    });
    await running;
    running = null;
    if (!stopped) timer = setTimeout(() => void tick(), options.tickMs ?? 1000);
  };

  return {
    runOnce,
    start: () => void tick(),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
