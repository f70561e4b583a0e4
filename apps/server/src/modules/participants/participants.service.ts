import { pick } from '@bjk/domain/objects';
import {
  categoriesFor,
  checkMobile,
  findCategory,
  playerIdentityOf,
  type Attendee,
  type AttendeeList,
  type AttendeeListQuery,
  type AttendeeInput,
  type BadgeHolderType,
  type DashboardFigure,
  type EditionSettings,
  type Language,
  type Participant,
  type ParticipantImportResult,
  type ParticipantListQuery,
  type ParticipantUpdate,
  type PlayerIdentity,
  type PublicParticipant,
  type PublicParticipantList,
  SINGLE_CONSENT_MEANS,
  type ConsentChoices,
  type RegistrationKind,
  ENROLMENT_ERRORS,
  PARTICIPANTS_ERRORS,
} from '@bjk/domain';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import type { DbOrTx } from '../../platform/db.js';
import { pageOfViews } from '../../platform/people-views.js';
import { AppError, notFound, validationError } from '../../platform/errors.js';
import { exportValue, localizedCsv, type ExportColumn } from '../../platform/export-texts.js';
import { sameNameColumns } from '../../platform/people-csv.js';
import { normalisePhoto } from '../../platform/photo.js';
import { recordAudit } from '../../platform/audit.js';
import { consentsOf, consentValues } from '../../platform/columns.js';
import { copyConsentsToRegistration } from '../enrolment/family-registrations.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { enrolmentFigures, getRegistrationPhoto, listConfirmedRegistrations, playerKeyOf, type RegistrationRow } from '../enrolment/enrolment.service.js';
import { findMember, listMembersByIdbel } from '../members/members.service.js';
import {
  countParticipants,
  existingPlayerKeys,
  findAttendeeRow,
  findParticipantIdOfPlayer,
  findParticipantPhoto,
  findParticipantRow,
  insertAttendee,
  insertParticipantIfAbsent,
  listAttendeeRows,
  pageAttendeeRows,
  listNamesOfBadgeHolders,
  listParticipantPhotos,
  listParticipantRows,
  listPrintableParticipantRows,
  listPublicParticipants,
  pageParticipants,
  updateAttendeeRow,
  updateParticipantRow,
  upsertParticipantPhoto,
  type AttendeeRow,
  type NewParticipantRow,
  type ParticipantWithPhoto,
} from './participants.repository.js';

