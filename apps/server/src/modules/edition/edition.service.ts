import { readFile } from 'node:fs/promises';
import { editionSettingsSchema, type EditionSettings, type EditionSettingsUpdate, type PublicEdition, EDITION_ERRORS } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import { changedLeaves, recordAudit } from '../../platform/audit.js';
import {
  countEditions,
  findCurrentEditionRow,
  insertCurrentEdition,
  listEditionRows,
  lockCurrentEditionRow,
  updateEditionSettings,
  type EditionRow,
} from './edition.repository.js';

export type CurrentEdition = { code: string; settings: EditionSettings; updatedAt: Date };

function toCurrentEdition(row: EditionRow): CurrentEdition {
  // Settings are validated on every write; a row that no longer parses is a deployment fault, not user input.
  const parsed = editionSettingsSchema.safeParse(row.settings);
  if (!parsed.success) {
    throw new AppError(500, EDITION_ERRORS.invalidSettings, 'The stored edition settings are invalid', {
      issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return { code: row.code, settings: parsed.data, updatedAt: row.updatedAt };
}

/** The edition the site shows; every other module reads fees, dates and prices from here. */
export async function getCurrentEdition(db: DbOrTx): Promise<CurrentEdition> {
  const row = await findCurrentEditionRow(db);
  if (!row) throw new AppError(503, EDITION_ERRORS.notConfigured, 'No edition is configured yet');
  return toCurrentEdition(row);
}

export function toPublicEdition(edition: CurrentEdition): PublicEdition {
  return { settings: edition.settings, updatedAt: edition.updatedAt.toISOString() };
}

/** Reads and validates an edition file (the demo seed, or an organiser's own). */
export async function readEditionFile(file: string): Promise<EditionSettings> {
  const raw: unknown = JSON.parse(await readFile(file, 'utf8'));
  const parsed = editionSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Edition file ${file} is invalid:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * On first start the database has no edition: seed the current one from `config.editionSeedFile`. Later starts change
 * nothing.
 */
export async function seedEditionIfEmpty(ctx: ServiceContext): Promise<boolean> {
  const { db } = ctx;
  if ((await countEditions(db)) > 0) return false;
  await insertCurrentEdition(db, await readEditionFile(ctx.config.editionSeedFile));
  return true;
}

/**
 * An admin saves the edition settings (already validated with the shared schema). Refused when someone
 * saved in between (the `updatedAt` read no longer matches) or when the edition's code would change (it
 * identifies the edition everywhere). The audit entry keeps only the changed fields, before and after.
 */
export async function saveEditionSettings(ctx: ManagerContext, input: EditionSettingsUpdate): Promise<PublicEdition> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockCurrentEditionRow(tx);
    if (!row) throw new AppError(503, EDITION_ERRORS.notConfigured, 'No edition is configured yet');
    if (row.updatedAt.getTime() !== Date.parse(input.updatedAt)) {
      throw conflict(EDITION_ERRORS.changedMeanwhile, 'Someone else saved the settings in the meantime; reload them first');
    }
    if (input.settings.code !== row.code) {
      throw badRequest(EDITION_ERRORS.codeFixed, 'The code of an edition cannot change', { path: 'settings.code' });
    }
    const updated = await updateEditionSettings(tx, row.code, input.settings);
    if (!updated) throw new AppError(503, EDITION_ERRORS.notConfigured, 'No edition is configured yet');
    const changes = changedLeaves(row.settings, input.settings);
    if (changes) await recordAudit(tx, { actor: ctx.actor, action: 'edition.update_settings', subjectType: 'edition', subjectId: row.code, ...changes });
    return toPublicEdition(toCurrentEdition(updated));
  });
}

/** Every edition's code and last day (retention jobs: what belongs to an edition that is over). */
export async function listEditionEnds(db: DbOrTx): Promise<{ code: string; endDate: string }[]> {
  const rows = await listEditionRows(db);
  return rows.map((r) => ({ code: r.code, endDate: r.settings.endDate }));
}

/** Every edition's code, first and last day and retention settings (the shredder, decision 0016). */
export async function listEditionRetention(
  db: DbOrTx,
): Promise<{ code: string; startDate: string; endDate: string; retention: EditionSettings['retention'] | undefined }[]> {
  const rows = await listEditionRows(db);
  // Settings stored before retention existed have none: the defaults apply (retentionDueDates).
  return rows.map((r) => ({
    code: r.code,
    startDate: r.settings.startDate,
    endDate: r.settings.endDate,
    retention: r.settings.retention,
  }));
}
