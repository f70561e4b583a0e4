import type { AppEvents } from '../../platform/after-commit.js';
import type { ChangeBus } from '../../platform/change-bus.js';
import type { Resolver } from '../../platform/outbound.js';
import { sendDueDigests } from './follow-digests.js';
import { listFollowedCategories, planCategory, type PlanContext } from './notifications.planner.js';
import { purgeFinishedFollowers } from './notifications.service.js';
import { createPushSender } from './push.sender.js';

/** The change-bus topic that wakes every instance's push sender: new messages are in the outbox. */
export const FOLLOW_PUSH_TOPIC = 'follow.push';

/** Followers of an edition are kept this many days after its last day (the final places go out first). */
const KEEP_DAYS_AFTER_EDITION = 1;
const PURGE_EVERY_MS = 3600_000;

type Log = { warn(o: object, m?: string): void; error(o: object, m?: string): void };

/**
 * The after-commit hook's listener: when results or games of a category change (any route, any service), its
 * followers' notices are planned at once on this instance and every instance's sender is woken. The worker's sweep
 * catches what this misses (a crash between commit and plan, an arbiter's result whose grace period ends later).
 */
export function planOnCommit(events: AppEvents, ctx: PlanContext, bus: ChangeBus): () => void {
  return events.on(async (event) => {
    // A game linked to a board or moved may be a followed player's live game now.
    if (event.type !== 'results.changed' && event.type !== 'games.changed' && event.type !== 'games.rearranged') return;
    const planned = await planCategory(ctx, event.edition, event.category);
    if (planned.pushQueued > 0) await bus.publish(FOLLOW_PUSH_TOPIC, 'due');
  });
}

export type FollowWorker = {
  /** One full round: plan every followed category, send due digests, send every due push message. */
  runOnce(): Promise<void>;
  /** Resolves once what is due now has been sent (tests, the benchmark). */
  drained(): Promise<void>;
  stop(): Promise<void>;
};

export type FollowWorkerOptions = PlanContext & {
  bus: ChangeBus;
  log: Log;
  config: PlanContext['config'] & Parameters<typeof createPushSender>[0]['config'];
  ca?: string | Buffer;
  resolve?: Resolver;
};

/**
 * Each instance runs one: woken through the bus when messages are queued (any instance may have planned them), and
 * every `NOTIFY_SWEEP_MS` (or sooner, when an arbiter's result leaves its grace period) it plans, sends digests and
 * retries. Rows are claimed with SKIP LOCKED, so instances share the work and never send one message twice.
 */
export function startFollowWorker(options: FollowWorkerOptions): FollowWorker {
  const { db, clock, config, bus, log } = options;
  const sender = createPushSender({ db, clock, config, ca: options.ca, resolve: options.resolve });
  let stopped = false;
  let sending: Promise<void> | null = null;
  let again = false;
  let sweepTimer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  let lastPurge = 0;

  const send = (): Promise<void> => {
    again = true;
    if (sending) return sending;
    sending = (async () => {
      try {
        while (again && !stopped) {
          again = false;
          while (!stopped && (await sender.sendDue(() => stopped)) > 0) again = false;
        }
      } catch (err) {
        log.error({ err }, 'push sending failed');
      } finally {
        sending = null;
      }
    })();
    return sending;
  };

  const runOnce = async () => {
    let nextDueAt: number | null = null;
    for (const { edition, category } of await listFollowedCategories(db)) {
      const planned = await planCategory(options, edition, category);
      if (planned.nextDueAt !== null) nextDueAt = Math.min(nextDueAt ?? Infinity, planned.nextDueAt);
    }
    while ((await sendDueDigests(options)) > 0);
    await send();
    // A message put back for a retry (a 429's Retry-After, a timeout) is sent when it falls due, not a sweep later.
    const retryAt = await sender.nextAttemptAt();
    if (retryAt !== null) nextDueAt = Math.min(nextDueAt ?? Infinity, retryAt);
    const now = clock.now().getTime();
    if (now - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = now;
      const purged = await purgeFinishedFollowers(db, clock.now(), KEEP_DAYS_AFTER_EDITION);
      if (purged > 0) log.warn({ purged }, 'followers of a finished edition deleted');
    }
    return nextDueAt;
  };

  const sweep = () => {
    if (stopped) return;
    sweeping = runOnce()
      .catch((err: unknown) => {
        log.error({ err }, 'follow worker round failed');
        return null;
      })
      .then((nextDueAt) => {
        sweeping = null;
        if (stopped) return;
        const wait =
          nextDueAt === null ? config.notifications.sweepMs : Math.max(50, Math.min(config.notifications.sweepMs, nextDueAt - clock.now().getTime()));
        sweepTimer = setTimeout(sweep, wait);
      });
  };
  const unsubscribe = bus.subscribe(FOLLOW_PUSH_TOPIC, () => void send());
  sweepTimer = setTimeout(sweep, 0);

  return {
    runOnce: async () => {
      await runOnce();
    },
    drained: async () => {
      while (sending) await sending;
    },
    stop: async () => {
      stopped = true;
      unsubscribe();
      if (sweepTimer) clearTimeout(sweepTimer);
      await sweeping;
      await sending;
      await sender.close();
    },
  };
}