function toParticipant(row: ParticipantWithPhoto): Participant {
  return {
    ...pick(row, ['id', 'kind', 'category', 'email', 'parentName', 'parentEmail', 'attendantEmail', 'language', 'mealsCode', 'enabled', 'late']),
    ...pick(row, ['feeCents', 'remarks', 'hasPhoto', 'registrationId']),
    ...playerIdentityOf(row),
    consents: consentsOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the print area needs of a person with a badge (DOMAIN.md §4). */
export type BadgeHolder = Pick<PlayerIdentity, 'firstName' | 'lastName' | 'birthYear' | 'clubName' | 'fideFederation' | 'ratingNational' | 'ratingFide'> & {
  holder: BadgeHolderType;
  id: number;
  category: string;
  mealsCode: 'HB' | 'BO' | null;
  enabled: boolean;
  photoVersion: string | null;
};

const participantNotFound = () => notFound(PARTICIPANTS_ERRORS.notFound, 'No such participant');
const attendeeNotFound = () => notFound(PARTICIPANTS_ERRORS.attendeeNotFound, 'No such attendee');

/** A player of the `kind` championship (locked until the transaction ends when asked); any other id is refused. */
async function participantOfKind(db: DbOrTx, kind: RegistrationKind, id: number, lock = false): Promise<ParticipantWithPhoto> {
  const row = await findParticipantRow(db, id, lock);
  if (!row || row.kind !== kind) throw participantNotFound();
  return row;
}

/** An attendee of the `kind` championship; any other id is refused. */
async function attendeeOfKind(db: DbOrTx, kind: RegistrationKind, id: number): Promise<AttendeeRow> {
  const row = await findAttendeeRow(db, id);
  if (!row || row.kind !== kind) throw attendeeNotFound();
  return row;
}

function playerCategoryCodes(settings: EditionSettings, kind: RegistrationKind): string[] {
  return kind === 'bjk' ? settings.categories.filter((c) => c.kind === 'player').map((c) => c.code) : (settings.vk?.categories ?? []).map((c) => c.code);
}

function assertPlayerCategory(settings: EditionSettings, kind: RegistrationKind, category: string, path: string): void {
  if (!playerCategoryCodes(settings, kind).includes(category)) {
    throw validationError([{ path, code: 'custom', message: 'Invalid value' }]);
  }
}

/** The participant a confirmed registration becomes (the import and the confirmation's payment request alike). */
function participantOfRegistration(code: string, kind: RegistrationKind, registration: RegistrationRow): NewParticipantRow {
  return {
    editionCode: code,
    kind,
    playerKey: registration.playerKey,
    ...playerIdentityOf(registration),
    category: registration.category,
    email: registration.email,
    parentName: registration.parent.fullName,
    parentEmail: registration.parent.email,
    attendantEmail: registration.attendant.email,
    language: registration.language,
    late: registration.late,
    feeCents: registration.feeCents,
    registrationId: registration.id,
    // The start list honours what the family chose in the wizard (or changed since on its page).
    consentBadgePhoto: registration.consentBadgePhoto,
    consentWebPhoto: registration.consentWebPhoto,
    consentPublicName: registration.consentPublicName,
    consentsChangedAt: registration.consentsChangedAt,
    consentsChangedBy: registration.consentsChangedBy,
  };
}

async function copyRegistrationPhoto(tx: DbOrTx, registrationId: string, participantId: number): Promise<void> {
  const photo = await getRegistrationPhoto(tx, registrationId).catch(() => undefined);
  if (photo) await upsertParticipantPhoto(tx, participantId, await normalisePhoto(photo));
}

/**
 * The participant of one just-confirmed registration, made as the import makes it (an import later skips the
 * player); a player already on the list keeps the participant it has. Answers the participant's id.
 */
export async function participantOfConfirmedRegistration(ctx: ServiceContext, registration: RegistrationRow): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const inserted = await insertParticipantIfAbsent(tx, participantOfRegistration(registration.editionCode, registration.kind, registration));
    if (inserted) {
      await copyRegistrationPhoto(tx, registration.id, inserted.id);
      await recordAudit(tx, {
        actor: ctx.actor,
        action: 'participants.from_confirmation',
        subjectType: 'participant',
        subjectId: inserted.id,
        after: { registrationId: registration.id },
      });
      return inserted.id;
    }
    const existing = await findParticipantIdOfPlayer(tx, registration.editionCode, registration.kind, registration.playerKey);
    if (existing === undefined) throw new Error('participant vanished');
    return existing;
  });
}

/**
 * Turns confirmed, enabled registrations into participants: one per player (the latest registration
 * wins when a player has several), players already on the list are skipped, photos are copied.
 */
export async function importConfirmedRegistrations(ctx: ManagerContext, kind: RegistrationKind): Promise<ParticipantImportResult> {
  const { db, actor } = ctx;
  const { code } = await getCurrentEdition(db);
  const confirmed = await listConfirmedRegistrations(db, kind);
  const latest = new Map<string, (typeof confirmed)[number]>();
  for (const registration of confirmed) latest.set(registration.playerKey, registration);
  return db.transaction(async (tx) => {
    const existing = await existingPlayerKeys(tx, code, kind);
    let imported = 0;
    let skippedExisting = 0;
    for (const registration of latest.values()) {
      if (existing.has(registration.playerKey)) {
        skippedExisting += 1;
        continue;
      }
      const inserted = await insertParticipantIfAbsent(tx, participantOfRegistration(code, kind, registration));
      if (!inserted) {
        skippedExisting += 1;
        continue;
      }
      imported += 1;
      await copyRegistrationPhoto(tx, registration.id, inserted.id);
    }
    const result = { confirmed: confirmed.length, imported, skippedExisting, duplicates: confirmed.length - latest.size };
    await recordAudit(tx, { actor, action: 'participants.import', subjectType: 'participants', subjectId: kind, after: result });
    return result;
  });
}

