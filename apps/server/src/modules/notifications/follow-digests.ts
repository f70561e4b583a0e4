import { and, asc, desc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { roundStartOf, type Language } from '@bjk/domain';
import { getCurrentEdition } from '../edition/edition.service.js';
import type { MailBlock } from '../mail/mail-layout.js';
import { organiserMail, queueMail } from '../mail/mail.service.js';
import { findFollowView, type FollowView } from '../results/results.service.js';
import { formatPoints, formatStartTime, noticeText } from './notice-texts.js';
import { unfollowUrl, type PlanContext } from './notifications.planner.js';
import { followDigests, followSubscriptions } from './notifications.tables.js';

/**
 * Sends the e-mail digests that are due: one mail per family and round with the pairing (and the previous round's
 * result) of every child the address follows, read when it leaves; or the final places of a category. Claimed with
 * FOR UPDATE SKIP LOCKED and queued in the mail outbox in the same transaction, so two instances never send one twice
 * and the mail worker's retries deliver it. Every mail carries an unfollow link per child.
 */
export async function sendDueDigests(ctx: PlanContext, limit = 50): Promise<number> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(followDigests)
      .where(and(isNull(followDigests.sentAt), lte(followDigests.dueAt, now)))
      .orderBy(asc(followDigests.dueAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const edition = await getCurrentEdition(tx);
    const views = new Map<string, FollowView | null>();
    const viewOf = async (editionCode: string, category: string) => {
      const key = `${editionCode}/${category}`;
      if (!views.has(key)) views.set(key, await findFollowView(tx, editionCode, category));
      return views.get(key) ?? null;
    };
    for (const digest of due) {
      const subs = await tx
        .select()
        .from(followSubscriptions)
        .where(
          and(
            eq(followSubscriptions.edition, digest.edition),
            eq(followSubscriptions.channel, 'email'),
            eq(followSubscriptions.target, digest.email),
            isNotNull(followSubscriptions.confirmedAt),
          ),
        )
        .orderBy(desc(followSubscriptions.createdAt));
      const language: Language = subs[0]?.language ?? 'nl';
      const t = (key: Parameters<typeof noticeText>[1], values: Record<string, string | number> = {}) => noticeText(language, key, values);
      const [kind, , only] = digest.key.split(':') as [string, string, string | undefined];
      const finalOf = kind === 'final' ? digest.key.slice('final:'.length) : null;
      const blocks: MailBlock[] = [];
      const covers: string[] = [];
      for (const sub of subs) {
        if (finalOf !== null ? sub.category !== finalOf : only !== undefined && sub.category !== only) continue;
        const view = await viewOf(sub.edition, sub.category);
        const name = view?.players.get(sub.pairingNumber)?.name;
        if (!view || !name) continue;
        const lines: string[] = [];
        if (finalOf !== null) {
          const place = view.finalPlaces?.get(sub.pairingNumber);
          if (!place) continue;
          lines.push(t('final', { name, rank: place.rank, points: formatPoints(place.points) }));
        } else {
          if (view.pairedRounds < digest.round) continue;
          const pairing = pairingOf(view, digest.round, sub.pairingNumber);
          if (!pairing) continue;
          if (pairing.black === null) lines.push(t(pairing.result === 'absent' ? 'absent' : 'bye', { round: digest.round }));
          else {
            const white = pairing.white.pairingNumber === sub.pairingNumber;
            const start = roundStartOf(edition.settings.events ?? [], sub.category, digest.round) ?? null;
            lines.push(
              t(start ? 'pairing' : 'pairingNoTime', {
                board: pairing.board ?? '—',
                colour: t(white ? 'white' : 'black'),
                opponent: (white ? pairing.black : pairing.white).name,
                time: start ? formatStartTime(start, language, edition.settings.timeZone) : '',
              }),
            );
          }
          const previous = digest.round > 1 ? pairingOf(view, digest.round - 1, sub.pairingNumber) : undefined;
          const result = previous?.result ?? previous?.unofficialResult;
          if (previous?.black && result) {
            lines.push(t('digestLastResult', { result: `${previous.white.name} – ${previous.black.name} ${result}` }));
          }
        }
        if (!covers.includes(sub.category)) covers.push(sub.category);
        blocks.push(
          { kind: 'subheading', text: `${name} (${sub.category})` },
          { kind: 'paragraph', text: lines.join('\n') },
          { kind: 'link', text: t('unfollow', { name }), url: await unfollowUrl(ctx.db, sub.id, ctx.config.publicUrl) },
        );
      }
      if (blocks.length > 0) {
        const subject = finalOf !== null ? `${t('finalSubject')} ${finalOf}` : t('digestSubject', { round: digest.round });
        await queueMail(
          tx,
          organiserMail(edition.settings, {
            kind: 'notifications.digest',
            to: [digest.email],
            language,
            subject,
            blocks: [
              ...(finalOf !== null ? [] : [{ kind: 'paragraph' as const, text: t('digestIntro', { round: digest.round }) }]),
              ...blocks,
              { kind: 'paragraph', text: t('footerWhy') },
            ],
          }),
        );
      }
      await tx.update(followDigests).set({ sentAt: now, covers }).where(eq(followDigests.id, digest.id));
    }
    return due.length;
  });
}

function pairingOf(view: FollowView, round: number, pairingNumber: number) {
  return view.pairings(round).find((p) => p.white.pairingNumber === pairingNumber || p.black?.pairingNumber === pairingNumber);
}
