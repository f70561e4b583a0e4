import type { PgnIngestReport } from '@bjk/domain';
import type { Db, DbOrTx } from '../../platform/db.js';
import { claimPollSource, listDuePollSources, updatePolledSource } from './games.repository.js';

// Polling a relay's address

export type PollSource = {
  edition: string;
  category: string;
  pollUrl: string;
  pollSeconds: number;
  pollRound: number | null;
  pollEtag: string | null;
  pollLastModified: string | null;
  pollFailures: number;
};

/**
 * The sources due for a poll, each claimed with a conditional update (its next poll moved a lease ahead), so that
 * of several instances exactly one polls a source at a time.
 */
export async function claimDuePolls(db: Db, now: Date, leaseMs: number): Promise<PollSource[]> {
  const due = await listDuePollSources(db, now);
  const claimed: PollSource[] = [];
  for (const row of due) {
    const taken = await claimPollSource(db, row, { nextPollAt: new Date(now.getTime() + leaseMs), lastPollAt: now });
    if (taken && row.pollUrl) claimed.push({ ...row, pollUrl: row.pollUrl });
  }
  return claimed;
}

/** First retry after one interval, doubling up to ten minutes: a relay down for a while is not hammered. */
export function pollBackoffMs(pollSeconds: number, failures: number): number {
  return Math.min(pollSeconds * 1000 * 2 ** Math.max(0, failures - 1), 10 * 60_000);
}

export async function recordPollSuccess(
  db: Db,
  source: PollSource,
  now: Date,
  outcome: { etag: string | null; lastModified: string | null; report: PgnIngestReport | null },
): Promise<void> {
  const refused = outcome.report?.errors ?? [];
  await updatePolledSource(db, source, {
    ...(outcome.report ? { pollEtag: outcome.etag, pollLastModified: outcome.lastModified } : {}),
    pollFailures: 0,
    lastPollSuccessAt: now,
    // Games refused by the reader are worth a manager's eye even though the poll itself worked: how many, not what
    // the relay sent (the manager's upload of the same file names each game and why).
    lastPollError: refused.length > 0 ? `pgn.refused.${refused.length}` : null,
    lastPollErrorAt: refused.length > 0 ? now : null,
    nextPollAt: new Date(now.getTime() + source.pollSeconds * 1000),
  });
}

/** `code`: `outbound.<failure>` (platform/outbound.ts) or `http.<status>`; the back office translates it. */
export async function recordPollFailure(db: DbOrTx, source: PollSource, now: Date, code: string): Promise<void> {
  const failures = source.pollFailures + 1;
  await updatePolledSource(db, source, {
    pollFailures: failures,
    lastPollError: code,
    lastPollErrorAt: now,
    nextPollAt: new Date(now.getTime() + pollBackoffMs(source.pollSeconds, failures)),
  });
}