/** A late participant, added by a manager from the member registry with a category of the kind. */
export async function addLateParticipant(ctx: ManagerContext, kind: RegistrationKind, idbel: number, category: string): Promise<Participant> {
  const { db, actor } = ctx;
  const { code, settings } = await getCurrentEdition(db);
  const member = await findMember(db, { idbel });
  if (!member) throw notFound(ENROLMENT_ERRORS.memberNotFound, 'No participant with this national ID');
  assertPlayerCategory(settings, kind, category, 'params.cat');
  if (kind === 'bjk' && !categoriesFor(settings, kind, member).includes(category)) {
    throw validationError([{ path: 'params.cat', code: 'custom', message: 'Invalid value' }]);
  }
  return db.transaction(async (tx) => {
    const inserted = await insertParticipantIfAbsent(tx, {
      editionCode: code,
      kind,
      playerKey: playerKeyOf(member),
      ...playerIdentityOf(member),
      category,
      late: true,
      // Added on the family's word (a late enrolment by mail, under the published rules): what the single consent
      // covered, until the family or a manager chooses per purpose (decision 0020).
      consentBadgePhoto: SINGLE_CONSENT_MEANS.badgePhoto,
      consentWebPhoto: SINGLE_CONSENT_MEANS.webPhoto,
      consentPublicName: SINGLE_CONSENT_MEANS.publicName,
    });
    if (!inserted) throw new AppError(409, PARTICIPANTS_ERRORS.alreadyExists, 'This player is already a participant');
    await recordAudit(tx, { actor, action: 'participants.add_late', subjectType: 'participant', subjectId: inserted.id, after: { idbel, category } });
    return toParticipant({ ...inserted, hasPhoto: false });
  });
}

export async function listParticipants(db: DbOrTx, kind: RegistrationKind, query: ParticipantListQuery) {
  const { code } = await getCurrentEdition(db);
  return pageOfViews(await pageParticipants(db, code, kind, query), toParticipant, query);
}

export async function getParticipant(db: DbOrTx, kind: RegistrationKind, id: number): Promise<Participant> {
  return toParticipant(await participantOfKind(db, kind, id));
}

export async function updateParticipant(ctx: ManagerContext, kind: RegistrationKind, id: number, input: ParticipantUpdate): Promise<Participant> {
  const { db, actor } = ctx;
  const { settings } = await getCurrentEdition(db);
  assertPlayerCategory(settings, kind, input.category, 'body.category');
  return db.transaction(async (tx) => {
    const before = await participantOfKind(tx, kind, id, true);
    const values = {
      ...input,
      email: input.email.toLowerCase(),
      parentEmail: input.parentEmail.toLowerCase(),
      attendantEmail: input.attendantEmail.toLowerCase(),
    };
    await updateParticipantRow(tx, id, values);
    const beforeFields = Object.fromEntries(Object.keys(values).map((k) => [k, before[k as keyof typeof before]]));
    await recordAudit(tx, { actor, action: 'participants.update', subjectType: 'participant', subjectId: id, before: beforeFields, after: values });
    const after = await findParticipantRow(tx, id);
    if (!after) throw participantNotFound();
    return toParticipant(after);
  });
}

export async function replaceParticipantPhoto(
  ctx: ManagerContext,
  kind: RegistrationKind,
  id: number,
  file: Buffer,
): Promise<{ width: number; height: number }> {
  const { db, actor } = ctx;
  const photo = await normalisePhoto(file);
  return db.transaction(async (tx) => {
    await participantOfKind(tx, kind, id, true);
    await upsertParticipantPhoto(tx, id, photo);
    await recordAudit(tx, {
      actor,
      action: 'participants.replace_photo',
      subjectType: 'participant',
      subjectId: id,
      after: { width: photo.width, height: photo.height },
    });
    return { width: photo.width, height: photo.height };
  });
}

