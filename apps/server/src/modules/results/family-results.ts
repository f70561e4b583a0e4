import { normaliseResultsCategory } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { findCurrentVersion } from './results.service.js';

export type PlayerInResults = { category: string; pairingNumber: number; name: string; rank: number | null; points: number; pairedRounds: number };

/**
 * A player in the published results of a category, found by federation id (else FIDE id): the family page's link to
 * the player card, and the pairing number the arbiters' absence list gives the pairing program.
 */
export async function findPlayerInResults(
  db: DbOrTx,
  editionCode: string,
  categoryName: string,
  player: { idbel: number | null; idfide: number | null },
): Promise<PlayerInResults | null> {
  const category = normaliseResultsCategory(categoryName);
  const current = await findCurrentVersion(db, editionCode, category);
  if (!current) return null;
  const found = current.tournament.players.find(
    (p) => (player.idbel !== null && p.nationalId === player.idbel) || (player.idfide !== null && player.idfide > 0 && p.fideId === player.idfide),
  );
  if (!found) return null;
  return {
    category,
    pairingNumber: found.pairingNumber,
    name: found.name,
    rank: found.rank,
    points: found.points,
    pairedRounds: current.tournament.pairedRounds,
  };
}
