import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { registrationPhotos, registrations } from './enrolment.tables.js';

const NO_CONTACT = { fullName: '', email: '', mobile: '' };

/**
 * The shredder's step for enrolments (decision 0016): what stays is who took part (names, federation and FIDE ids,
 * club, category: the published results name them too) and the fee; contacts, birth year, gender, remarks and photos
 * go. Answers the ids of the edition's registrations (their audit entries are cleaned next) and how many photos went.
 * `only` limits it to some registrations (a family's approved erasure request, decision 0021).
 */
export async function eraseRegistrationsPersonalData(db: DbOrTx, editionCode: string, only?: string[]): Promise<{ ids: string[]; photos: number }> {
  if (only?.length === 0) return { ids: [], photos: 0 };
  const rows = await db
    .update(registrations)
    .set({ email: '', mobile: '', parent: NO_CONTACT, attendant: NO_CONTACT, birthYear: null, gender: null, remarks: '' })
    .where(and(eq(registrations.editionCode, editionCode), only ? inArray(registrations.id, only) : undefined))
    .returning({ id: registrations.id });
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { ids, photos: 0 };
  const photos = await db
    .delete(registrationPhotos)
    .where(inArray(registrationPhotos.registrationId, ids))
    .returning({ id: registrationPhotos.registrationId });
  return { ids, photos: photos.length };
}

/** What the edition's registrations still hold (the back office's personal-data overview): rows with each kind. */
export async function countRegistrationsPersonalData(
  db: DbOrTx,
  editionCode: string,
): Promise<{ contacts: number; photos: number; birthDates: number; remarks: number }> {
  const [row] = await db
    .select({
      contacts: sql<number>`count(*) filter (where ${registrations.email} <> '' or ${registrations.mobile} <> '' or ${registrations.parent}->>'email' <> '' or ${registrations.attendant}->>'email' <> '')::int`,
      birthDates: sql<number>`count(*) filter (where ${registrations.birthYear} is not null)::int`,
      remarks: sql<number>`count(*) filter (where ${registrations.remarks} <> '')::int`,
      photos: sql<number>`count(${registrationPhotos.registrationId})::int`,
    })
    .from(registrations)
    .leftJoin(registrationPhotos, eq(registrationPhotos.registrationId, registrations.id))
    .where(eq(registrations.editionCode, editionCode));
  return row ?? { contacts: 0, photos: 0, birthDates: 0, remarks: 0 };
}