export async function getParticipantPhoto(db: DbOrTx, kind: RegistrationKind, id: number): Promise<Buffer> {
  await getParticipant(db, kind, id);
  const photo = await findParticipantPhoto(db, id);
  if (!photo) throw notFound(PARTICIPANTS_ERRORS.photoNotFound, 'No photo');
  return photo;
}

/** Copies the registry's current national and FIDE ratings (and title) onto every participant. */
export async function refreshParticipantRatings(ctx: ManagerContext, kind: RegistrationKind): Promise<{ checked: number; updated: number }> {
  const { db, actor } = ctx;
  const { code } = await getCurrentEdition(db);
  return db.transaction(async (tx) => {
    const rows = await listParticipantRows(tx, code, kind);
    const members = new Map(
      (
        await listMembersByIdbel(
          tx,
          rows.flatMap((r) => (r.idbel === null ? [] : [r.idbel])),
        )
      ).map((m) => [m.idbel, m]),
    );
    let updated = 0;
    for (const row of rows) {
      const member = row.idbel === null ? undefined : members.get(row.idbel);
      if (!member) continue;
      if (member.ratingNational === row.ratingNational && member.ratingFide === row.ratingFide && member.fideTitle === row.fideTitle) continue;
      await updateParticipantRow(tx, row.id, { ratingNational: member.ratingNational, ratingFide: member.ratingFide, fideTitle: member.fideTitle });
      updated += 1;
    }
    await recordAudit(tx, {
      actor,
      action: 'participants.refresh_ratings',
      subjectType: 'participants',
      subjectId: kind,
      after: { checked: rows.length, updated },
    });
    return { checked: rows.length, updated };
  });
}

const CSV_COLUMNS: readonly ExportColumn<Participant>[] = [
  ...sameNameColumns<Participant>(['id', 'idbel', 'idfide', 'firstName', 'lastName', 'birthYear']),
  ['gender', (p, language) => exportValue('gender', p.gender, language)],
  ...sameNameColumns<Participant>(['category', 'clubId', 'clubName']),
  ['federation', (p) => p.fideFederation],
  ...sameNameColumns<Participant>(['ratingNational', 'ratingFide']),
  ['title', (p) => p.fideTitle],
  ...sameNameColumns<Participant>(['email', 'parentEmail', 'attendantEmail']),
  ['meals', (p) => p.mealsCode],
  ...sameNameColumns<Participant>(['enabled', 'late']),
  ['photo', (p) => p.hasPhoto],
  ...sameNameColumns<Participant>(['remarks']),
];

/** Every participant of `kind` as CSV in the reader's language (headers, separator, yes/no). */
export async function exportParticipantsCsv(db: DbOrTx, kind: RegistrationKind, language: Language): Promise<string> {
  const { code } = await getCurrentEdition(db);
  const rows = (await listParticipantRows(db, code, kind)).map(toParticipant);
  return localizedCsv(language, CSV_COLUMNS, rows);
}

/**
 * The public start list: enabled players; name, club, category and ratings only. A player whose family did not consent
 * to the name on the list is counted per category, not named (decision 0020).
 */
export async function listPublicParticipantsOf(db: DbOrTx, kind: RegistrationKind): Promise<PublicParticipantList> {
  const { code } = await getCurrentEdition(db);
  const rows = await listPublicParticipants(db, code, kind);
  const unnamed = new Map<string, number>();
  const items: PublicParticipant[] = [];
  for (const { consentPublicName, ...row } of rows) {
    if (consentPublicName) items.push(row);
    else unnamed.set(row.category, (unnamed.get(row.category) ?? 0) + 1);
  }
  return { items, unnamed: [...unnamed].map(([category, count]) => ({ category, count })) };
}

