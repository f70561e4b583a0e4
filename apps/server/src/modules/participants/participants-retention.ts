import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { attendees, participantPhotos, participants } from './participants.tables.js';

/**
 * The shredder's step for the start list (decision 0016): players keep their names, ids, club, category and ratings
 * (the published results hold them); their contacts, remarks and photos go. Attendees (guests, parents, meals-only)
 * appear in no result: their names and contacts go too. Answers the ids whose audit entries are cleaned next.
 * `only` limits it to some players (a family's approved erasure request, decision 0018); attendees are then untouched.
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
