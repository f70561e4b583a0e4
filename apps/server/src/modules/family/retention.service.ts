import { and, eq, inArray, sql } from 'drizzle-orm';
import { retentionDueDates, type PersonalDataOverview } from '@bjk/domain';
import { eraseAuditPersonalData } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db.js';
import { purgeSignedLinks } from '../../platform/signed-links.js';
import { countDeskEvents, eraseDeskEvents } from '../desk/desk-retention.js';
import { listEditionRetention } from '../edition/edition.service.js';
import { countRegistrationsPersonalData, eraseRegistrationsPersonalData } from '../enrolment/enrolment-retention.js';
import { countReservationsPersonalData, eraseReservationsPersonalData } from '../lodging/lodging-retention.js';
import { countOutboxMails, eraseOldMails } from '../mail/mail-retention.js';
import { purgeFollowers } from '../notifications/notifications.service.js';
import { countStartListPersonalData, eraseStartListPersonalData } from '../participants/participants-retention.js';
import { countPaymentPersonalData, eraseAccountingPersonalData, erasePaymentContacts } from '../payments/payments-retention.js';
import { erasePrintsOf } from '../print/print-retention.js';
import { countFamilySessions, purgeFamilySessions } from './family-session.js';
import { familyAbsences, familyPrivacyRequests, familyReservationRequests, retentionRuns } from './family.tables.js';

export type RetentionStage = 'personal_data' | 'accounting';
export type RetentionRun = { edition: string; stage: RetentionStage; counts: Record<string, number> };

/** Spent sign-in links are kept a day (a family that clicks twice is told the link was used, not that it is unknown). */
const SIGNED_LINK_GRACE_MS = 86_400_000;

/**
 * Claims a stage of an edition: the row is written first, so two instances running the shredder at once do the
 * work once (the second finds the row and leaves). Answers false when it already ran.
 */
async function claimStage(tx: DbOrTx, edition: string, stage: RetentionStage, now: Date): Promise<boolean> {
  const claimed = await tx
    .insert(retentionRuns)
    .values({ editionCode: edition, stage, ranAt: now, counts: {} })
    .onConflictDoNothing()
    .returning({ edition: retentionRuns.editionCode });
  return claimed.length > 0;
}

/**
 * The first stage (decision 0016), `personalDataMonths` after the edition: everything personal no law asks to keep.
 * What stays: who took part (names, ids, club, category: the published results name them), the stays as figures, the
 * payment requests and invoices as accounting records (the payer's name and address), and the results.
 */
async function erasePersonalData(tx: DbOrTx, edition: { code: string; startDate: string }, due: Date): Promise<Record<string, number>> {
  const registrations = await eraseRegistrationsPersonalData(tx, edition.code);
  const startList = await eraseStartListPersonalData(tx, edition.code);
  const reservations = await eraseReservationsPersonalData(tx, edition.code, edition.startDate);
  const absences = await tx.delete(familyAbsences).where(eq(familyAbsences.editionCode, edition.code)).returning({ id: familyAbsences.id });
  const privacyRequests = await tx
    .delete(familyPrivacyRequests)
    .where(eq(familyPrivacyRequests.editionCode, edition.code))
    .returning({ id: familyPrivacyRequests.id });
  const requests = reservations.ids.length
    ? await tx
        .delete(familyReservationRequests)
        .where(inArray(familyReservationRequests.reservationId, reservations.ids))
        .returning({ id: familyReservationRequests.id })
    : [];
  const payments = await erasePaymentContacts(tx, edition.code);
  let audit = 0;
  audit += await eraseAuditPersonalData(tx, 'registration', registrations.ids);
  audit += await eraseAuditPersonalData(tx, 'participant', startList.participantIds);
  audit += await eraseAuditPersonalData(tx, 'attendee', startList.attendeeIds);
  audit += await eraseAuditPersonalData(tx, 'reservation', reservations.ids);
  return {
    registrations: registrations.ids.length,
    registrationPhotos: registrations.photos,
    participants: startList.participantIds.length,
    participantPhotos: startList.photos,
    attendees: startList.attendeeIds.length,
    reservations: reservations.ids.length,
    absences: absences.length,
    reservationRequests: requests.length,
    privacyRequests: privacyRequests.length,
    paymentRequests: payments.ids.length,
    deskEvents: await eraseDeskEvents(tx, edition.code),
    printJobs: await erasePrintsOf(tx, edition.code, due),
    mails: await eraseOldMails(tx, due),
    follows: await purgeFollowers(tx, edition.code),
    auditEntries: audit,
  };
}