/** A manager changes a player's consents (audited as the manager's); the registration's copy follows. */
export async function changeParticipantConsents(ctx: ManagerContext, kind: RegistrationKind, id: number, choices: ConsentChoices): Promise<Participant> {
  const { db, actor, clock } = ctx;
  return db.transaction(async (tx) => {
    const before = await participantOfKind(tx, kind, id, true);
    const values = consentValues(choices, clock.now(), 'manager');
    await updateParticipantRow(tx, id, values);
    const { changedAt: _a, changedBy: _b, ...was } = consentsOf(before);
    await recordAudit(tx, { actor, action: 'participants.consents', subjectType: 'participant', subjectId: id, before: was, after: choices });
    if (before.registrationId) await copyConsentsToRegistration(tx, before.registrationId, values);
    const after = await findParticipantRow(tx, id);
    if (!after) throw participantNotFound();
    return toParticipant(after);
  });
}

function toAttendee(row: AttendeeRow): Attendee {
  const fields = pick(row, ['id', 'kind', 'firstName', 'lastName', 'category', 'email', 'mobile', 'mealsCode', 'enabled', 'remarks']);
  return { ...fields, createdAt: row.createdAt.toISOString() };
}

/** Attendees wear a badge of a staff category (ARB, ORG, GUEST, EAT …) from the edition settings. */
function assertStaffCategory(settings: EditionSettings, category: string, path: string): void {
  if (findCategory(settings, category)?.kind !== 'staff') throw validationError([{ path, code: 'custom', message: 'Invalid value' }]);
}

function attendeeValues(input: AttendeeInput) {
  return {
    ...input,
    email: input.email.toLowerCase(),
    mobile: input.mobile === '' ? '' : (checkMobile(input.mobile) as { e164: string }).e164,
  };
}

export async function createAttendee(ctx: ManagerContext, kind: RegistrationKind, input: AttendeeInput): Promise<Attendee> {
  const { db, actor } = ctx;
  const { code, settings } = await getCurrentEdition(db);
  assertStaffCategory(settings, input.category, 'body.category');
  return db.transaction(async (tx) => {
    const row = await insertAttendee(tx, { editionCode: code, kind, ...attendeeValues(input) });
    await recordAudit(tx, {
      actor,
      action: 'participants.create_attendee',
      subjectType: 'attendee',
      subjectId: row.id,
      after: { firstName: row.firstName, lastName: row.lastName, category: row.category },
    });
    return toAttendee(row);
  });
}

/** The specification's quick guest call: a name and a category, nothing else. */
export async function createGuest(ctx: ManagerContext, firstName: string, lastName: string, category: string): Promise<Attendee> {
  return createAttendee(ctx, 'bjk', { firstName, lastName, category, email: '', mobile: '', mealsCode: null, enabled: true, remarks: '' });
}

export async function listAttendees(db: DbOrTx, kind: RegistrationKind, query: AttendeeListQuery): Promise<AttendeeList> {
  const { code } = await getCurrentEdition(db);
  return pageOfViews(await pageAttendeeRows(db, code, kind, query), toAttendee, query);
}

export async function getAttendee(db: DbOrTx, kind: RegistrationKind, id: number): Promise<Attendee> {
  return toAttendee(await attendeeOfKind(db, kind, id));
}

export async function updateAttendee(ctx: ManagerContext, kind: RegistrationKind, id: number, input: AttendeeInput): Promise<Attendee> {
  const { db, actor } = ctx;
  const { settings } = await getCurrentEdition(db);
  assertStaffCategory(settings, input.category, 'body.category');
  return db.transaction(async (tx) => {
    const before = await attendeeOfKind(tx, kind, id);
    const row = await updateAttendeeRow(tx, id, attendeeValues(input));
    if (!row) throw attendeeNotFound();
    await recordAudit(tx, {
      actor,
      action: 'participants.update_attendee',
      subjectType: 'attendee',
      subjectId: id,
      before: toAttendee(before),
      after: toAttendee(row),
    });
    return toAttendee(row);
  });
}

