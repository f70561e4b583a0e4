import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { deskEvents } from './desk.tables.js';

/** The shredder's step for the venue's desks (decision 0016): who arrived, ate and left when is of no use after the edition. */
export async function eraseDeskEvents(db: DbOrTx, editionCode: string): Promise<number> {
  return (await db.delete(deskEvents).where(eq(deskEvents.editionCode, editionCode)).returning({ id: deskEvents.id })).length;
}

/** How many desk scans the edition still holds (the back office's personal-data overview). */
export async function countDeskEvents(db: DbOrTx, editionCode: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(deskEvents).where(eq(deskEvents.editionCode, editionCode));
  return row?.n ?? 0;
}
