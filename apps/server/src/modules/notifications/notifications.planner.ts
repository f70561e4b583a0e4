import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { gameTopic, roundStartOf, type EditionSettings, type Language, type PushNotice } from '@bjk/domain';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { listLiveBoards } from '../games/games-read.service.js';
import { findFollowView, type FollowView } from '../results/results.service.js';
import { followToken } from './follow-keys.js';
import { formatPoints, formatStartTime, noticeText } from './notice-texts.js';
import { followDigests, followEvents, followSubscriptions, pushOutbox } from './notifications.tables.js';

/**
 * The planner: what the followers of a category must be told now. It reads the category as the public pages show it
 * (the published file, the arbiters' results once their grace period is over, games once past the broadcast delay),
 * makes each followed player's events and keeps the new ones in `follow_events`; an event new to the database is fanned
 * out in the same transaction, to the push outbox (one row per browser) and to the e-mail digests (one per family and
 * round). Idempotent: run it as often as you like, on as many instances as you like.
 */

export type PlanContext = { db: Db; clock: Clock; config: Pick<Config, 'notifications' | 'publicUrl'> };

/** One thing that happened to a followed player, in facts; the words come per follower's language. */
export type FollowEvent =
  | {
      kind: 'pairing';
      key: string;
      round: number;
      board: number | null;
      colour: 'white' | 'black' | null;
      opponent: string | null;
      start: string | null;
      unpaired: 'bye' | 'absent' | null;
    }
  | { kind: 'result'; key: string; round: number; white: string; black: string; result: string; official: boolean }
  | { kind: 'final'; key: string; rank: number; points: number }
  | { kind: 'live'; key: string; round: number; board: number; gameId: number };

type Followed = { pairingNumber: number; nationalId: number | null };

/** The pairing number a follow means in this version: the file's player with the follow's federation id, if any. */
function resolvePlayer(view: FollowView, followed: Followed): number | null {
  if (followed.nationalId !== null) {
    for (const [number, player] of view.players) if (player.nationalId === followed.nationalId) return number;
  }
  return view.players.has(followed.pairingNumber) ? followed.pairingNumber : null;
}

/**
 * A player's current events. Only the latest rounds are looked at (older events were planned in their time, or
 * happened before anyone followed): the newest paired round's pairing, game and result, the round before it's
 * result (its official result arrives with the next round's pairings), the final place.
 */
export function eventsOf(
  view: FollowView,
  pairingNumber: number,
  options: { now: Date; graceMs: number; settings: EditionSettings; category: string; live: Map<number, number> },
): { events: FollowEvent[]; nextDueAt: number | null } {
  const events: FollowEvent[] = [];
  let nextDueAt: number | null = null;
  const last = view.pairedRounds;
  for (const round of [last - 1, last].filter((r) => r >= 1)) {
    const pairing = view.pairings(round).find((p) => p.white.pairingNumber === pairingNumber || p.black?.pairingNumber === pairingNumber);
    if (!pairing) continue;
    const isWhite = pairing.white.pairingNumber === pairingNumber;
    if (pairing.black === null) {
      // Unpaired: a bye or an absence, which the pairings list with the round.
      if (round === last) {
        const unpaired = pairing.result === 'absent' ? 'absent' : 'bye';
        events.push({ kind: 'pairing', key: `pairing:${round}:${unpaired}`, round, board: null, colour: null, opponent: null, start: null, unpaired });
      }
      continue;
    }
    if (round === last && pairing.result === null) {
      const opponent = isWhite ? pairing.black : pairing.white;
      events.push({
        kind: 'pairing',
        key: `pairing:${round}:${pairing.board ?? '-'}:${isWhite ? 'w' : 'b'}:${opponent.pairingNumber}`,
        round,
        board: pairing.board,
        colour: isWhite ? 'white' : 'black',
        opponent: opponent.name,
        start: roundStartOf(options.settings.events ?? [], options.category, round) ?? null,
        unpaired: null,
      });
      const gameId = pairing.board === null ? undefined : options.live.get(pairing.board);
      if (gameId !== undefined) events.push({ kind: 'live', key: `live:${round}`, round, board: pairing.board!, gameId });
    }
    const sides = { white: pairing.white.name, black: pairing.black.name };
    if (pairing.result !== null) {
      events.push({ kind: 'result', key: `result:${round}:${pairing.result}`, round, ...sides, result: pairing.result, official: true });
    } else if (pairing.unofficialResult && pairing.board !== null) {
      const enteredAt = view.unofficialAt.get(`${round}:${pairing.board}`)?.getTime() ?? 0;
      const dueAt = enteredAt + options.graceMs;
      // A correction within the grace period moves it: only the value standing at its end is told.
      if (dueAt <= options.now.getTime()) {
        events.push({ kind: 'result', key: `result:${round}:${pairing.unofficialResult}`, round, ...sides, result: pairing.unofficialResult, official: false });
      } else nextDueAt = Math.min(nextDueAt ?? Infinity, dueAt);
    }
  }
  const place = view.finalPlaces?.get(pairingNumber);
  if (place) events.push({ kind: 'final', key: `final:${view.plannedRounds}`, rank: place.rank, points: place.points });
  return { events, nextDueAt };
}

