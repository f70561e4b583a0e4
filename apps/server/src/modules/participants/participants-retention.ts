import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { attendees, participantPhotos, participants } from './participants.tables.js';

/**
 * The shredder's step for the start list (decision 0016): players keep their names, ids, club, category and ratings
 * (the published results hold them); their contacts, remarks and photos go. Attendees (guests, parents, meals-only)
 * appear in no result: their names and contacts go too. Answers the ids whose audit entries are cleaned next.
 * `only` limits it to some players (a family's approved erasure request, decision 0021); attendees are then untouched.
 */
export async function eraseStartListPersonalData(
  db: DbOrTx,
  editionCode: string,
  only?: { participantIds: number[] },
): Promise<{ participantIds: number[]; attendeeIds: number[]; photos: number }> {
  if (only?.participantIds.length === 0) return { participantIds: [], attendeeIds: [], photos: 0 };
  const rows = await db
    .update(participants)
    .set({ email: '', parentName: '', parentEmail: '', attendantEmail: '', birthYear: null, gender: null, remarks: '' })
    .where(and(eq(participants.editionCode, editionCode), only ? inArray(participants.id, only.participantIds) : undefined))
    .returning({ id: participants.id });
  const participantIds = rows.map((r) => r.id);
  const photos = participantIds.length
    ? await db.delete(participantPhotos).where(inArray(participantPhotos.participantId, participantIds)).returning({ id: participantPhotos.participantId })
    : [];
  if (only) return { participantIds, attendeeIds: [], photos: photos.length };
  const guests = await db
    .update(attendees)
    .set({ firstName: '', lastName: '', email: '', mobile: '', remarks: '' })
    .where(eq(attendees.editionCode, editionCode))
    .returning({ id: attendees.id });
  return { participantIds, attendeeIds: guests.map((g) => g.id), photos: photos.length };
}

/** What the edition's start list still holds (the back office's personal-data overview): players and attendees. */
export async function countStartListPersonalData(
  db: DbOrTx,
  editionCode: string,
): Promise<{ contacts: number; photos: number; birthDates: number; remarks: number }> {
  const [players] = await db
    .select({
      contacts: sql<number>`count(*) filter (where ${participants.email} <> '' or ${participants.parentEmail} <> '' or ${participants.attendantEmail} <> '')::int`,
      birthDates: sql<number>`count(*) filter (where ${participants.birthYear} is not null)::int`,
      remarks: sql<number>`count(*) filter (where ${participants.remarks} <> '')::int`,
      photos: sql<number>`count(${participantPhotos.participantId})::int`,
    })
    .from(participants)
    .leftJoin(participantPhotos, eq(participantPhotos.participantId, participants.id))
    .where(eq(participants.editionCode, editionCode));
  const [others] = await db
    .select({
      contacts: sql<number>`count(*) filter (where ${attendees.email} <> '' or ${attendees.mobile} <> '' or ${attendees.lastName} <> '')::int`,
      remarks: sql<number>`count(*) filter (where ${attendees.remarks} <> '')::int`,
    })
    .from(attendees)
    .where(eq(attendees.editionCode, editionCode));
  return {
    contacts: (players?.contacts ?? 0) + (others?.contacts ?? 0),
    photos: players?.photos ?? 0,
    birthDates: players?.birthDates ?? 0,
    remarks: (players?.remarks ?? 0) + (others?.remarks ?? 0),
  };
}
