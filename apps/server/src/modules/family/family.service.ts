import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { pick } from '@bjk/domain/objects';
import {
  ENROLMENT_ERRORS,
  FAMILY_ERRORS,
  refusedRequiredConsents,
  type ConsentChoices,
  type Consents,
  type AbsenceKind,
  type AbsenceListQuery,
  type AbsenceRow,
  type FamilyAbsence,
  type FamilyAbsenceInput,
  type FamilyChild,
  type FamilyContactsUpdate,
  type FamilyOverview,
  type FamilyReservation,
  type FamilyReservationRequestInput,
  type FamilySignInLinkRequest,
  type Language,
  type RegistrationKind,
  type ReservationRequestRow,
} from '@bjk/domain';
import type { FamilyPrincipal } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { consentsOf, consentValues } from '../../platform/columns.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { normalisePhoto } from '../../platform/photo.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import { issueSignedLink, useSignedLink } from '../../platform/signed-links.js';
import { getCurrentEdition, type CurrentEdition } from '../edition/edition.service.js';
import {
  changeRegistrationConsents,
  changeRegistrationContacts,
  findRegistrationById,
  findRegistrationOfContact,
  isRegistrationContact,
  listRegistrationsOfContact,
  relationOf,
  replaceRegistrationPhoto,
  type RegistrationWithPhoto,
} from '../enrolment/family-registrations.js';
import { getRegistrationPhoto } from '../enrolment/enrolment.service.js';
import {
  familyReservationView,
  findReservationById,
  findReservationOfContact,
  isReservationContact,
  listReservationsOfContact,
  noteFamilyRequest,
  stayRequestOf,
} from '../lodging/family-reservations.js';
import { queueMail } from '../mail/mail.service.js';
import {
  copyConsentsToParticipant,
  copyContactAddresses,
  findParticipantOfPlayer,
  replaceParticipantPhotoByFamily,
} from '../participants/family-participants.js';
import { findFamilyPayment, listPaymentRecordsOfSource } from '../payments/family-payments.js';
import { getInvoicePdf } from '../payments/invoices.service.js';
import { badgeStateOfParticipant } from '../print/badge-state-of.js';
import { findPlayerInResults } from '../results/family-results.js';
import { absenceMail, signInMail } from './family-mail.js';
import { listPrivacyRequestsOfFamily } from './privacy-requests.js';
import { countSignInRequest, emailDigest, FAMILY_LINK_MINUTES, openFamilySession } from './family-session.js';
import { exportValue, localizedCsv, type ExportColumn } from '../../platform/export-texts.js';
import { sameNameColumns } from '../../platform/people-csv.js';
import { familyAbsences, familyReservationRequests } from './family.tables.js';

const notTheirs = () => notFound(FAMILY_ERRORS.notFound, 'Nothing of this family here');

// Signing in ------------------------------------------------------------------------------------------------------

/** Whether the address is a family of the current edition (a contact of a confirmed enrolment or of a reservation). */
async function isFamily(db: DbOrTx, editionCode: string, email: string): Promise<boolean> {
  return (await isRegistrationContact(db, editionCode, email)) || (await isReservationContact(db, editionCode, email));
}

async function mailSignInLink(ctx: ServiceContext, edition: CurrentEdition, email: string, language: Language): Promise<void> {
  const link = await issueSignedLink(ctx, { purpose: 'family.sign_in', subject: email, uses: 'once', lifetimeMs: FAMILY_LINK_MINUTES * 60_000 });
  await queueMail(ctx.db, signInMail(ctx.config, edition.settings, email, language, link.token, FAMILY_LINK_MINUTES));
}

/**
 * "My family" asks for a sign-in link. The answer is the same whether the address is a family or not (no
 * enumeration); a link is mailed only to a family. Limited per address (a venue's families share one public address).
 */