/** The push notice of an event in one language. */
export function noticeOf(
  event: FollowEvent,
  context: { language: Language; name: string; category: string; pairingNumber: number; timeZone: string; unfollowUrl: string },
): PushNotice {
  const { language: lang, name, category } = context;
  const playerUrl = `/trn_${category.toLowerCase()}?player=${context.pairingNumber}`;
  const t = (key: Parameters<typeof noticeText>[1], values: Record<string, string | number> = {}) => noticeText(lang, key, values);
  const base = { lang, unfollowUrl: context.unfollowUrl, unfollowLabel: t('unfollowAction') };
  switch (event.kind) {
    case 'pairing': {
      const title = t('roundTitle', { name, round: event.round });
      const body =
        event.unpaired !== null
          ? t(event.unpaired, { round: event.round })
          : t(event.start ? 'pairing' : 'pairingNoTime', {
              board: event.board ?? '—',
              colour: t(event.colour === 'black' ? 'black' : 'white'),
              opponent: event.opponent ?? '',
              time: event.start ? formatStartTime(event.start, lang, context.timeZone) : '',
            });
      return { ...base, kind: 'pairing', title, body, url: playerUrl, tag: gameTopic(category, event.round, context.pairingNumber) };
    }
    case 'result':
      return {
        ...base,
        kind: 'result',
        title: t('roundTitle', { name, round: event.round }),
        body: t(event.official ? 'official' : 'unofficial', { white: event.white, black: event.black, result: event.result }),
        url: playerUrl,
        tag: gameTopic(category, event.round, context.pairingNumber),
      };
    case 'final':
      return {
        ...base,
        kind: 'final',
        title: t('finalTitle', { name, category }),
        body: t('final', { name, rank: event.rank, points: formatPoints(event.points) }),
        url: playerUrl,
        tag: `${category.replace(/[^A-Za-z0-9]/g, '')}-final-p${context.pairingNumber}`.slice(0, 32),
      };
    case 'live':
      return {
        ...base,
        kind: 'live',
        title: t('liveTitle', { name, round: event.round }),
        body: t('live', { board: event.board }),
        url: `/games/game/${event.gameId}`,
        tag: gameTopic(category, event.round, context.pairingNumber),
      };
  }
}

/** The unfollow page of a subscription, absolute when the site knows its address (mails), else a path (push). */
/** The unfollow page's address: absolute for a mail, relative to the site for a push (opened by its service worker). */
export async function unfollowUrl(db: DbOrTx, id: string, publicUrl = ''): Promise<string> {
  return `${publicUrl}/follow/unfollow#${await followToken(db, 'unfollow', id)}`;
}

const CHUNK = 2500;

/**
 * Plans one category: the new events of every followed player, fanned out. Answers how many push messages it queued,
 * how many digests it touched, and when it must run again for an arbiter's result still in its grace period.
 */
