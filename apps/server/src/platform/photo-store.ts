import { eq } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db.js';

/** A photo as stored (see `photoColumns`): the JPEG as cropped and scaled, and its size. */
export type StoredPhoto = { jpeg: Buffer; width: number; height: number };

/** A table of photos (`photoColumns`), one per owner: a registration's, a participant's. */
export type PhotoTable = PgTable & { jpeg: PgColumn; uploadedAt: PgColumn };

/**
 * Saving and reading the photos of `table`, whose `owner` column is its key: a new photo replaces the owner's
 * previous one (and is dated now), reading gives the JPEG or nothing.
 */
export function photoStore<T extends PhotoTable, Owner extends string | number>(
  table: T,
  owner: PgColumn,
  ownerValues: (id: Owner) => Partial<PgInsertValue<T>>,
) {
  return {
    async save(tx: DbOrTx, id: Owner, photo: StoredPhoto): Promise<void> {
      // The table's own columns are typed as the table's; these are the ones `photoColumns` gives every photo table.
      const values = { ...ownerValues(id), ...photo } as PgInsertValue<T>;
      const replaced = { ...photo, uploadedAt: new Date() } as PgUpdateSetSource<T>;
      await tx.insert(table).values(values).onConflictDoUpdate({ target: owner, set: replaced });
    },
    async find(tx: DbOrTx, id: Owner): Promise<Buffer | undefined> {
      // Drizzle selects from a table given as a type parameter only as a plain table; its column is the JPEG.
      const source: PgTable = table;
      const [row] = (await tx.select({ jpeg: table.jpeg }).from(source).where(eq(owner, id))) as { jpeg: Buffer }[];
      return row?.jpeg;
    },
  };
}