export async function requestSignInLink(ctx: ServiceContext, input: FamilySignInLinkRequest): Promise<{ accepted: true; validMinutes: number }> {
  const edition = await getCurrentEdition(ctx.db);
  await ctx.db.transaction(async (tx) => {
    const within = await countSignInRequest(tx, ctx.clock, emailDigest(input.email));
    if (!within) throw new AppError(429, FAMILY_ERRORS.tooManyLinks, 'Too many sign-in links asked for this address; try again later');
    if (await isFamily(tx, edition.code, input.email)) await mailSignInLink({ ...ctx, db: tx }, edition, input.email, input.language);
  });
  return { accepted: true, validMinutes: FAMILY_LINK_MINUTES };
}

/** The landing page's button: spends the link and opens the family's session, in one transaction. */
export async function signInWithLink(ctx: ServiceContext, token: string): Promise<{ token: string; email: string; expiresAt: Date }> {
  return ctx.db.transaction(async (tx) => {
    const link = await useSignedLink({ ...ctx, db: tx }, 'family.sign_in', token);
    const session = await openFamilySession(tx, ctx.clock, link.subject);
    return { ...session, email: link.subject };
  });
}

/** A manager sends a registration's contacts their sign-in links (one mail per address, in its language). */
export async function sendFamilyLinksOfRegistration(ctx: ManagerContext, kind: RegistrationKind, id: string): Promise<{ sentTo: number }> {
  const edition = await getCurrentEdition(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const row = await findRegistrationById(tx, id);
    if (!row || row.kind !== kind || row.status !== 'confirmed' || row.editionCode !== edition.code) throw notTheirs();
    const addresses = [...new Set([row.email, row.parent.email, row.attendant.email].map((e) => e.toLowerCase()).filter((e) => e !== ''))];
    for (const email of addresses) await mailSignInLink({ ...ctx, db: tx }, edition, email, row.language);
    return { sentTo: addresses.length };
  });
}

/** A manager sends a reservation's responsible adult the sign-in link. */
export async function sendFamilyLinkOfReservation(ctx: ManagerContext, id: string): Promise<{ sentTo: number }> {
  const edition = await getCurrentEdition(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const row = await findReservationById(tx, id);
    if (!row || row.editionCode !== edition.code || row.email === '') throw notTheirs();
    await mailSignInLink({ ...ctx, db: tx }, edition, row.email.toLowerCase(), row.language);
    return { sentTo: 1 };
  });
}

// The family's page ----------------------------------------------------------------------------------------------

/** The absences that stand: announced (or noted by the arbiters), not withdrawn by the family. */
const notWithdrawn = () => ne(familyAbsences.status, 'withdrawn');

function toAbsence(row: typeof familyAbsences.$inferSelect): FamilyAbsence {
  return { ...pick(row, ['id', 'round', 'kind', 'remark', 'status']), createdAt: row.createdAt.toISOString(), notedAt: row.notedAt?.toISOString() ?? null };
}