export async function planCategory(
  ctx: PlanContext,
  edition: string,
  category: string,
  /** A player about to get a new follower: planned too, so that what is known now counts as told. */
  joining?: Followed,
): Promise<{ pushQueued: number; digests: number; nextDueAt: number | null }> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const followed: Followed[] = await db
    .selectDistinct({ pairingNumber: followSubscriptions.pairingNumber, nationalId: followSubscriptions.nationalId })
    .from(followSubscriptions)
    .where(and(eq(followSubscriptions.edition, edition), eq(followSubscriptions.category, category), isNotNull(followSubscriptions.confirmedAt)));
  if (joining) followed.push(joining);
  if (followed.length === 0) return { pushQueued: 0, digests: 0, nextDueAt: null };
  const view = await findFollowView(db, edition, category);
  if (!view) return { pushQueued: 0, digests: 0, nextDueAt: null };
  const settings = (await getCurrentEdition(db)).settings;
  const live = view.pairedRounds > 0 ? await listLiveBoards(db, edition, category, view.pairedRounds, now) : new Map<number, number>();
  let nextDueAt: number | null = null;
  const candidates: { followed: number; player: number; event: FollowEvent }[] = [];
  const seen = new Set<string>();
  for (const f of followed) {
    if (seen.has(`${f.pairingNumber}`)) continue;
    seen.add(`${f.pairingNumber}`);
    const player = resolvePlayer(view, f);
    if (player === null) continue;
    const planned = eventsOf(view, player, { now, graceMs: ctx.config.notifications.resultGraceMs, settings, category, live });
    if (planned.nextDueAt !== null) nextDueAt = Math.min(nextDueAt ?? Infinity, planned.nextDueAt);
    for (const event of planned.events) candidates.push({ followed: f.pairingNumber, player, event });
  }
  if (candidates.length === 0) return { pushQueued: 0, digests: 0, nextDueAt };
  // Most runs find nothing new: read what is known before writing anything.
  const known = await db
    .select({ pairingNumber: followEvents.pairingNumber, eventKey: followEvents.eventKey })
    .from(followEvents)
    .where(
      and(
        eq(followEvents.edition, edition),
        eq(followEvents.category, category),
        inArray(
          followEvents.eventKey,
          candidates.map((c) => c.event.key),
        ),
      ),
    );
  const knownKeys = new Set(known.map((k) => `${k.pairingNumber}|${k.eventKey}`));
  const fresh = candidates.filter((c) => !knownKeys.has(`${c.followed}|${c.event.key}`));
  if (fresh.length === 0) return { pushQueued: 0, digests: 0, nextDueAt };

  const counts = await db.transaction(async (tx) => {
    const won = await tx
      .insert(followEvents)
      .values(fresh.map((c) => ({ edition, category, pairingNumber: c.followed, eventKey: c.event.key, plannedAt: now })))
      .onConflictDoNothing()
      .returning({ pairingNumber: followEvents.pairingNumber, eventKey: followEvents.eventKey });
    const wonKeys = new Set(won.map((w) => `${w.pairingNumber}|${w.eventKey}`));
    const mine = fresh.filter((c) => wonKeys.has(`${c.followed}|${c.event.key}`));
    if (mine.length === 0) return { pushQueued: 0, digests: 0 };
    const subscribers = await tx
      .select({
        id: followSubscriptions.id,
        pairingNumber: followSubscriptions.pairingNumber,
        channel: followSubscriptions.channel,
        target: followSubscriptions.target,
        language: followSubscriptions.language,
      })
      .from(followSubscriptions)
      .where(
        and(
          eq(followSubscriptions.edition, edition),
          eq(followSubscriptions.category, category),
          inArray(followSubscriptions.pairingNumber, [...new Set(mine.map((c) => c.followed))]),
          isNotNull(followSubscriptions.confirmedAt),
          lte(followSubscriptions.createdAt, now),
        ),
      );
    const rows: { subscription_id: string; event_key: string; topic: string; notice: PushNotice; next_attempt_at: string }[] = [];
    const digestKeys = new Map<string, { email: string; key: string; round: number }>();
    for (const c of mine) {
      const name = view.players.get(c.player)?.name ?? '';
      for (const s of subscribers) {
        if (s.pairingNumber !== c.followed) continue;
        if (s.channel === 'push') {
          const notice = noticeOf(c.event, {
            language: s.language,
            name,
            category,
            pairingNumber: c.player,
            timeZone: settings.timeZone,
            // The key is read through the pool, not this transaction: it is cached per database, once.
            unfollowUrl: await unfollowUrl(db, s.id),
          });
          rows.push({ subscription_id: s.id, event_key: c.event.key, topic: notice.tag, notice, next_attempt_at: now.toISOString() });
        } else if (c.event.kind === 'pairing' || c.event.kind === 'final') {
          // E-mail: one message per family and round (the pairings), and one with the final places.
          const key = c.event.kind === 'pairing' ? `round:${c.event.round}` : `final:${category}`;
          digestKeys.set(`${s.target}|${key}`, { email: s.target, key, round: c.event.kind === 'pairing' ? c.event.round : 0 });
        }
      }
    }
    // One parameter per chunk (the rows as JSON), not six per row: building and binding 30 000 parameters cost more
    // than the insert itself at a 5 000-follower publish.
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx.execute(sql`
        insert into ${pushOutbox} (subscription_id, event_key, topic, notice, next_attempt_at)
        select r.subscription_id, r.event_key, r.topic, r.notice, r.next_attempt_at
        from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + CHUNK))}::jsonb)
          as r(subscription_id uuid, event_key text, topic text, notice jsonb, next_attempt_at timestamptz)
        on conflict do nothing`);
    }
    let digests = 0;
    for (const d of digestKeys.values()) digests += await queueDigest(tx, edition, category, d, new Date(now.getTime() + ctx.config.notifications.mailBatchMs));
    return { pushQueued: rows.length, digests };
  });
  return { ...counts, nextDueAt };
}

/**
 * A family's digest for a round: the first child's pairing makes it (sent after the batching window, read fresh
 * then); a child of a category paired after the digest left gets one of its own.
 */
async function queueDigest(tx: DbOrTx, edition: string, category: string, d: { email: string; key: string; round: number }, dueAt: Date): Promise<number> {
  const [existing] = await tx
    .select({ sentAt: followDigests.sentAt, covers: followDigests.covers })
    .from(followDigests)
    .where(and(eq(followDigests.edition, edition), eq(followDigests.email, d.email), eq(followDigests.key, d.key)));
  const key = existing?.sentAt && !existing.covers.includes(category) ? `${d.key}:${category}` : d.key;
  if (existing && key === d.key) return 0;
  const inserted = await tx
    .insert(followDigests)
    .values({ edition, email: d.email, key, round: d.round, dueAt })
    .onConflictDoNothing()
    .returning({ id: followDigests.id });
  return inserted.length;
}

/** Every category someone follows in the current edition. */
export async function listFollowedCategories(db: DbOrTx): Promise<{ edition: string; category: string }[]> {
  return db
    .selectDistinct({ edition: followSubscriptions.edition, category: followSubscriptions.category })
    .from(followSubscriptions)
    .where(isNotNull(followSubscriptions.confirmedAt));
}
