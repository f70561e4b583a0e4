import { pick } from '@bjk/domain/objects';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { searchCondition } from '../../platform/like.js';
import { insertOne, ofChampionship, updateStamped } from '../../platform/people-rows.js';
import { type AttendeeListQuery, type ParticipantListQuery, type RegistrationKind } from '@bjk/domain';
import { photoStore } from '../../platform/photo-store.js';
import type { DbOrTx } from '../../platform/db.js';
import { attendees, participantPhotos, participants } from './participants.tables.js';
import { pageWithTotal } from '../../platform/paging.js';

export type ParticipantRow = typeof participants.$inferSelect;
export type NewParticipantRow = typeof participants.$inferInsert;
export type ParticipantWithPhoto = ParticipantRow & { hasPhoto: boolean };
export type AttendeeRow = typeof attendees.$inferSelect;
export type NewAttendeeRow = typeof attendees.$inferInsert;

const hasPhoto = sql<boolean>`exists (select 1 from ${participantPhotos} where ${participantPhotos.participantId} = ${participants.id})`;

export async function insertParticipantIfAbsent(tx: DbOrTx, row: NewParticipantRow): Promise<ParticipantRow | undefined> {
  const [inserted] = await tx.insert(participants).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findParticipantRow(tx: DbOrTx, id: number, lock = false): Promise<ParticipantWithPhoto | undefined> {
  const query = tx.select({ participant: participants, hasPhoto }).from(participants).where(eq(participants.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ? { ...row.participant, hasPhoto: row.hasPhoto } : undefined;
}

export async function findParticipantIdOfPlayer(tx: DbOrTx, editionCode: string, kind: RegistrationKind, playerKey: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: participants.id })
    .from(participants)
    .where(and(ofChampionship(participants, editionCode, kind), eq(participants.playerKey, playerKey)));
  return row?.id;
}

export async function existingPlayerKeys(tx: DbOrTx, editionCode: string, kind: RegistrationKind): Promise<Set<string>> {
  const rows = await tx
    .select({ key: participants.playerKey })
    .from(participants)
    .where(ofChampionship(participants, editionCode, kind));
  return new Set(rows.map((r) => r.key));
}

export async function updateParticipantRow(tx: DbOrTx, id: number, row: Partial<NewParticipantRow>): Promise<void> {
  await updateStamped(tx, participants, eq(participants.id, id), row);
}

const SORTS = {
  name: [participants.lastName, participants.firstName],
  category: [participants.category, participants.lastName, participants.firstName],
  ratingFide: [participants.ratingFide],
  ratingNational: [participants.ratingNational],
  createdAt: [participants.createdAt],
} as const;

export async function pageParticipants(
  tx: DbOrTx,
  editionCode: string,
  kind: RegistrationKind,
  query: ParticipantListQuery,
): Promise<{ rows: ParticipantWithPhoto[]; total: number }> {
  const where = and(
    ofChampionship(participants, editionCode, kind),
    query.category ? eq(participants.category, query.category) : undefined,
    query.enabled ? eq(participants.enabled, query.enabled === '1') : undefined,
    searchCondition(
      query.search,
      [participants.lastName, participants.firstName, participants.clubName],
      sql`cast(${participants.idbel} as text) = ${query.search}`,
    ),
  );
  const direction = query.dir === 'desc' ? desc : asc;
  const nullsLast = (column: (typeof SORTS)[keyof typeof SORTS][number]) => sql`${direction(column)} nulls last`;
  const rows = tx
    .select({ participant: participants, hasPhoto })
    .from(participants)
    .where(where)
    .orderBy(...SORTS[query.sort].map(nullsLast), asc(participants.id))
    .$dynamic();
  const page = await pageWithTotal(tx, rows, participants, where, query);
  return { rows: page.rows.map((r) => ({ ...r.participant, hasPhoto: r.hasPhoto })), total: page.total };
}

/** The public list: only the columns it shows, enabled players of the edition. */
export async function listPublicParticipants(tx: DbOrTx, editionCode: string, kind: RegistrationKind) {
  return tx
    .select({
      id: participants.id,
      firstName: participants.firstName,
      lastName: participants.lastName,
      clubName: participants.clubName,
      category: participants.category,
      ratingNational: participants.ratingNational,
      ratingFide: participants.ratingFide,
      consentPublicName: participants.consentPublicName,
    })
    .from(participants)
    .where(and(ofChampionship(participants, editionCode, kind), eq(participants.enabled, true)))
    .orderBy(asc(participants.lastName), asc(participants.firstName), asc(participants.id));
}

export async function listParticipantRows(tx: DbOrTx, editionCode: string, kind: RegistrationKind): Promise<ParticipantWithPhoto[]> {
  const rows = await tx
    .select({ participant: participants, hasPhoto })
    .from(participants)
    .where(ofChampionship(participants, editionCode, kind))
    .orderBy(asc(participants.lastName), asc(participants.firstName));
  return rows.map((r) => ({ ...r.participant, hasPhoto: r.hasPhoto }));
}

const participantPhotoStore = photoStore(participantPhotos, participantPhotos.participantId, (participantId: number) => ({ participantId }));
export const upsertParticipantPhoto = participantPhotoStore.save;
export const findParticipantPhoto = participantPhotoStore.find;

/** The stored photos of several participants at once (the desk's roster), by participant id. */
export async function listParticipantPhotos(tx: DbOrTx, participantIds: number[]): Promise<Map<number, Buffer>> {
  if (participantIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: participantPhotos.participantId, jpeg: participantPhotos.jpeg })
    .from(participantPhotos)
    .where(inArray(participantPhotos.participantId, participantIds));
  return new Map(rows.map((r) => [r.id, r.jpeg]));
}

