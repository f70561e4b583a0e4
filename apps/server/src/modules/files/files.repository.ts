import { and, asc, count, eq } from 'drizzle-orm';
import type { FileDisplayName } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { fileGroups, sponsors, storedFiles } from './files.tables.js';

export type FileGroupRow = typeof fileGroups.$inferSelect;
export type SponsorRow = typeof sponsors.$inferSelect;

/** Everything about a file except its bytes, for lists. */
const fileMeta = {
  groupCode: storedFiles.groupCode,
  name: storedFiles.name,
  displayName: storedFiles.displayName,
  contentType: storedFiles.contentType,
  inline: storedFiles.inline,
  size: storedFiles.size,
  sha256: storedFiles.sha256,
  updatedAt: storedFiles.updatedAt,
};
export type FileMetaRow = {
  groupCode: string;
  name: string;
  displayName: FileDisplayName;
  contentType: string;
  inline: boolean;
  size: number;
  sha256: string;
  updatedAt: Date;
};

export async function listGroupRows(db: DbOrTx): Promise<(FileGroupRow & { fileCount: number })[]> {
  const rows = await db
    .select({ group: fileGroups, fileCount: count(storedFiles.id) })
    .from(fileGroups)
    .leftJoin(storedFiles, eq(storedFiles.groupCode, fileGroups.code))
    .groupBy(fileGroups.code)
    .orderBy(asc(fileGroups.code));
  return rows.map((r) => ({ ...r.group, fileCount: Number(r.fileCount) }));
}

export async function findGroupRow(db: DbOrTx, code: string): Promise<FileGroupRow | undefined> {
  const rows = await db.select().from(fileGroups).where(eq(fileGroups.code, code));
  return rows[0];
}

export async function upsertGroup(db: DbOrTx, group: { code: string; public: boolean; label: FileDisplayName }): Promise<FileGroupRow> {
  const [row] = await db
    .insert(fileGroups)
    .values(group)
    .onConflictDoUpdate({ target: fileGroups.code, set: { public: group.public, label: group.label } })
    .returning();
  if (!row) throw new Error('group upsert returned nothing');
  return row;
}

export async function insertGroupIfMissing(db: DbOrTx, group: { code: string; public: boolean; label: FileDisplayName }): Promise<void> {
  await db.insert(fileGroups).values(group).onConflictDoNothing();
}

export async function listFileMeta(db: DbOrTx, filter: { group?: string; onlyPublic: boolean }): Promise<FileMetaRow[]> {
  return db
    .select(fileMeta)
    .from(storedFiles)
    .innerJoin(fileGroups, eq(fileGroups.code, storedFiles.groupCode))
    .where(and(filter.group ? eq(storedFiles.groupCode, filter.group) : undefined, filter.onlyPublic ? eq(fileGroups.public, true) : undefined))
    .orderBy(asc(storedFiles.groupCode), asc(storedFiles.name));
}

export async function findFileMeta(db: DbOrTx, group: string, name: string): Promise<(FileMetaRow & { public: boolean }) | undefined> {
  const rows = await db
    .select({ ...fileMeta, public: fileGroups.public })
    .from(storedFiles)
    .innerJoin(fileGroups, eq(fileGroups.code, storedFiles.groupCode))
    .where(and(eq(storedFiles.groupCode, group), eq(storedFiles.name, name)));
  return rows[0];
}

export async function findFileData(db: DbOrTx, group: string, name: string): Promise<Buffer | undefined> {
  const rows = await db
    .select({ data: storedFiles.data })
    .from(storedFiles)
    .where(and(eq(storedFiles.groupCode, group), eq(storedFiles.name, name)));
  return rows[0]?.data;
}

/** Stores a file; an upload under an existing name replaces it (a new edition of the rules). */
export async function upsertFile(
  db: DbOrTx,
  file: Omit<FileMetaRow, 'updatedAt'> & { data: Buffer; uploadedBy: string | null },
  now: Date,
): Promise<FileMetaRow> {
  const [row] = await db
    .insert(storedFiles)
    .values({ ...file, updatedAt: now })
    .onConflictDoUpdate({
      target: [storedFiles.groupCode, storedFiles.name],
      set: {
        displayName: file.displayName,
        contentType: file.contentType,
        inline: file.inline,
        size: file.size,
        sha256: file.sha256,
        data: file.data,
        uploadedBy: file.uploadedBy,
        updatedAt: now,
      },
    })
    .returning(fileMeta);
  if (!row) throw new Error('file upsert returned nothing');
  return row;
}

export async function deleteFileRow(db: DbOrTx, group: string, name: string): Promise<boolean> {
  const rows = await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.groupCode, group), eq(storedFiles.name, name)))
    .returning({ id: storedFiles.id });
  return rows.length > 0;
}

export async function countFiles(db: DbOrTx): Promise<number> {
  return db.$count(storedFiles);
}

// Sponsors

export async function listSponsorRows(db: DbOrTx, onlyEnabled: boolean): Promise<SponsorRow[]> {
  return db
    .select()
    .from(sponsors)
    .where(onlyEnabled ? eq(sponsors.enabled, true) : undefined)
    .orderBy(asc(sponsors.sortOrder), asc(sponsors.id));
}

export async function countSponsorsUsingLogo(db: DbOrTx, group: string, name: string): Promise<number> {
  return db.$count(sponsors, and(eq(sponsors.logoGroup, group), eq(sponsors.logoName, name)));
}

type SponsorValues = { name: string; url: string; logoGroup: string; logoName: string; sortOrder: number; enabled: boolean };

export async function insertSponsor(db: DbOrTx, values: SponsorValues): Promise<SponsorRow> {
  const [row] = await db.insert(sponsors).values(values).returning();
  if (!row) throw new Error('sponsor insert returned nothing');
  return row;
}

export async function updateSponsorRow(db: DbOrTx, id: number, values: SponsorValues): Promise<SponsorRow | undefined> {
  const rows = await db.update(sponsors).set(values).where(eq(sponsors.id, id)).returning();
  return rows[0];
}

export async function updateSponsorOrder(db: DbOrTx, id: number, sortOrder: number): Promise<void> {
  await db.update(sponsors).set({ sortOrder }).where(eq(sponsors.id, id));
}

export async function deleteSponsorRow(db: DbOrTx, id: number): Promise<SponsorRow | undefined> {
  const rows = await db.delete(sponsors).where(eq(sponsors.id, id)).returning();
  return rows[0];
}
