import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { runRetention } from './retention.service.js';

type Log = { info(o: object, m?: string): void; error(o: object, m?: string): void };

/** The shredder runs at start and then hourly: its stages are due by the day, an hour late is no harm. */
const RETENTION_EVERY_MS = 3600_000;

export type RetentionWorker = { stop(): Promise<void> };

/**
 * Each instance runs one; a stage of an edition is claimed in the database, so instances never shred twice. Logs
 * counts and edition codes only (never a name or an address).
 */
export function startRetentionWorker(options: { db: Db; clock: Clock; log: Log; everyMs?: number }): RetentionWorker {
  const { db, clock, log } = options;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= runRetention(db, clock)
      .then((runs) => {
        for (const r of runs) log.info({ edition: r.edition, stage: r.stage, counts: r.counts }, 'retention: personal data erased');
      })
      .catch((err: unknown) => log.error({ err }, 'retention run failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  void run();
  const timer = setInterval(() => void run(), options.everyMs ?? RETENTION_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