/** The second stage, once accounting law no longer asks for the records: the people on them go, the figures stay. */
async function eraseAccountingRecords(tx: DbOrTx, edition: string): Promise<Record<string, number>> {
  const payments = await eraseAccountingPersonalData(tx, edition);
  return { paymentRequests: payments.ids.length, auditEntries: await eraseAuditPersonalData(tx, 'payment_request', payments.ids) };
}

/**
 * One pass of the shredder: every stage of every edition that is due and has not run, each in its own transaction,
 * then the short-lived rows (ended family sessions, old rate-limit rows, expired signed links). Answers what ran.
 */
export async function runRetention(db: Db, clock: Clock): Promise<RetentionRun[]> {
  const now = clock.now();
  const runs: RetentionRun[] = [];
  for (const edition of await listEditionRetention(db)) {
    const due = retentionDueDates(edition.endDate, edition.retention);
    const stages: [RetentionStage, Date, (tx: DbOrTx) => Promise<Record<string, number>>][] = [
      ['personal_data', due.personalData, (tx) => erasePersonalData(tx, edition, due.personalData)],
      ['accounting', due.accounting, (tx) => eraseAccountingRecords(tx, edition.code)],
    ];
    for (const [stage, dueAt, erase] of stages) {
      if (now < dueAt) continue;
      const counts = await db.transaction(async (tx) => {
        if (!(await claimStage(tx, edition.code, stage, now))) return null;
        const erased = await erase(tx);
        await tx
          .update(retentionRuns)
          .set({ counts: erased })
          .where(and(eq(retentionRuns.editionCode, edition.code), eq(retentionRuns.stage, stage)));
        return erased;
      });
      if (counts) runs.push({ edition: edition.code, stage, counts });
    }
  }
  await purgeFamilySessions(db, now);
  await purgeSignedLinks(db, new Date(now.getTime() - SIGNED_LINK_GRACE_MS));
  return runs;
}

/** When each edition's stages ran (the back office's overview). */
export async function listRetentionRuns(db: DbOrTx): Promise<{ edition: string; stage: RetentionStage; ranAt: Date; counts: Record<string, number> }[]> {
  const rows = await db
    .select()
    .from(retentionRuns)
    .orderBy(sql`${retentionRuns.ranAt} desc`);
  return rows.map((r) => ({ edition: r.editionCode, stage: r.stage, ranAt: r.ranAt, counts: r.counts }));
}

/**
 * The back office's personal-data overview (issue #26): per edition, how many records still hold each kind of
 * personal data (each module counts its own tables), and when each stage of the shredder is due or ran.
 */
export async function getPersonalDataOverview(db: DbOrTx): Promise<PersonalDataOverview> {
  const runs = await listRetentionRuns(db);
  const editions: PersonalDataOverview['editions'] = [];
  for (const edition of await listEditionRetention(db)) {
    const due = retentionDueDates(edition.endDate, edition.retention);
    const enrolment = await countRegistrationsPersonalData(db, edition.code);
    const startList = await countStartListPersonalData(db, edition.code);
    const lodging = await countReservationsPersonalData(db, edition.code);
    const payments = await countPaymentPersonalData(db, edition.code);
    const stage = (name: RetentionStage, dueAt: Date) => {
      const run = runs.find((r) => r.edition === edition.code && r.stage === name);
      return { stage: name, dueAt: dueAt.toISOString(), ranAt: run?.ranAt.toISOString() ?? null, counts: run?.counts ?? null };
    };
    editions.push({
      edition: edition.code,
      endDate: edition.endDate,
      counts: {
        contacts: enrolment.contacts + startList.contacts + lodging.contacts + payments.contacts,
        photos: enrolment.photos + startList.photos,
        birthDates: enrolment.birthDates + startList.birthDates + lodging.birthDates,
        remarks: enrolment.remarks + startList.remarks + lodging.remarks,
        deskEvents: await countDeskEvents(db, edition.code),
        accountingNames: payments.accountingNames,
      },
      stages: [stage('personal_data', due.personalData), stage('accounting', due.accounting)],
    });
  }
  return { editions, shared: { mails: await countOutboxMails(db), familySessions: await countFamilySessions(db) } };
}
