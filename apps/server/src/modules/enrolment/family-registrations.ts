import { and, asc, eq, or, sql } from 'drizzle-orm';
import { isAdult, type Contact, type EditionSettings } from '@bjk/domain';
import { recordAudit } from '../../platform/audit.js';
import { consentsOf, type consentValues } from '../../platform/columns.js';
import type { DbOrTx } from '../../platform/db.js';
import type { NormalisedPhoto } from '../../platform/photo.js';
import { assertContacts, normaliseContact } from './enrolment.service.js';
import { findRegistrationRow, upsertRegistrationPhoto, updateRegistrationRow, type RegistrationWithPhoto } from './enrolment.repository.js';
import { registrationPhotos, registrations } from './enrolment.tables.js';

/**
 * What the family page (modules/family) reads and changes of enrolments: a family is an e-mail address given as the
 * player's, the present parent's or the attendant's (DOMAIN.md §7c). Only confirmed registrations count.
 */

const hasPhoto = sql<boolean>`exists (select 1 from ${registrationPhotos} where ${registrationPhotos.registrationId} = ${registrations.id})`;

function ofContact(email: string) {
  return or(
    eq(sql`lower(${registrations.email})`, email),
    eq(sql`lower(${registrations.parent}->>'email')`, email),
    eq(sql`lower(${registrations.attendant}->>'email')`, email),
  );
}

/** The confirmed registrations of an edition that give this address as a contact, oldest first. */
export async function listRegistrationsOfContact(db: DbOrTx, editionCode: string, email: string): Promise<RegistrationWithPhoto[]> {
  const rows = await db
    .select({ registration: registrations, hasPhoto })
    .from(registrations)
    .where(and(eq(registrations.editionCode, editionCode), eq(registrations.status, 'confirmed'), ofContact(email)))
    .orderBy(asc(registrations.confirmedAt), asc(registrations.id));
  return rows.map((r) => ({ ...r.registration, hasPhoto: r.hasPhoto }));
}

export type { RegistrationWithPhoto };

/** A registration by id, whoever's it is (a manager's action; the family's own checks go through `findRegistrationOfContact`). */
export async function findRegistrationById(db: DbOrTx, id: string): Promise<RegistrationWithPhoto | undefined> {
  return findRegistrationRow(db, id);
}

/** Whether the address is a contact of any confirmed registration of the edition. */
export async function isRegistrationContact(db: DbOrTx, editionCode: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.editionCode, editionCode), eq(registrations.status, 'confirmed'), ofContact(email)))
    .limit(1);
  return row !== undefined;
}

/** Which of the registration's contacts the address is. */
export function relationOf(row: Pick<RegistrationWithPhoto, 'email' | 'parent' | 'attendant'>, email: string): ('player' | 'parent' | 'attendant')[] {
  const out: ('player' | 'parent' | 'attendant')[] = [];
  if (row.email.toLowerCase() === email) out.push('player');
  if (row.parent.email.toLowerCase() === email) out.push('parent');
  if (row.attendant.email.toLowerCase() === email) out.push('attendant');
  return out;
}

/** A confirmed registration of the edition that this address is a contact of, or undefined (not the family's). */
export async function findRegistrationOfContact(
  db: DbOrTx,
  editionCode: string,
  id: string,
  email: string,
  lock = false,
): Promise<RegistrationWithPhoto | undefined> {
  const row = await findRegistrationRow(db, id, lock);
  if (!row || row.editionCode !== editionCode || row.status !== 'confirmed') return undefined;
  return relationOf(row, email).length > 0 ? row : undefined;
}

export type ContactChanges = { email: string; mobile: string; parent: Contact; attendant: Contact };

/**
 * Changes the contacts of a registration, checked as the wizard checks them (a minor keeps a complete parent or
 * attendant contact); audited with who changed them (`by`: the family's address, or the manager in `actor`).
 * Answers the registration before and after.
 */
export async function changeRegistrationContacts(
  tx: DbOrTx,
  settings: EditionSettings,
  row: RegistrationWithPhoto,
  changes: ContactChanges,
  by: { family: string },
): Promise<{ before: RegistrationWithPhoto; after: RegistrationWithPhoto }> {
  assertContacts({ category: row.category, ...changes }, isAdult(settings, row.birthYear));
  const values = {
    email: changes.email.toLowerCase(),
    mobile: changes.mobile === '' ? '' : normaliseContact({ fullName: '', email: '', mobile: changes.mobile }).mobile,
    parent: normaliseContact(changes.parent),
    attendant: normaliseContact(changes.attendant),
  };
  await updateRegistrationRow(tx, row.id, values);
  const after = await findRegistrationRow(tx, row.id);
  if (!after) throw new Error('registration vanished');
  const was = { email: row.email, mobile: row.mobile, parent: row.parent, attendant: row.attendant };
  const now = { email: after.email, mobile: after.mobile, parent: after.parent, attendant: after.attendant };
  const before: Record<string, unknown> = {};
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(now) as (keyof typeof now)[]) {
    if (JSON.stringify(was[key]) !== JSON.stringify(now[key])) {
      before[key] = was[key];
      changed[key] = now[key];
    }
  }
  if (Object.keys(changed).length > 0) {
    await recordAudit(tx, {
      actor: null,
      family: by.family,
      action: 'enrolment.family_contacts',
      subjectType: 'registration',
      subjectId: row.id,
      before,
      after: changed,
    });
  }
  return { before: row, after };
}

/** Replaces the registration's photo (the participant's is the badge's: modules/participants copies it). */
export async function replaceRegistrationPhoto(tx: DbOrTx, registrationId: string, photo: NormalisedPhoto): Promise<void> {
  await upsertRegistrationPhoto(tx, registrationId, photo);
}

type ConsentColumns = ReturnType<typeof consentValues>;

/** The family changes a child's consents on its page (decision 0020): audited as the family's change. */
export async function changeRegistrationConsents(tx: DbOrTx, row: RegistrationWithPhoto, values: ConsentColumns, by: { family: string }): Promise<void> {
  await updateRegistrationRow(tx, row.id, values);
  const { changedAt: _at, changedBy: _by, ...before } = consentsOf(row);
  const { changedAt: _at2, changedBy: _by2, ...after } = consentsOf(values);
  await recordAudit(tx, { actor: null, family: by.family, action: 'enrolment.family_consents', subjectType: 'registration', subjectId: row.id, before, after });
}

/** A manager changed the consents on the start list: the registration's copy follows (the participant's audit entry says who). */
export async function copyConsentsToRegistration(tx: DbOrTx, registrationId: string, values: ConsentColumns): Promise<void> {
  await updateRegistrationRow(tx, registrationId, values);
}