/** A family's question about its reservation, as the family's page and the lodging desk show it. */
function toReservationRequest(row: typeof familyReservationRequests.$inferSelect): FamilyReservation['requests'][number] {
  return {
    ...pick(row, ['id', 'kind', 'message', 'status', 'answer']),
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

async function childOf(db: DbOrTx, edition: CurrentEdition, email: string, row: RegistrationWithPhoto, absences: FamilyAbsence[]): Promise<FamilyChild> {
  const participant = await findParticipantOfPlayer(db, edition.code, row.kind, row.playerKey);
  const badge = participant
    ? await badgeStateOfParticipant(db, edition.code, participant.id, {
        firstName: participant.firstName,
        lastName: participant.lastName,
        category: participant.category,
        mealsCode: participant.mealsCode,
        photoVersion: participant.photoVersion,
      })
    : 'none';
  const payment = participant ? await findFamilyPayment(db, edition.settings, `participant_${row.kind}`, String(participant.id)) : null;
  const category = participant?.category ?? row.category;
  const inResults = row.kind === 'bjk' ? await findPlayerInResults(db, edition.code, category, { idbel: row.idbel, idfide: row.idfide }) : null;
  return {
    registrationId: row.id,
    kind: row.kind,
    firstName: row.firstName,
    lastName: row.lastName,
    birthYear: row.birthYear,
    category,
    status: row.enabled && (participant?.enabled ?? true) ? 'confirmed' : 'disabled',
    relation: relationOf(row, email),
    email: row.email,
    mobile: row.mobile,
    parent: row.parent,
    attendant: row.attendant,
    consent: row.consent,
    consents: consentsOf(row),
    hasPhoto: row.hasPhoto,
    badge,
    payment,
    results: inResults
      ? {
          categoryName: inResults.category,
          pairingNumber: inResults.pairingNumber,
          playerCardPath: `/trn_${inResults.category.toLowerCase()}?player=${inResults.pairingNumber}`,
          points: String(inResults.points),
          rank: inResults.rank,
        }
      : null,
    absences,
  };
}

function absenceRounds(edition: CurrentEdition, now: Date) {
  const settings = edition.settings.familyAbsences;
  return (settings?.rounds ?? [])
    .map((r) => ({ round: r.round, deadline: new Date(r.deadline).toISOString(), open: Date.parse(r.deadline) > now.getTime(), halfPointBye: r.halfPointBye }))
    .sort((a, b) => a.round - b.round);
}

export async function getFamilyOverview(ctx: ServiceContext, family: FamilyPrincipal, language: Language): Promise<FamilyOverview> {
  const { db } = ctx;
  const edition = await getCurrentEdition(db);
  const registrations = await listRegistrationsOfContact(db, edition.code, family.email);
  const registrationIds = registrations.map((r) => r.id);
  const ofChildren = and(inArray(familyAbsences.registrationId, registrationIds), notWithdrawn());
  const absenceRows = registrations.length ? await db.select().from(familyAbsences).where(ofChildren).orderBy(asc(familyAbsences.round)) : [];
  const children: FamilyChild[] = [];
  for (const row of registrations) {
    children.push(await childOf(db, edition, family.email, row, absenceRows.filter((a) => a.registrationId === row.id).map(toAbsence)));
  }
  const reservationRows = await listReservationsOfContact(db, edition.code, family.email);
  const reservationIds = reservationRows.map((r) => r.id);
  const ofReservations = inArray(familyReservationRequests.reservationId, reservationIds);
  const requests = reservationRows.length
    ? await db.select().from(familyReservationRequests).where(ofReservations).orderBy(asc(familyReservationRequests.createdAt))
    : [];
  const reservations: FamilyReservation[] = [];
  for (const row of reservationRows) {
    reservations.push({
      ...familyReservationView(edition.settings, row, language),
      payment: await findFamilyPayment(db, edition.settings, 'stay', row.id),
      requests: requests.filter((q) => q.reservationId === row.id).map(toReservationRequest),
    });
  }
  return {
    email: family.email,
    optionalConsents: edition.settings.optionalConsents,
    sessionExpiresAt: family.expiresAt.toISOString(),
    children,
    reservations,
    absenceRounds: absenceRounds(edition, ctx.clock.now()),
    maxHalfPointByes: edition.settings.familyAbsences?.maxHalfPointByes ?? 0,
    privacyRequests: await listPrivacyRequestsOfFamily(db, edition.code, family.email),
  };
}

async function childOfFamily(
  db: DbOrTx,
  edition: CurrentEdition,
  family: FamilyPrincipal,
  registrationId: string,
  lock = false,
): Promise<RegistrationWithPhoto> {
  const row = await findRegistrationOfContact(db, edition.code, registrationId, family.email, lock);
  if (!row) throw notTheirs();
  return row;
}

/** The family replaces a child's badge photo (the registration's and the participant's; a printed badge is then flagged for reprint). */
export async function replaceChildPhoto(
  ctx: ServiceContext,
  family: FamilyPrincipal,
  registrationId: string,
  file: Buffer,
): Promise<{ width: number; height: number }> {
  const edition = await getCurrentEdition(ctx.db);
  await childOfFamily(ctx.db, edition, family, registrationId);
  const photo = await normalisePhoto(file);
  return ctx.db.transaction(async (tx) => {
    const row = await childOfFamily(tx, edition, family, registrationId, true);
    await replaceRegistrationPhoto(tx, row.id, photo);
    await recordAudit(tx, {
      actor: null,
      family: family.email,
      action: 'enrolment.family_photo',
      subjectType: 'registration',
      subjectId: row.id,
      after: { width: photo.width, height: photo.height },
    });
    const participant = await findParticipantOfPlayer(tx, edition.code, row.kind, row.playerKey);
    if (participant) await replaceParticipantPhotoByFamily(tx, participant.id, photo, family.email);
    return { width: photo.width, height: photo.height };
  });
}

/** The family changes a child's contacts (audited as the family's change); the start list's copies follow. */
export async function changeChildContacts(ctx: ServiceContext, family: FamilyPrincipal, registrationId: string, input: FamilyContactsUpdate): Promise<void> {
  const edition = await getCurrentEdition(ctx.db);
  await ctx.db.transaction(async (tx) => {
    const row = await childOfFamily(tx, edition, family, registrationId, true);
    const { after } = await changeRegistrationContacts(tx, edition.settings, row, input, { family: family.email });
    const participant = await findParticipantOfPlayer(tx, edition.code, row.kind, row.playerKey);
    if (participant) {
      await copyContactAddresses(tx, participant.id, { email: after.email, parentEmail: after.parent.email, attendantEmail: after.attendant.email });
    }
  });
}

/**
 * The family changes a child's consents per purpose (decision 0020), audited as the family's change; the start list's
 * copy follows, so the public list and the badges honour it at once. A purpose the edition requires cannot be refused.
 */
export async function changeChildConsents(ctx: ServiceContext, family: FamilyPrincipal, registrationId: string, choices: ConsentChoices): Promise<Consents> {
  const edition = await getCurrentEdition(ctx.db);
  const refused = refusedRequiredConsents(edition.settings.optionalConsents, choices);
  if (refused.length) throw new AppError(422, ENROLMENT_ERRORS.consentRequired, 'A consent this edition requires was refused', { purposes: refused });
  return ctx.db.transaction(async (tx) => {
    const row = await childOfFamily(tx, edition, family, registrationId, true);
    const values = consentValues(choices, ctx.clock.now(), 'family');
    await changeRegistrationConsents(tx, row, values, { family: family.email });
    const participant = await findParticipantOfPlayer(tx, edition.code, row.kind, row.playerKey);
    if (participant) await copyConsentsToParticipant(tx, participant.id, values);
    return consentsOf(values);
  });
}

export async function getChildPhoto(ctx: ServiceContext, family: FamilyPrincipal, registrationId: string): Promise<Buffer> {
  const edition = await getCurrentEdition(ctx.db);
  await childOfFamily(ctx.db, edition, family, registrationId);
  return getRegistrationPhoto(ctx.db, registrationId);
}

/** The invoice PDF of a payment of this family (a child's enrolment or a reservation), else not found. */
export async function getFamilyInvoice(ctx: ServiceContext, family: FamilyPrincipal, paymentId: number): Promise<{ pdf: Buffer; fileName: string }> {
  const overview = await getFamilyOverview(ctx, family, 'nl');
  const payments = [...overview.children.map((c) => c.payment), ...overview.reservations.map((r) => r.payment)];
  if (!payments.some((p) => p?.id === paymentId && p.invoicePath !== null)) throw notTheirs();
  return getInvoicePdf(ctx.db, paymentId);
}

/** A change or cancellation request about a reservation; the lodging desk answers it (nothing changes by itself). */
export async function requestReservationChange(
  ctx: ServiceContext,
  family: FamilyPrincipal,
  reservationId: string,
  input: FamilyReservationRequestInput,
): Promise<{ id: string }> {
  const edition = await getCurrentEdition(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const row = await findReservationOfContact(tx, edition.code, reservationId, family.email);
    if (!row) throw notTheirs();
    const [request] = await tx
      .insert(familyReservationRequests)
      .values({ reservationId: row.id, email: family.email, kind: input.kind, message: input.message, createdAt: ctx.clock.now() })
      .returning({ id: familyReservationRequests.id });
    await noteFamilyRequest(tx, row.id, input.kind, request!.id);
    await recordAudit(tx, {
      actor: null,
      family: family.email,
      action: `family.reservation_${input.kind}_request`,
      subjectType: 'reservation',
      subjectId: row.id,
      after: { requestId: request!.id },
    });
    return { id: request!.id };
  });
}

// The family's data (GDPR art. 15 and 20) ------------------------------------------------------------------------

/**
 * Everything personal the site holds for this family, machine-readable: its children's enrolments (every field but
 * the photo's bytes, downloadable at `photoPath`), their start-list entries' payment requests, its reservations
 * (contact, address, guests, remarks), absences and requests. Internal remarks of the organisers are left out.
 */
/** What the data export shows of a child's enrolment under the enrolment's own names (decision 0016: the family's own data). */
const ENROLMENT_EXPORT_FIELDS = [
  'id',
  'kind',
  'status',
  'idbel',
  'idfide',
  'firstName',
  'lastName',
  'birthYear',
  'gender',
  'clubName',
  'fideFederation',
  'category',
  'email',
  'mobile',
  'parent',
  'attendant',
  'language',
  'consent',
  'remarks',
  'feeCents',
] as const;

export async function exportFamilyData(ctx: ServiceContext, family: FamilyPrincipal) {
  const { db } = ctx;
  const edition = await getCurrentEdition(db);
  const registrations = await listRegistrationsOfContact(db, edition.code, family.email);
  const children = [];
  for (const row of registrations) {
    const participant = await findParticipantOfPlayer(db, edition.code, row.kind, row.playerKey);
    const absences = await db.select().from(familyAbsences).where(eq(familyAbsences.registrationId, row.id)).orderBy(asc(familyAbsences.createdAt));
    children.push({
      enrolment: {
        ...pick(row, ENROLMENT_EXPORT_FIELDS),
        consents: consentsOf(row),
        createdAt: row.createdAt.toISOString(),
        confirmedAt: row.confirmedAt?.toISOString() ?? null,
        photoPath: row.hasPhoto ? `/api/v1/family/children/${row.id}/photo` : null,
      },
      payments: participant ? await listPaymentRecordsOfSource(db, `participant_${row.kind}`, String(participant.id)) : [],
      absences: absences.map((a) => ({ round: a.round, kind: a.kind, remark: a.remark, status: a.status, createdAt: a.createdAt.toISOString() })),
    });
  }
  const reservations = [];
  for (const row of await listReservationsOfContact(db, edition.code, family.email)) {
    const requests = await db.select().from(familyReservationRequests).where(eq(familyReservationRequests.reservationId, row.id));
    reservations.push({
      reservation: {
        number: row.number,
        ...stayRequestOf(row),
        createdAt: row.createdAt.toISOString(),
      },
      payments: await listPaymentRecordsOfSource(db, 'stay', row.id),
      requests: requests.map((q) => ({ kind: q.kind, message: q.message, status: q.status, answer: q.answer, createdAt: q.createdAt.toISOString() })),
    });
  }
  return {
    family: family.email,
    edition: edition.code,
    exportedAt: ctx.clock.now().toISOString(),
    children,
    reservations,
    privacyRequests: await listPrivacyRequestsOfFamily(db, edition.code, family.email),
  };
}

export type FamilyData = Awaited<ReturnType<typeof exportFamilyData>>;

// Absences and byes -------------------------------------------------------------------------------------------------

/** Announces a child's absence (or asks a half-point bye) for a round, before the round's deadline; mails a confirmation. */
export async function announceAbsence(ctx: ServiceContext, family: FamilyPrincipal, registrationId: string, input: FamilyAbsenceInput): Promise<FamilyAbsence> {
  const edition = await getCurrentEdition(ctx.db);
  const settings = edition.settings.familyAbsences;
  const round = settings?.rounds.find((r) => r.round === input.round);
  if (!settings || !round) throw new AppError(422, FAMILY_ERRORS.roundNotOffered, `Round ${input.round} takes no absence requests`, { round: input.round });
  const now = ctx.clock.now();
  if (Date.parse(round.deadline) <= now.getTime()) {
    throw new AppError(409, FAMILY_ERRORS.deadlinePassed, `The deadline for round ${input.round} has passed`, { round: input.round, deadline: round.deadline });
  }
  if (input.kind === 'half_point_bye' && !round.halfPointBye) {
    throw new AppError(422, FAMILY_ERRORS.byeNotAllowed, `Round ${input.round} allows no half-point bye`, { round: input.round });
  }
  return ctx.db.transaction(async (tx) => {
    // Locked: two requests of one child take turns, so the bye limit and the one-per-round rule hold.
    const row = await childOfFamily(tx, edition, family, registrationId, true);
    const live = await tx
      .select()
      .from(familyAbsences)
      .where(and(eq(familyAbsences.registrationId, row.id), notWithdrawn()));
    const same = live.find((a) => a.round === input.round);
    if (same) {
      // A retry of the same request answers it again; a different one for the round is a conflict.
      if (same.kind === input.kind) return toAbsence(same);
      throw conflict(FAMILY_ERRORS.absenceExists, `Round ${input.round} already has a request`, { round: input.round });
    }
    if (input.kind === 'half_point_bye' && live.filter((a) => a.kind === 'half_point_bye').length >= settings.maxHalfPointByes) {
      throw new AppError(422, FAMILY_ERRORS.byeLimitReached, `At most ${settings.maxHalfPointByes} half-point byes`, { max: settings.maxHalfPointByes });
    }
    const participant = await findParticipantOfPlayer(tx, edition.code, row.kind, row.playerKey);
    const [created] = await tx
      .insert(familyAbsences)
      .values({
        editionCode: edition.code,
        registrationId: row.id,
        category: participant?.category ?? row.category,
        round: input.round,
        kind: input.kind,
        remark: input.remark,
        createdBy: family.email,
        createdAt: now,
      })
      .returning();
    await confirmAbsenceChange(tx, ctx, edition, family, row, { round: input.round, kind: input.kind, withdrawn: false });
    return toAbsence(created!);
  });
}

/** Withdraws a request before the round's deadline (the child plays after all); mails a confirmation. */
export async function withdrawAbsence(ctx: ServiceContext, family: FamilyPrincipal, registrationId: string, absenceId: string): Promise<void> {
  const edition = await getCurrentEdition(ctx.db);
  await ctx.db.transaction(async (tx) => {
    const row = await childOfFamily(tx, edition, family, registrationId, true);
    const [absence] = await tx
      .select()
      .from(familyAbsences)
      .where(and(eq(familyAbsences.id, absenceId), eq(familyAbsences.registrationId, row.id), notWithdrawn()));
    if (!absence) throw notTheirs();
    const round = edition.settings.familyAbsences?.rounds.find((r) => r.round === absence.round);
    if (!round || Date.parse(round.deadline) <= ctx.clock.now().getTime()) {
      throw new AppError(409, FAMILY_ERRORS.deadlinePassed, `The deadline for round ${absence.round} has passed`, { round: absence.round });
    }
    await tx.update(familyAbsences).set({ status: 'withdrawn' }).where(eq(familyAbsences.id, absence.id));
    await confirmAbsenceChange(tx, ctx, edition, family, row, { round: absence.round, kind: absence.kind, withdrawn: true });
  });
}

/** A family's announced or withdrawn absence: audited as the family's, and confirmed to the family by mail. */
async function confirmAbsenceChange(
  tx: DbOrTx,
  ctx: ServiceContext,
  edition: CurrentEdition,
  family: FamilyPrincipal,
  child: RegistrationWithPhoto,
  change: { round: number; kind: AbsenceKind; withdrawn: boolean },
): Promise<void> {
  const { round, kind, withdrawn } = change;
  await recordAudit(tx, {
    actor: null,
    family: family.email,
    action: withdrawn ? 'family.absence_withdraw' : 'family.absence',
    subjectType: 'registration',
    subjectId: child.id,
    after: withdrawn ? { round } : { round, kind },
  });
  const player = `${child.firstName} ${child.lastName}`;
  await queueMail(tx, absenceMail(ctx.config, edition.settings, family.email, child.language, { player, round, kind, withdrawn }));
}

/** The arbiters' list: requests per category and round, with the pairing number of the published tournament. */
export async function listAbsences(db: DbOrTx, query: AbsenceListQuery): Promise<{ items: AbsenceRow[] }> {
  const edition = await getCurrentEdition(db);
  const filters = [
    eq(familyAbsences.editionCode, edition.code),
    notWithdrawn(),
    query.category ? eq(familyAbsences.category, query.category) : undefined,
    query.round ? eq(familyAbsences.round, query.round) : undefined,
  ];
  const rows = await db
    .select()
    .from(familyAbsences)
    .where(and(...filters))
    .orderBy(asc(familyAbsences.category), asc(familyAbsences.round), asc(familyAbsences.createdAt));
  const items: AbsenceRow[] = [];
  for (const row of rows) {
    const registration = await findRegistrationById(db, row.registrationId);
    if (!registration) continue;
    const inResults = await findPlayerInResults(db, edition.code, row.category, { idbel: registration.idbel, idfide: registration.idfide });
    items.push({
      ...toAbsence(row),
      ...pick(row, ['category', 'notedBy']),
      playerName: `${registration.lastName}, ${registration.firstName}`,
      idbel: registration.idbel,
      pairingNumber: inResults?.pairingNumber ?? null,
    });
  }
  return { items };
}

/** An arbiter marks a request as entered in the pairing program (or undoes it). Idempotent. */
export async function markAbsenceNoted(ctx: ManagerContext, id: string, noted: boolean): Promise<AbsenceRow> {
  const edition = await getCurrentEdition(ctx.db);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(familyAbsences)
      .where(and(eq(familyAbsences.id, id), eq(familyAbsences.editionCode, edition.code), notWithdrawn()))
      .for('update');
    if (!row) throw notTheirs();
    if ((row.status === 'noted') === noted) return;
    await tx
      .update(familyAbsences)
      .set(noted ? { status: 'noted', notedAt: ctx.clock.now(), notedBy: ctx.actor.email } : { status: 'requested', notedAt: null, notedBy: null })
      .where(eq(familyAbsences.id, id));
    await recordAudit(tx, {
      actor: ctx.actor,
      action: noted ? 'family.absence_noted' : 'family.absence_unnoted',
      subjectType: 'family_absence',
      subjectId: id,
    });
  });
  const { items } = await listAbsences(ctx.db, {});
  const found = items.find((i) => i.id === id);
  if (!found) throw notTheirs();
  return found;
}

