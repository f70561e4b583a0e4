import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  FAMILY_ERRORS,
  type FamilyPrivacyRequest,
  type FamilyPrivacyRequestInput,
  type Language,
  type PrivacyRequestAnswer,
  type PrivacyRequestRow,
  type RegistrationKind,
} from '@bjk/domain';
import type { FamilyPrincipal } from '../../platform/access.js';
import { eraseAuditPersonalData, recordAudit } from '../../platform/audit.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import { getCurrentEdition, type CurrentEdition } from '../edition/edition.service.js';
import { eraseRegistrationsPersonalData } from '../enrolment/enrolment-retention.js';
import { findRegistrationById, findRegistrationOfContact, listRegistrationsOfContact } from '../enrolment/family-registrations.js';
import { listReservationsOfContact } from '../lodging/family-reservations.js';
import { eraseReservationsPersonalData } from '../lodging/lodging-retention.js';
import { eraseMailsTo } from '../mail/mail-retention.js';
import { queueMail } from '../mail/mail.service.js';
import { findParticipantOfPlayer } from '../participants/family-participants.js';
import { eraseStartListPersonalData } from '../participants/participants-retention.js';
import { findFamilyPayment } from '../payments/family-payments.js';
import { erasePaymentContacts } from '../payments/payments-retention.js';
import { privacyAnswerMail } from './family-mail.js';
import { endFamilySessionsOf } from './family-session.js';
import { familyAbsences, familyPrivacyRequests, familyReservationRequests } from './family.tables.js';

type RequestRow = typeof familyPrivacyRequests.$inferSelect;

const notTheirs = () => notFound(FAMILY_ERRORS.notFound, 'Nothing of this family here');

async function childOf(db: DbOrTx, registrationId: string | null): Promise<{ name: string; kind: RegistrationKind } | null> {
  if (!registrationId) return null;
  const row = await findRegistrationById(db, registrationId);
  return row ? { name: `${row.firstName} ${row.lastName}`, kind: row.kind } : null;
}

async function childNameOf(db: DbOrTx, registrationId: string | null): Promise<string | null> {
  return (await childOf(db, registrationId))?.name ?? null;
}

