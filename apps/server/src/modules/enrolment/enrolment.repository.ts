import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { searchCondition } from '../../platform/like.js';
import { insertOne, ofChampionship, updateStamped } from '../../platform/people-rows.js';
import { type RegistrationKind, type RegistrationListQuery } from '@bjk/domain';
import { photoStore } from '../../platform/photo-store.js';
import type { DbOrTx } from '../../platform/db.js';
import type { MemberIdColumns } from '../members/members.service.js';
import { registrationPhotos, registrations } from './enrolment.tables.js';
import { pageWithTotal } from '../../platform/paging.js';

export type RegistrationRow = typeof registrations.$inferSelect;
export type NewRegistrationRow = typeof registrations.$inferInsert;
export type RegistrationWithPhoto = RegistrationRow & { hasPhoto: boolean };

const hasPhoto = sql<boolean>`exists (select 1 from ${registrationPhotos} where ${registrationPhotos.registrationId} = ${registrations.id})`;

export async function insertRegistration(tx: DbOrTx, row: NewRegistrationRow): Promise<RegistrationRow> {
  return insertOne(tx, registrations, row);
}

export async function updateDraftRegistration(tx: DbOrTx, id: string, row: Partial<NewRegistrationRow>): Promise<RegistrationRow | undefined> {
  return updateStamped(tx, registrations, and(eq(registrations.id, id), eq(registrations.status, 'draft')), row);
}

export async function updateRegistrationRow(tx: DbOrTx, id: string, row: Partial<NewRegistrationRow>): Promise<RegistrationRow | undefined> {
  return updateStamped(tx, registrations, eq(registrations.id, id), row);
}

export async function findRegistrationRow(tx: DbOrTx, id: string, lock = false): Promise<RegistrationWithPhoto | undefined> {
  const query = tx.select({ registration: registrations, hasPhoto }).from(registrations).where(eq(registrations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ? { ...row.registration, hasPhoto: row.hasPhoto } : undefined;
}

export async function findConfirmedRegistration(
  tx: DbOrTx,
  editionCode: string,
  kind: RegistrationKind,
  playerKey: string,
): Promise<RegistrationRow | undefined> {
  const confirmed = and(ofChampionship(registrations, editionCode, kind), eq(registrations.playerKey, playerKey), eq(registrations.status, 'confirmed'));
  const [row] = await tx.select().from(registrations).where(confirmed).limit(1);
  return row;
}

/**
 * Whether a member (its id columns, from the members module's lookup statement) has a confirmed
 * registration of the edition and kind bound later as the `editionCode` and `kind` placeholders. The
 * player key is built as `playerKeyOf` builds it, so the partial unique index answers the `exists`.
 */
export function confirmedRegistrationExists(member: MemberIdColumns): SQL<boolean> {
  // Qualified by hand: Drizzle leaves columns unqualified here, and both tables have idbel and idfide.
  return sql<boolean>`exists (select 1 from ${registrations} r
    where r.edition_code = ${sql.placeholder('editionCode')} and r.kind = ${sql.placeholder('kind')} and r.status = 'confirmed'
      and r.player_key = case when ${member.idbel} is not null then 'bel:' || ${member.idbel} else 'fide:' || ${member.idfide} end)`;
}

const SORTS = {
  name: [registrations.lastName, registrations.firstName],
  category: [registrations.category, registrations.lastName],
  createdAt: [registrations.createdAt],
  idbel: [registrations.idbel],
  ratingFide: [registrations.ratingFide],
} as const;

/** The columns a manager's `search` looks in (besides the whole IDBEL). */
const SEARCHED = [registrations.lastName, registrations.firstName, registrations.clubName, registrations.email];

export async function pageRegistrations(
  tx: DbOrTx,
  editionCode: string,
  kind: RegistrationKind,
  query: RegistrationListQuery,
): Promise<{ rows: RegistrationWithPhoto[]; total: number }> {
  const where = and(
    ofChampionship(registrations, editionCode, kind),
    query.category ? eq(registrations.category, query.category) : undefined,
    query.status ? eq(registrations.status, query.status) : undefined,
    query.enabled ? eq(registrations.enabled, query.enabled === '1') : undefined,
    searchCondition(query.search, SEARCHED, sql`cast(${registrations.idbel} as text) = ${query.search}`),
  );
  const direction = query.dir === 'desc' ? desc : asc;
  const rows = tx
    .select({ registration: registrations, hasPhoto })
    .from(registrations)
    .where(where)
    .orderBy(...SORTS[query.sort].map((column) => direction(column)), asc(registrations.id))
    .$dynamic();
  const page = await pageWithTotal(tx, rows, registrations, where, query);
  return { rows: page.rows.map((r) => ({ ...r.registration, hasPhoto: r.hasPhoto })), total: page.total };
}

export async function listRegistrationsForExport(tx: DbOrTx, editionCode: string, kind: RegistrationKind): Promise<RegistrationWithPhoto[]> {
  const rows = await tx
    .select({ registration: registrations, hasPhoto })
    .from(registrations)
    .where(ofChampionship(registrations, editionCode, kind))
    .orderBy(asc(registrations.lastName), asc(registrations.firstName));
  return rows.map((r) => ({ ...r.registration, hasPhoto: r.hasPhoto }));
}

export async function listConfirmedEnabledRegistrations(tx: DbOrTx, editionCode: string, kind: RegistrationKind): Promise<RegistrationRow[]> {
  return tx
    .select()
    .from(registrations)
    .where(and(ofChampionship(registrations, editionCode, kind), eq(registrations.status, 'confirmed'), eq(registrations.enabled, true)))
    .orderBy(asc(registrations.confirmedAt));
}

const registrationPhotoStore = photoStore(registrationPhotos, registrationPhotos.registrationId, (registrationId: string) => ({ registrationId }));
export const upsertRegistrationPhoto = registrationPhotoStore.save;
export const findRegistrationPhoto = registrationPhotoStore.find;

export async function registrationFigures(tx: DbOrTx, editionCode: string) {
  const byCategory = await tx
    .select({
      kind: registrations.kind,
      category: registrations.category,
      confirmed: sql<number>`cast(count(*) filter (where ${registrations.status} = 'confirmed') as int)`,
      draft: sql<number>`cast(count(*) filter (where ${registrations.status} = 'draft') as int)`,
    })
    .from(registrations)
    .where(eq(registrations.editionCode, editionCode))
    .groupBy(registrations.kind, registrations.category)
    .orderBy(registrations.kind, registrations.category);
  const [missing] = await tx
    .select({ n: count() })
    .from(registrations)
    .where(and(eq(registrations.editionCode, editionCode), eq(registrations.status, 'confirmed'), sql`not ${hasPhoto}`));
  return { byCategory, photosMissing: missing?.n ?? 0 };
}
