import { and, eq } from 'drizzle-orm';
import type { BadgeState } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { badgeStateOf, type PrintedFields } from './badge-state.js';
import { badgePrints } from './print.tables.js';

/** One player's badge: never printed, printed and still right, or printed and changed since (flagged for reprint). */
export async function badgeStateOfParticipant(db: DbOrTx, editionCode: string, participantId: number, current: PrintedFields): Promise<BadgeState> {
  const [row] = await db
    .select({ fingerprint: badgePrints.fingerprint })
    .from(badgePrints)
    .where(and(eq(badgePrints.editionCode, editionCode), eq(badgePrints.holderType, 'participant'), eq(badgePrints.holderId, participantId)));
  return badgeStateOf(row?.fingerprint, current);
}
