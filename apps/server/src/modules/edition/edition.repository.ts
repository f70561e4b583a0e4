import { eq } from 'drizzle-orm';
import type { EditionSettings } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { editions } from './edition.tables.js';

export type EditionRow = typeof editions.$inferSelect;

export async function findCurrentEditionRow(db: DbOrTx): Promise<EditionRow | undefined> {
  const rows = await db.select().from(editions).where(eq(editions.isCurrent, true)).limit(1);
  return rows[0];
}

export async function countEditions(db: DbOrTx): Promise<number> {
  return await db.$count(editions);
}

export async function insertCurrentEdition(db: DbOrTx, settings: EditionSettings): Promise<EditionRow> {
  const rows = await db.insert(editions).values({ code: settings.code, settings, isCurrent: true }).onConflictDoNothing().returning();
  const row = rows[0] ?? (await findCurrentEditionRow(db));
  if (!row) throw new Error('edition insert lost');
  return row;
}

export async function updateEditionSettings(db: DbOrTx, code: string, settings: EditionSettings): Promise<EditionRow | undefined> {
  const rows = await db.update(editions).set({ settings, updatedAt: new Date() }).where(eq(editions.code, code)).returning();
  return rows[0];
}

/** The current edition, locked until the transaction ends (saves of the settings take turns). */
export async function lockCurrentEditionRow(db: DbOrTx): Promise<EditionRow | undefined> {
  const rows = await db.select().from(editions).where(eq(editions.isCurrent, true)).limit(1).for('update');
  return rows[0];
}

export async function listEditionRows(db: DbOrTx): Promise<{ code: string; settings: EditionRow['settings'] }[]> {
  return db.select({ code: editions.code, settings: editions.settings }).from(editions);
}
