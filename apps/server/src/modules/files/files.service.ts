import { createHash } from 'node:crypto';
import {
  FILES_ERRORS,
  MAX_FILE_BYTES,
  type FileDisplayName,
  type FileGroup,
  type FileGroupWithCount,
  type Sponsor,
  type SponsorInput,
  type StoredFile,
} from '@bjk/domain';
import { pick } from '@bjk/domain/objects';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { recordAudit, type AuditEntryInput } from '../../platform/audit.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import { ALLOWED_EXTENSIONS, detectFileType, safeFileName } from './file-types.js';
import {
  countSponsorsUsingLogo,
  deleteFileRow,
  deleteSponsorRow,
  findFileData,
  findFileMeta,
  findGroupRow,
  insertSponsor,
  listFileMeta,
  listGroupRows,
  listSponsorRows,
  updateSponsorOrder,
  updateSponsorRow,
  upsertFile,
  upsertGroup,
  type FileMetaRow,
  type SponsorRow,
} from './files.repository.js';

const fileNotFound = (group: string, name: string) => notFound(FILES_ERRORS.fileNotFound, `No file ${name} in ${group}`, { group, name });

function toStoredFile(row: FileMetaRow): StoredFile {
  return { group: row.groupCode, ...pick(row, ['name', 'displayName', 'contentType', 'size']), updatedAt: row.updatedAt.toISOString() };
}

// Public

export async function listPublicGroups(db: DbOrTx): Promise<FileGroup[]> {
  return (await listGroupRows(db)).filter((g) => g.public).map((g) => ({ code: g.code, public: g.public, label: g.label }));
}

/** Files of public groups only; a private or unknown group answers as if it did not exist. */
export async function listPublicFiles(db: DbOrTx, group: string | undefined): Promise<StoredFile[]> {
  if (group) {
    const row = await findGroupRow(db, group);
    if (!row || !row.public) throw notFound(FILES_ERRORS.groupNotFound, `No public group ${group}`);
  }
  return (await listFileMeta(db, { group, onlyPublic: true })).map(toStoredFile);
}

export type FileDownload = { meta: FileMetaRow; etag: string; data?: Buffer };

/**
 * A file for download. `ifNoneMatch` is the browser's cached ETag: when it still matches, the bytes
 * are not even read from the database (answer 304).
 */
export async function getFileForDownload(
  db: DbOrTx,
  group: string,
  name: string,
  options: { onlyPublic: boolean; ifNoneMatch?: string },
): Promise<FileDownload> {
  const meta = await findFileMeta(db, group, name);
  if (!meta || (options.onlyPublic && !meta.public)) throw fileNotFound(group, name);
  const etag = `"${meta.sha256}"`;
  const cached = options.ifNoneMatch?.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (cached?.includes(etag) || cached?.includes('*')) return { meta, etag };
  const data = await findFileData(db, group, name);
  if (!data) throw fileNotFound(group, name);
  return { meta, etag, data };
}

// Managers

export async function listGroups(db: DbOrTx): Promise<FileGroupWithCount[]> {
  return (await listGroupRows(db)).map((g) => ({ code: g.code, public: g.public, label: g.label, fileCount: g.fileCount }));
}

export async function saveGroup(ctx: ManagerContext, group: FileGroup): Promise<FileGroup> {
  return ctx.db.transaction(async (tx) => {
    const before = await findGroupRow(tx, group.code);
    const row = await upsertGroup(tx, group);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: before ? 'files.group_update' : 'files.group_create',
      subjectType: 'file_group',
      subjectId: group.code,
      before: before ? { public: before.public } : undefined,
      after: { public: row.public },
    });
    return { code: row.code, public: row.public, label: row.label };
  });
}

export async function listFiles(db: DbOrTx, group: string | undefined): Promise<StoredFile[]> {
  return (await listFileMeta(db, { group, onlyPublic: false })).map(toStoredFile);
}

export type Upload = { group: string; name?: string; originalName: string; displayName: FileDisplayName; data: Buffer };

/** Stores an upload after checking its group, size and type (extension and first bytes must agree). */
export async function uploadFile(ctx: ServiceContext, upload: Upload): Promise<StoredFile> {
  if (upload.data.length === 0) throw badRequest(FILES_ERRORS.noFile, 'The file is empty');
  if (upload.data.length > MAX_FILE_BYTES) throw new AppError(413, FILES_ERRORS.tooLarge, 'The file is too large', { maxBytes: MAX_FILE_BYTES });
  const name = safeFileName(upload.name ?? upload.originalName);
  const type = detectFileType(name, upload.data.subarray(0, 16));
  if (!type) throw new AppError(415, FILES_ERRORS.typeNotAllowed, 'This type of file is not allowed', { allowed: ALLOWED_EXTENSIONS });
  return ctx.db.transaction(async (tx) => {
    if (!(await findGroupRow(tx, upload.group))) throw notFound(FILES_ERRORS.groupNotFound, `No group ${upload.group}`);
    const sha256 = createHash('sha256').update(upload.data).digest('base64url');
    const row = await upsertFile(
      tx,
      {
        groupCode: upload.group,
        name,
        displayName: upload.displayName,
        contentType: type.contentType,
        inline: type.inline,
        size: upload.data.length,
        sha256,
        data: upload.data,
        uploadedBy: ctx.actor?.displayName ?? null,
      },
      ctx.clock.now(),
    );
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'files.upload',
      subjectType: 'file',
      subjectId: `${upload.group}/${name}`,
      after: { size: row.size, contentType: row.contentType, sha256 },
    });
    return toStoredFile(row);
  });
}