/** Dashboard figures of enrolment (registrations) and the start list. */
export async function enrolmentDashboardFigures(ctx: ServiceContext): Promise<DashboardFigure[]> {
  const { db } = ctx;
  const { code } = await getCurrentEdition(db);
  const figures = await enrolmentFigures(db);
  const perCategory = new Map<string, number>();
  for (const c of figures.byCategory) perCategory.set(c.category, (perCategory.get(c.category) ?? 0) + c.confirmed);
  return [
    { key: 'confirmed', value: figures.confirmed, unit: 'count', link: '/mgmt/registrations?status=confirmed' },
    { key: 'drafts', value: figures.draft, unit: 'count', link: '/mgmt/registrations?status=draft' },
    { key: 'photosMissing', value: figures.photosMissing, unit: 'count', link: '/mgmt/registrations' },
    { key: 'participants', value: await countParticipants(db, code), unit: 'count', link: '/mgmt/participants' },
    ...[...perCategory.entries()]
      .filter(([category]) => /^[A-Z0-9]+$/.test(category))
      .map(([category, value]): DashboardFigure => ({ key: `category${category}`, value, unit: 'count', link: `/mgmt/registrations?category=${category}` })),
  ];
}

/**
 * Everyone who wears a badge, for the print area: players first (by category, name), then attendees.
 * `photoVersion` changes whenever the photo is replaced, so the print area can tell a badge needs reprinting
 * without reading this module's tables.
 */
export async function listBadgeHolders(db: DbOrTx, kind: RegistrationKind): Promise<BadgeHolder[]> {
  const { code } = await getCurrentEdition(db);
  const players = await listPrintableParticipantRows(db, code, kind);
  const others = await listAttendeeRows(db, code, kind);
  return [
    // Without the badge-photo consent the badge prints without the photo: no photo version, as if none were uploaded
    // (withdrawing it after printing changes the version, so the badge is flagged for reprint).
    ...players.map(({ consentBadgePhoto, photoUploadedAt, ...p }): BadgeHolder => ({
      holder: 'participant',
      ...p,
      photoVersion: consentBadgePhoto ? (photoUploadedAt?.toISOString() ?? null) : null,
    })),
    ...others.map((a): BadgeHolder => ({
      holder: 'attendee',
      id: a.id,
      firstName: a.firstName,
      lastName: a.lastName,
      birthYear: null,
      category: a.category,
      mealsCode: a.mealsCode,
      clubName: null,
      fideFederation: null,
      ratingNational: null,
      ratingFide: null,
      enabled: a.enabled,
      photoVersion: null,
    })),
  ];
}

/** The stored photos of several badge holders (players only; attendees have none), keyed `participant:<id>`. */
export async function findBadgePhotos(db: DbOrTx, holders: readonly { holder: BadgeHolder['holder']; id: number }[]): Promise<Map<string, Buffer>> {
  const photos = await listParticipantPhotos(
    db,
    holders.filter((h) => h.holder === 'participant').map((h) => h.id),
  );
  return new Map([...photos].map(([id, jpeg]) => [`participant:${id}`, jpeg]));
}

export type BadgeHolderName = { holder: BadgeHolder['holder']; id: number; firstName: string; lastName: string; category: string };

/** Who some badges belong to (the desk checks scanned badges and names departures), keyed `<holder>:<id>`; unknown ids are absent. */
export async function findBadgeHolderNames(
  db: DbOrTx,
  editionCode: string,
  refs: readonly { holder: BadgeHolder['holder']; id: number }[],
): Promise<Map<string, BadgeHolderName>> {
  const ids = (holder: BadgeHolder['holder']) => [...new Set(refs.filter((r) => r.holder === holder).map((r) => r.id))];
  const { players, others } = await listNamesOfBadgeHolders(db, editionCode, ids('participant'), ids('attendee'));
  return new Map([
    ...players.map((p): [string, BadgeHolderName] => [`participant:${p.id}`, { holder: 'participant', ...p }]),
    ...others.map((a): [string, BadgeHolderName] => [`attendee:${a.id}`, { holder: 'attendee', ...a }]),
  ]);
}

/** A badge holder's photo (players only; attendees have none), or nothing. */
export async function findBadgePhoto(db: DbOrTx, holder: BadgeHolder['holder'], id: number): Promise<Buffer | undefined> {
  return holder === 'participant' ? findParticipantPhoto(db, id) : undefined;
}