/** Names and categories of some participants and attendees of an edition, by id (either kind of championship). */
export async function listNamesOfBadgeHolders(tx: DbOrTx, editionCode: string, participantIds: number[], attendeeIds: number[]) {
  const namesOf = async (table: typeof participants | typeof attendees, ids: number[]) => {
    if (ids.length === 0) return [];
    const ofEdition = and(eq(table.editionCode, editionCode), inArray(table.id, ids));
    return tx
      .select(pick(table, ['id', 'firstName', 'lastName', 'category']))
      .from(table)
      .where(ofEdition);
  };
  const [players, others] = await Promise.all([namesOf(participants, participantIds), namesOf(attendees, attendeeIds)]);
  return { players, others };
}

export async function countParticipants(tx: DbOrTx, editionCode: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(participants)
    .where(and(eq(participants.editionCode, editionCode), eq(participants.enabled, true)));
  return row?.n ?? 0;
}

export async function insertAttendee(tx: DbOrTx, row: NewAttendeeRow): Promise<AttendeeRow> {
  return insertOne(tx, attendees, row);
}

export async function findAttendeeRow(tx: DbOrTx, id: number): Promise<AttendeeRow | undefined> {
  const [row] = await tx.select().from(attendees).where(eq(attendees.id, id));
  return row;
}

export async function updateAttendeeRow(tx: DbOrTx, id: number, row: Partial<NewAttendeeRow>): Promise<AttendeeRow | undefined> {
  return updateStamped(tx, attendees, eq(attendees.id, id), row);
}

export async function listAttendeeRows(tx: DbOrTx, editionCode: string, kind: RegistrationKind): Promise<AttendeeRow[]> {
  return tx
    .select()
    .from(attendees)
    .where(ofChampionship(attendees, editionCode, kind))
    .orderBy(asc(attendees.category), asc(attendees.lastName), asc(attendees.firstName));
}

/** One page of attendees and guests (by category and name), `search` in the names, category and e-mail. */
export async function pageAttendeeRows(
  tx: DbOrTx,
  editionCode: string,
  kind: RegistrationKind,
  query: AttendeeListQuery,
): Promise<{ rows: AttendeeRow[]; total: number }> {
  const searched = [attendees.lastName, attendees.firstName, attendees.category, attendees.email];
  const where = and(ofChampionship(attendees, editionCode, kind), searchCondition(query.search, searched));
  const rows = tx
    .select()
    .from(attendees)
    .where(where)
    .orderBy(asc(attendees.category), asc(attendees.lastName), asc(attendees.firstName), asc(attendees.id))
    .$dynamic();
  return pageWithTotal(tx, rows, attendees, where, query);
}

/** The columns a badge, name card or check-in list prints (and whether the family consented to the badge's photo). */
const PRINTED = [
  'id',
  'firstName',
  'lastName',
  'birthYear',
  'category',
  'mealsCode',
  'clubName',
  'fideFederation',
  'ratingNational',
  'ratingFide',
  'enabled',
  'consentBadgePhoto',
] as const;

/** Participants with the columns a badge, name card or check-in list prints, and when their photo was last replaced. */
export async function listPrintableParticipantRows(tx: DbOrTx, editionCode: string, kind: RegistrationKind) {
  return tx
    .select({ ...pick(participants, PRINTED), photoUploadedAt: participantPhotos.uploadedAt })
    .from(participants)
    .leftJoin(participantPhotos, eq(participantPhotos.participantId, participants.id))
    .where(ofChampionship(participants, editionCode, kind))
    .orderBy(asc(participants.category), asc(participants.lastName), asc(participants.firstName), asc(participants.id));
}