async function toRequest(db: DbOrTx, row: RequestRow): Promise<FamilyPrivacyRequest> {
  return {
    id: row.id,
    kind: row.kind,
    registrationId: row.registrationId,
    ...(await childOf(db, row.registrationId).then((child) => ({ registrationKind: child?.kind ?? null, childName: child?.name ?? null }))),
    correction: row.correction ?? null,
    message: row.message,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** The family's own requests of the edition (its page lists them with their answers). */
export async function listPrivacyRequestsOfFamily(db: DbOrTx, editionCode: string, email: string): Promise<FamilyPrivacyRequest[]> {
  const rows = await db
    .select()
    .from(familyPrivacyRequests)
    .where(and(eq(familyPrivacyRequests.editionCode, editionCode), eq(familyPrivacyRequests.email, email)))
    .orderBy(desc(familyPrivacyRequests.createdAt));
  const requests: FamilyPrivacyRequest[] = [];
  for (const row of rows) requests.push(await toRequest(db, row));
  return requests;
}

/**
 * A family asks for the erasure of a child or of the whole family, or for a correction of a child's name or birth
 * date (issue #26). Nothing changes by itself: the organisers approve or refuse it. A child must be the family's.
 */
export async function requestPrivacy(
  ctx: ServiceContext,
  family: FamilyPrincipal,
  input: FamilyPrivacyRequestInput,
  language: Language,
): Promise<FamilyPrivacyRequest> {
  const edition = await getCurrentEdition(ctx.db);
  return ctx.db.transaction(async (tx) => {
    if (input.registrationId && !(await findRegistrationOfContact(tx, edition.code, input.registrationId, family.email))) throw notTheirs();
    const [row] = await tx
      .insert(familyPrivacyRequests)
      .values({
        editionCode: edition.code,
        email: family.email,
        language,
        kind: input.kind,
        registrationId: input.registrationId,
        correction: input.kind === 'correction' ? input.correction : null,
        message: input.message,
        createdAt: ctx.clock.now(),
      })
      .returning();
    await recordAudit(tx, {
      actor: null,
      family: family.email,
      action: `family.privacy_${input.kind}_request`,
      subjectType: 'privacy_request',
      subjectId: row!.id,
      after: { registrationId: input.registrationId },
    });
    return toRequest(tx, row!);
  });
}

/** The back office's list of privacy requests, open first, newest first. */
export async function listPrivacyRequests(db: DbOrTx, status: RequestRow['status'] | undefined): Promise<{ items: PrivacyRequestRow[] }> {
  const { code } = await getCurrentEdition(db);
  const rows = await db
    .select()
    .from(familyPrivacyRequests)
    .where(and(eq(familyPrivacyRequests.editionCode, code), status ? eq(familyPrivacyRequests.status, status) : undefined))
    .orderBy(desc(familyPrivacyRequests.createdAt));
  const items: PrivacyRequestRow[] = [];
  for (const row of rows) items.push({ ...(await toRequest(db, row)), requester: row.email, answeredBy: row.answeredBy });
  return { items };
}

/**
 * An approved erasure (decision 0021): the shredder's own erasers run on the family's rows only, so "erased" means
 * what it means after an edition: contacts, photos, birth year, remarks, the stays' people, absences and requests,
 * the payment requests' addresses and page link, the audit entries' recorded values; the mails in the outbox to the
 * family (for one child: those naming the child) and, for the whole family, its sessions. Kept: who took part (the
 * published results name them), the results, and the payment requests and invoices as accounting records.
 */
async function eraseForRequest(tx: DbOrTx, edition: CurrentEdition, request: RequestRow): Promise<Record<string, number>> {
  const one = request.registrationId ? await findRegistrationById(tx, request.registrationId) : undefined;
  const registrations = request.registrationId ? (one ? [one] : []) : await listRegistrationsOfContact(tx, edition.code, request.email);
  const reservations = request.registrationId ? [] : await listReservationsOfContact(tx, edition.code, request.email);
  const participantIds: number[] = [];
  const paymentIds: number[] = [];
  for (const row of registrations) {
    const participant = await findParticipantOfPlayer(tx, edition.code, row.kind, row.playerKey);
    if (!participant) continue;
    participantIds.push(participant.id);
    const payment = await findFamilyPayment(tx, edition.settings, `participant_${row.kind}`, String(participant.id));
    if (payment) paymentIds.push(payment.id);
  }
  for (const row of reservations) {
    const payment = await findFamilyPayment(tx, edition.settings, 'stay', row.id);
    if (payment) paymentIds.push(payment.id);
  }
  // The addresses are read before the erasers clear them.
  const addresses = [request.email, ...(one ? [one.email, one.parent.email, one.attendant.email] : [])].filter((a) => a !== '');
  const mails = await eraseMailsTo(tx, [...new Set(addresses)], one ? `${one.firstName} ${one.lastName}` : undefined);
  const registrationIds = registrations.map((r) => r.id);
  const reservationIds = reservations.map((r) => r.id);
  const erasedRegistrations = await eraseRegistrationsPersonalData(tx, edition.code, registrationIds);
  const startList = await eraseStartListPersonalData(tx, edition.code, { participantIds });
  await eraseReservationsPersonalData(tx, edition.code, edition.settings.startDate, reservationIds);
  await erasePaymentContacts(tx, edition.code, paymentIds);
  const absences = registrationIds.length ? await tx.delete(familyAbsences).where(inArray(familyAbsences.registrationId, registrationIds)).returning() : [];
  if (reservationIds.length) await tx.delete(familyReservationRequests).where(inArray(familyReservationRequests.reservationId, reservationIds));
  let audit = 0;
  audit += await eraseAuditPersonalData(tx, 'registration', registrationIds);
  audit += await eraseAuditPersonalData(tx, 'participant', participantIds);
  audit += await eraseAuditPersonalData(tx, 'reservation', reservationIds);
  return {
    registrations: registrationIds.length,
    photos: erasedRegistrations.photos + startList.photos,
    participants: participantIds.length,
    reservations: reservationIds.length,
    paymentRequests: paymentIds.length,
    absences: absences.length,
    mails,
    sessions: request.registrationId ? 0 : await endFamilySessionsOf(tx, request.email),
    auditEntries: audit,
  };
}

/**
 * A manager approves or refuses a privacy request (refusing needs a reason). An approved erasure runs at once, in the
 * same transaction; an approved correction is made by the organisers on the registration (names and birth dates are
 * checked against the federation's registry first). The family is mailed the answer in its language; audited.
 */
export async function answerPrivacyRequest(ctx: ManagerContext, id: string, answer: PrivacyRequestAnswer): Promise<PrivacyRequestRow> {
  const edition = await getCurrentEdition(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(familyPrivacyRequests).where(eq(familyPrivacyRequests.id, id)).for('update');
    if (!row || row.editionCode !== edition.code) throw notTheirs();
    if (row.status !== 'open') throw new AppError(409, FAMILY_ERRORS.requestAnswered, 'This request was already answered');
    const childName = await childNameOf(tx, row.registrationId);
    const erased = answer.approve && row.kind === 'erasure' ? await eraseForRequest(tx, edition, row) : null;
    const status = answer.approve ? 'approved' : 'refused';
    const [updated] = await tx
      .update(familyPrivacyRequests)
      .set({ status, reason: answer.reason, answeredAt: ctx.clock.now(), answeredBy: ctx.actor.email })
      .where(eq(familyPrivacyRequests.id, id))
      .returning();
    await recordAudit(tx, {
      actor: ctx.actor,
      action: `family.privacy_request_${status}`,
      subjectType: 'privacy_request',
      subjectId: id,
      // Counts only: what was erased is not repeated here.
      after: { kind: row.kind, whole: row.registrationId === null, ...(erased ? { erased } : {}) },
    });
    await queueMail(
      tx,
      privacyAnswerMail(ctx.config, edition.settings, row.email, row.language, { kind: row.kind, approved: answer.approve, reason: answer.reason, childName }),
    );
    return { ...(await toRequest(tx, updated!)), childName, requester: updated!.email, answeredBy: updated!.answeredBy };
  });
}
