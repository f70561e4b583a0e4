import { and, eq, isNull, lt, or } from 'drizzle-orm';
import {
  NOTIFICATIONS_ERRORS,
  normaliseResultsCategory,
  type EditionSettings,
  type FollowAnswer,
  type FollowEmailInput,
  type FollowPushInput,
  type FollowStatus,
  type Language,
} from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { checkOutboundUrl } from '../../platform/outbound.js';
import type { ServiceContext } from '../../platform/service-context.js';
import { getCurrentEdition, listEditionEnds } from '../edition/edition.service.js';
import { siteUrl } from '../mail/family-page-link.js';
import { organiserMail, queueMail } from '../mail/mail.service.js';
import { findFollowView } from '../results/results.service.js';
import { followToken, readFollowToken, vapidKeys } from './follow-keys.js';
import { noticeText } from './notice-texts.js';
import { planCategory } from './notifications.planner.js';
import { followDigests, followEvents, followSubscriptions } from './notifications.tables.js';

/** A repeated "follow by e-mail" sends the confirmation again at most this often (an address is not a mailbox to flood). */
const CONFIRMATION_RESEND_MS = 10 * 60_000;

export async function getVapidPublicKey(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<{ publicKey: string }> {
  return { publicKey: (await vapidKeys(ctx.db, ctx.config)).publicKey };
}

/** The followed player in the published results of the current edition; 404 when the category has no such player. */
async function followedPlayer(db: DbOrTx, categoryName: string, pairingNumber: number) {
  const edition = await getCurrentEdition(db);
  const category = normaliseResultsCategory(categoryName);
  const view = await findFollowView(db, edition.code, category);
  const player = view?.players.get(pairingNumber);
  if (!view || !player) throw notFound(NOTIFICATIONS_ERRORS.playerUnknown, 'No such player in the published results', { category, pairingNumber });
  // The columns of a new follow of this player, whatever the channel.
  const follows = { edition: edition.code, category, pairingNumber, nationalId: player.nationalId };
  return { edition, category, player, follows };
}

/**
 * Before a new follower joins, what the player's followers must be told now is told (to those who were there): the
 * newcomer starts from what the card showed when they tapped "follow", not with a burst of old news.
 */
async function planBeforeJoining(ctx: ServiceContext, edition: string, category: string, joining: { pairingNumber: number; nationalId: number | null }) {
  await planCategory(ctx, edition, category, joining);
}

type Row = typeof followSubscriptions.$inferSelect;

async function answerOf(db: DbOrTx, row: Row, name: string): Promise<FollowAnswer> {
  return {
    token: await followToken(db, 'unfollow', row.id),
    channel: row.channel,
    status: row.confirmedAt ? 'active' : 'pending_confirmation',
    category: row.category,
    pairingNumber: row.pairingNumber,
    name,
  };
}

/**
 * Follows a player with a browser's push subscription. The same browser and player again (a double tap, a page that
 * re-subscribed with new keys) keeps one follow with the newest keys and language, and answers the same token.
 */
export async function followByPush(ctx: ServiceContext, input: FollowPushInput): Promise<FollowAnswer> {
  const { db, clock } = ctx;
  const refused = checkOutboundUrl(input.subscription.endpoint, ctx.config.outbound);
  if (refused) throw badRequest(NOTIFICATIONS_ERRORS.endpointRefused, 'This push endpoint cannot be used', { reason: refused });
  const { edition, category, player, follows } = await followedPlayer(db, input.category, input.pairingNumber);
  await planBeforeJoining(ctx, edition.code, category, { pairingNumber: input.pairingNumber, nationalId: player.nationalId });
  const now = clock.now();
  const [row] = await db
    .insert(followSubscriptions)
    .values({
      ...follows,
      channel: 'push',
      target: input.subscription.endpoint,
      p256dh: input.subscription.keys.p256dh,
      auth: input.subscription.keys.auth,
      language: input.language,
      confirmedAt: now,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [
        followSubscriptions.edition,
        followSubscriptions.category,
        followSubscriptions.pairingNumber,
        followSubscriptions.channel,
        followSubscriptions.target,
      ],
      set: { p256dh: input.subscription.keys.p256dh, auth: input.subscription.keys.auth, language: input.language },
    })
    .returning();
  return answerOf(db, row!, player.name);
}

/**
 * Follows a player by e-mail: nothing is sent to the address but a confirmation (double opt-in) until its owner
 * confirms from the mail. A repeat keeps one follow and sends the confirmation again at most every ten minutes.
 */
export async function followByEmail(ctx: ServiceContext, input: FollowEmailInput): Promise<FollowAnswer> {
  const { db, clock } = ctx;
  const { edition, category, player, follows } = await followedPlayer(db, input.category, input.pairingNumber);
  const email = input.email.trim().toLowerCase();
  const now = clock.now();
  // This address's follow of this player (unique), as the insert below makes it.
  const thisFollow = [
    eq(followSubscriptions.edition, edition.code),
    eq(followSubscriptions.category, category),
    eq(followSubscriptions.pairingNumber, input.pairingNumber),
    eq(followSubscriptions.channel, 'email'),
    eq(followSubscriptions.target, email),
  ];
  return db.transaction(async (tx) => {
    await tx
      .insert(followSubscriptions)
      .values({ ...follows, channel: 'email', target: email, language: input.language, createdAt: now })
      .onConflictDoNothing();
    // Claims the right to send the confirmation: only one of two requests at once, and not again within the window.
    const [claimed] = await tx
      .update(followSubscriptions)
      .set({ confirmationSentAt: now, language: input.language })
      .where(
        and(
          ...thisFollow,
          isNull(followSubscriptions.confirmedAt),
          or(isNull(followSubscriptions.confirmationSentAt), lt(followSubscriptions.confirmationSentAt, new Date(now.getTime() - CONFIRMATION_RESEND_MS))),
        ),
      )
      .returning();
    if (claimed) await queueConfirmation(tx, ctx, claimed, player.name, edition.settings);
    const [row] = await tx
      .select()
      .from(followSubscriptions)
      .where(and(...thisFollow));
    return answerOf(tx, row!, player.name);
  });
}

async function queueConfirmation(tx: DbOrTx, ctx: ServiceContext, row: Row, name: string, settings: EditionSettings) {
  const lang: Language = row.language;
  const t = (key: Parameters<typeof noticeText>[1], values: Record<string, string | number> = {}) => noticeText(lang, key, values);
  await queueMail(
    tx,
    organiserMail(settings, {
      kind: 'notifications.confirm',
      to: [row.target],
      language: lang,
      subject: t('confirmSubject', { name }),
      blocks: [
        { kind: 'paragraph', text: t('confirmIntro', { name, category: row.category }) },
        { kind: 'link', text: t('confirmButton'), url: siteUrl(ctx.config, `/follow/confirm#${await followToken(tx, 'confirm', row.id)}`) },
        { kind: 'paragraph', text: t('confirmIgnore') },
      ],
    }),
  );
}

async function subscriptionOf(db: DbOrTx, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(followSubscriptions).where(eq(followSubscriptions.id, id));
  return row;
}

async function statusOf(db: DbOrTx, row: Row): Promise<FollowStatus> {
  const view = await findFollowView(db, row.edition, row.category);
  return {
    channel: row.channel,
    status: row.confirmedAt ? 'active' : 'pending_confirmation',
    category: row.category,
    pairingNumber: row.pairingNumber,
    name: view?.players.get(row.pairingNumber)?.name ?? '',
  };
}

const tokenInvalid = () => new AppError(404, NOTIFICATIONS_ERRORS.tokenInvalid, 'This link is not valid (any more)');

/** Confirms an e-mail follow (the link in the confirmation mail, posted by its page): from now on mails go out. */
export async function confirmFollow(ctx: ServiceContext, token: string): Promise<FollowStatus> {
  const id = await readFollowToken(ctx.db, 'confirm', token);
  const row = id ? await subscriptionOf(ctx.db, id) : undefined;
  if (!row) throw tokenInvalid();
  if (!row.confirmedAt) {
    await planBeforeJoining(ctx, row.edition, row.category, row);
    const now = ctx.clock.now();
    await ctx.db
      .update(followSubscriptions)
      .set({ confirmedAt: now, createdAt: now })
      .where(and(eq(followSubscriptions.id, row.id), isNull(followSubscriptions.confirmedAt)));
  }
  return statusOf(ctx.db, (await subscriptionOf(ctx.db, row.id))!);
}

/** What an unfollow link stops (its page shows it before the tap). */
export async function getFollowStatus(ctx: ServiceContext, token: string): Promise<FollowStatus> {
  const id = await readFollowToken(ctx.db, 'unfollow', token);
  const row = id ? await subscriptionOf(ctx.db, id) : undefined;
  if (!row) throw tokenInvalid();
  return statusOf(ctx.db, row);
}

/** Stops a follow in one tap. A second tap (or a retry) on a link of this site answers the same: it is gone. */
export async function unfollow(ctx: ServiceContext, token: string): Promise<void> {
  const id = await readFollowToken(ctx.db, 'unfollow', token);
  if (!id) throw tokenInvalid();
  await ctx.db.delete(followSubscriptions).where(eq(followSubscriptions.id, id));
}

/**
 * After the edition the followers' addresses go (push endpoints and e-mail addresses are personal data), with what
 * was planned and queued for them. Answers how many follows were deleted.
 */
export async function purgeFollowers(db: DbOrTx, edition: string): Promise<number> {
  const deleted = await db.delete(followSubscriptions).where(eq(followSubscriptions.edition, edition)).returning({ id: followSubscriptions.id });
  await db.delete(followDigests).where(eq(followDigests.edition, edition));
  await db.delete(followEvents).where(eq(followEvents.edition, edition));
  return deleted.length;
}

/**
 * The retention step: the followers of every edition that ended more than `keepDays` ago are deleted (the final
 * places go out on the last day). Answers how many follows went.
 */
export async function purgeFinishedFollowers(db: DbOrTx, now: Date, keepDays: number): Promise<number> {
  const followed = await db.selectDistinct({ edition: followSubscriptions.edition }).from(followSubscriptions);
  if (followed.length === 0) return 0;
  const ends = new Map((await listEditionEnds(db)).map((e) => [e.code, e.endDate]));
  let deleted = 0;
  for (const { edition } of followed) {
    const end = ends.get(edition);
    // An edition no longer configured is over; the last day counts in full, in any time zone.
    const over = !end || Date.parse(`${end}T00:00:00Z`) + (keepDays + 1) * 86_400_000 + 14 * 3600_000 < now.getTime();
    if (over) deleted += await purgeFollowers(db, edition);
  }
  return deleted;
}