/** The list for the pairing program: CSV by category, round, pairing number and name, in the reader's language. */
export function absencesCsv(items: AbsenceRow[], language: Language): string {
  const columns: ExportColumn<AbsenceRow>[] = [
    ...sameNameColumns<AbsenceRow>(['category', 'round', 'pairingNumber']),
    ['name', (i) => i.playerName],
    ...sameNameColumns<AbsenceRow>(['idbel']),
    ['request', (i) => exportValue('absenceKind', i.kind, language)],
    ['status', (i) => exportValue('absenceStatus', i.status, language)],
    ...sameNameColumns<AbsenceRow>(['remark']),
  ];
  return localizedCsv(language, columns, items);
}

// The lodging desk's requests ------------------------------------------------------------------------------------

export async function listReservationRequests(db: DbOrTx, status: 'open' | 'answered' | undefined): Promise<{ items: ReservationRequestRow[] }> {
  const rows = await db
    .select()
    .from(familyReservationRequests)
    .where(status ? eq(familyReservationRequests.status, status) : undefined)
    .orderBy(desc(familyReservationRequests.createdAt));
  const items: ReservationRequestRow[] = [];
  for (const q of rows) {
    const reservation = await findReservationById(db, q.reservationId);
    if (!reservation) continue;
    items.push({
      ...toReservationRequest(q),
      ...pick(q, ['reservationId', 'answeredBy']),
      reservationNumber: reservation.number,
      requester: `${reservation.firstName} ${reservation.lastName}`,
    });
  }
  return { items };
}

/** The lodging desk answers a family's request (the family sees the answer on its page). */
export async function answerReservationRequest(ctx: ManagerContext, id: string, answer: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(familyReservationRequests).where(eq(familyReservationRequests.id, id)).for('update');
    if (!row) throw notTheirs();
    await tx
      .update(familyReservationRequests)
      .set({ status: 'answered', answer, answeredAt: ctx.clock.now(), answeredBy: ctx.actor.email })
      .where(eq(familyReservationRequests.id, id));
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'family.reservation_request_answer',
      subjectType: 'reservation',
      subjectId: row.reservationId,
      after: { requestId: id },
    });
  });
}
