import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { GAMES_ERRORS, type GameSource, type GameSourceUpdate } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import type { ManagerContext } from '../../platform/service-context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { checkOutboundUrl } from '../../platform/outbound.js';
import { recordAudit } from '../../platform/audit.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import {
  countCategoryGames,
  countGamesByCategory,
  ensureSourceRow,
  findSourceRow,
  listSourceRows,
  updateSourceRow,
  type SourceRow,
} from './games.repository.js';

/** Where a category's games come from: its push token, its polled address and its broadcast delay. */

/** The current edition's code and the category, which must be one of its player categories. */
export async function gamesCategory(db: DbOrTx, category: string): Promise<{ edition: string; category: string }> {
  const edition = await getCurrentEdition(db);
  const found = edition.settings.categories.find((c) => c.kind === 'player' && c.code === category);
  if (!found) throw notFound(GAMES_ERRORS.unknownCategory, `No player category ${category}`, { category });
  return { edition: edition.code, category: found.code };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toGameSource(row: SourceRow, gameCount: number): GameSource {
  return {
    category: row.category,
    delaySeconds: row.delaySeconds,
    pollUrl: row.pollUrl,
    pollSeconds: row.pollSeconds,
    pollRound: row.pollRound,
    hasPushToken: row.pushTokenHash !== null,
    lastPollAt: iso(row.lastPollAt),
    lastPollSuccessAt: iso(row.lastPollSuccessAt),
    lastPollError: row.lastPollError,
    lastPollErrorAt: iso(row.lastPollErrorAt),
    pollFailures: row.pollFailures,
    nextPollAt: iso(row.nextPollAt),
    lastPushAt: iso(row.lastPushAt),
    gameCount,
  };
}

/** Every player category of the edition with its sources (defaults where none were set) and its number of games. */
export async function listGameSources(db: DbOrTx): Promise<GameSource[]> {
  const edition = await getCurrentEdition(db);
  const rows = await listSourceRows(db, edition.code);
  const counts = await countGamesByCategory(db, edition.code);
  return edition.settings.categories
    .filter((c) => c.kind === 'player')
    .map((c) => {
      const row = rows.find((r) => r.category === c.code);
      const n = counts.find((r) => r.category === c.code)?.n ?? 0;
      return toGameSource(row ?? { ...defaultSource(edition.code, c.code) }, n);
    });
}

function defaultSource(edition: string, category: string): SourceRow {
  return {
    edition,
    category,
    pushTokenHash: null,
    delaySeconds: 0,
    pollUrl: null,
    pollSeconds: 30,
    pollRound: null,
    pollEtag: null,
    pollLastModified: null,
    pollFailures: 0,
    nextPollAt: null,
    lastPollAt: null,
    lastPollSuccessAt: null,
    lastPollError: null,
    lastPollErrorAt: null,
    lastPushAt: null,
    updatedAt: new Date(0),
  };
}

export async function getGameSource(db: DbOrTx, category: string): Promise<GameSource> {
  const { edition } = await gamesCategory(db, category);
  const row = (await findSourceRow(db, edition, category)) ?? defaultSource(edition, category);
  return toGameSource(row, await countCategoryGames(db, edition, category));
}

/** Changes a category's delay and polling; a new address is polled at once, from a clean slate. */
export async function updateGameSource(ctx: ManagerContext, category: string, input: GameSourceUpdate): Promise<GameSource> {
  const { db, clock, actor } = ctx;
  const { edition } = await gamesCategory(db, category);
  // Refused at once when it can never be polled (a loopback or private address, a local name); the poller checks
  // every resolved address again at connect time.
  const refused = input.pollUrl ? checkOutboundUrl(input.pollUrl, ctx.config.outbound) : null;
  if (refused) {
    throw new AppError(400, GAMES_ERRORS.pollUrlNotPublic, 'The poll address must be a public http(s) address', { failure: refused });
  }
  await db.transaction(async (tx) => {
    const before = await ensureSourceRow(tx, edition, category);
    const urlChanged = before.pollUrl !== input.pollUrl;
    await updateSourceRow(tx, edition, category, {
      delaySeconds: input.delaySeconds,
      pollUrl: input.pollUrl,
      pollSeconds: input.pollSeconds,
      pollRound: input.pollRound,
      ...(urlChanged
        ? {
            pollEtag: null,
            pollLastModified: null,
            pollFailures: 0,
            lastPollError: null,
            lastPollErrorAt: null,
            nextPollAt: input.pollUrl ? clock.now() : null,
          }
        : {}),
      updatedAt: clock.now(),
    });
    await recordAudit(tx, {
      actor,
      action: 'results.game_source_updated',
      subjectType: 'game_source',
      subjectId: `${edition}/${category}`,
      before: { delaySeconds: before.delaySeconds, pollUrl: before.pollUrl, pollSeconds: before.pollSeconds, pollRound: before.pollRound },
      after: input,
    });
  });
  // A new delay shows or holds back moves at once: the viewers of every round read theirs again.
  await ctx.afterCommit?.({ type: 'games.rearranged', edition, category, round: null });
  return getGameSource(db, category);
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new push token for the category's relay; the previous one stops working. Shown once: only its hash is kept. */
export async function rotatePushToken(ctx: ManagerContext, category: string): Promise<{ token: string }> {
  const { db, clock, actor } = ctx;
  const { edition } = await gamesCategory(db, category);
  const token = `${category.toLowerCase()}_${randomBytes(24).toString('base64url')}`;
  await db.transaction(async (tx) => {
    await ensureSourceRow(tx, edition, category);
    await updateSourceRow(tx, edition, category, { pushTokenHash: hashToken(token), updatedAt: clock.now() });
    await recordAudit(tx, { actor, action: 'results.game_push_token_rotated', subjectType: 'game_source', subjectId: `${edition}/${category}` });
  });
  return { token };
}

/** Whether `token` is the category's current push token (compared in constant time, through its hash). */
export function isPushToken(source: SourceRow | undefined, token: string | null): boolean {
  const expected = source?.pushTokenHash ? Buffer.from(source.pushTokenHash) : null;
  const given = token ? Buffer.from(hashToken(token)) : null;
  return !!expected && !!given && expected.length === given.length && timingSafeEqual(expected, given);
}

/** The category's broadcast delay in milliseconds. */
export async function delayMsOf(db: DbOrTx, edition: string, category: string): Promise<number> {
  return ((await findSourceRow(db, edition, category))?.delaySeconds ?? 0) * 1000;
}
