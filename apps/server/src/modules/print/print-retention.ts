import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { badgePrints, printJobs } from './print.tables.js';

/**
 * The shredder's step for printing (decision 0016): the badge fingerprints of the edition, and every print job made
 * before `before` (badges carry photos, lists carry names and meals; a job's PDF is kept for reprinting, not for ever).
 */
export async function erasePrintsOf(db: DbOrTx, editionCode: string, before: Date): Promise<number> {
  await db.delete(badgePrints).where(eq(badgePrints.editionCode, editionCode));
  return (await db.delete(printJobs).where(lt(printJobs.createdAt, before)).returning({ id: printJobs.id })).length;
}