export async function deleteFile(ctx: ManagerContext, group: string, name: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if ((await countSponsorsUsingLogo(tx, group, name)) > 0) throw conflict(FILES_ERRORS.inUse, 'A sponsor uses this file as its logo', { group, name });
    if (!(await deleteFileRow(tx, group, name))) throw fileNotFound(group, name);
    await recordAudit(tx, { actor: ctx.actor, action: 'files.delete', subjectType: 'file', subjectId: `${group}/${name}` });
  });
}

// Sponsors

/** An audit entry about a sponsor, or (`order`) about their order. */
function sponsorAudit(
  actor: AuditEntryInput['actor'],
  action: string,
  id: number | 'order',
  change: Pick<AuditEntryInput, 'before' | 'after'>,
): AuditEntryInput {
  return { actor, action, subjectType: 'sponsor', subjectId: id, ...change };
}

function toSponsor(row: SponsorRow): Sponsor {
  return { id: row.id, name: row.name, url: row.url, logo: { group: row.logoGroup, name: row.logoName }, sortOrder: row.sortOrder, enabled: row.enabled };
}

export async function listPublicSponsors(db: DbOrTx): Promise<Sponsor[]> {
  return (await listSponsorRows(db, true)).map(toSponsor);
}

export async function listSponsors(db: DbOrTx): Promise<Sponsor[]> {
  return (await listSponsorRows(db, false)).map(toSponsor);
}

/** Whether a stored file is an image visitors may load (a public group): sponsors' logos, pages' hero images. */
export async function isPublicImage(db: DbOrTx, ref: { group: string; name: string }): Promise<boolean> {
  const meta = await findFileMeta(db, ref.group, ref.name);
  return !!meta && meta.public && meta.contentType.startsWith('image/');
}

async function assertPublicLogo(db: DbOrTx, logo: { group: string; name: string }): Promise<void> {
  if (!(await isPublicImage(db, logo))) {
    throw badRequest(FILES_ERRORS.fileNotFound, 'The logo must be an image in a public group', { logo });
  }
}

const sponsorValues = (input: SponsorInput) => ({
  name: input.name,
  url: input.url,
  logoGroup: input.logo.group,
  logoName: input.logo.name,
  sortOrder: input.sortOrder,
  enabled: input.enabled,
});

export async function createSponsor(ctx: ServiceContext, input: SponsorInput): Promise<Sponsor> {
  return ctx.db.transaction(async (tx) => {
    await assertPublicLogo(tx, input.logo);
    const row = await insertSponsor(tx, sponsorValues(input));
    await recordAudit(tx, sponsorAudit(ctx.actor, 'files.sponsor_create', row.id, { after: { name: row.name, url: row.url } }));
    return toSponsor(row);
  });
}

export async function updateSponsor(ctx: ManagerContext, id: number, input: SponsorInput): Promise<Sponsor> {
  return ctx.db.transaction(async (tx) => {
    await assertPublicLogo(tx, input.logo);
    const row = await updateSponsorRow(tx, id, sponsorValues(input));
    if (!row) throw notFound(FILES_ERRORS.sponsorNotFound, `No sponsor ${id}`);
    await recordAudit(tx, sponsorAudit(ctx.actor, 'files.sponsor_update', id, { after: { name: row.name, url: row.url, enabled: row.enabled } }));
    return toSponsor(row);
  });
}

export async function deleteSponsor(ctx: ManagerContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await deleteSponsorRow(tx, id);
    if (!row) throw notFound(FILES_ERRORS.sponsorNotFound, `No sponsor ${id}`);
    await recordAudit(tx, sponsorAudit(ctx.actor, 'files.sponsor_delete', id, { before: { name: row.name } }));
  });
}

/**
 * Puts the sponsors in the given order (the carousel's order) in one transaction. The list must name
 * every sponsor exactly once, so a manager working on a stale list (another added or removed one
 * meanwhile) is told to reload instead of silently mixing two orders.
 */
export async function reorderSponsors(ctx: ManagerContext, ids: number[]): Promise<Sponsor[]> {
  return ctx.db.transaction(async (tx) => {
    const before = await listSponsorRows(tx, false);
    const known = new Set(before.map((s) => s.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw conflict(FILES_ERRORS.sponsorOrderMismatch, 'The list of sponsors changed meanwhile', { ids: [...known] });
    }
    for (const [index, id] of ids.entries()) await updateSponsorOrder(tx, id, (index + 1) * 10);
    await recordAudit(tx, sponsorAudit(ctx.actor, 'files.sponsor_reorder', 'order', { before: { ids: before.map((s) => s.id) }, after: { ids } }));
    return (await listSponsorRows(tx, false)).map(toSponsor);
  });
}
