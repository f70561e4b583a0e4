import { readFile } from 'node:fs/promises';
import { editionSettingsSchema, type EditionSettings, type PublicEdition } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { countEditions, findCurrentEditionRow, insertCurrentEdition, type EditionRow } from './edition.repository.js';

export type CurrentEdition = { code: string; settings: EditionSettings; updatedAt: Date };

function toCurrentEdition(row: EditionRow): CurrentEdition {
  // Settings are validated on every write; a row that no longer parses is a deployment fault, not user input.
  const parsed = editionSettingsSchema.safeParse(row.settings);
  if (!parsed.success) {
    throw new AppError(500, 'edition.invalid_settings', 'The stored edition settings are invalid', {
      issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return { code: row.code, settings: parsed.data, updatedAt: row.updatedAt };
}

/** The edition the site shows; every other module reads fees, dates and prices from here. */
export async function getCurrentEdition(db: DbOrTx): Promise<CurrentEdition> {
  const row = await findCurrentEditionRow(db);
  if (!row) throw new AppError(503, 'edition.not_configured', 'No edition is configured yet');
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

/** On first start the database has no edition: seed the current one from the file. Later starts change nothing. */
export async function seedEditionIfEmpty(db: DbOrTx, file: string): Promise<boolean> {
  if ((await countEditions(db)) > 0) return false;
  await insertCurrentEdition(db, await readEditionFile(file));
  return true;
}
