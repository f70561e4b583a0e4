import { pick } from '@bjk/domain/objects';
import {
  categoriesFor,
  refusedRequiredConsents,
  SINGLE_CONSENT_MEANS,
  type ConsentChoices,
  checkMobile,
  contactIssues,
  enrolmentPhase,
  isAdult,
  mayEnrol,
  playerIdentityOf,
  registrationFeeCents,
  VALIDATION_MESSAGES,
  type ConfirmedRegistration,
  type Contact,
  type EditionSettings,
  type Language,
  type EnrolmentFigures,
  type Member,
  type PlayerLookup,
  type Registration,
  type RegistrationDraft,
  type RegistrationKind,
  type RegistrationListQuery,
  type RegistrationPage,
  type RegistrationUpdate,
  ENROLMENT_ERRORS,
} from '@bjk/domain';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import type { Db, DbOrTx } from '../../platform/db.js';
import { AppError, notFound, validationError } from '../../platform/errors.js';
import { consentsOf, consentValues } from '../../platform/columns.js';
import { exportValue, localizedCsv, type ExportColumn } from '../../platform/export-texts.js';
import { sameNameColumns } from '../../platform/people-csv.js';
import { normalisePhoto } from '../../platform/photo.js';
import { recordAudit } from '../../platform/audit.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { familyPageBlock } from '../mail/family-page-link.js';
import { queueMail } from '../mail/mail.service.js';
import { findMember, prepareMemberLookup } from '../members/members.service.js';
import { confirmationMail } from './confirmation-mail.js';
import { checkLateInvitation, spendLateInvitation } from './late-invitations.js';
import {
  confirmedRegistrationExists,
  findConfirmedRegistration,
  findRegistrationPhoto,
  findRegistrationRow,
  insertRegistration,
  listConfirmedEnabledRegistrations,
  listRegistrationsForExport,
  pageRegistrations,
  registrationFigures,
  updateDraftRegistration,
  updateRegistrationRow,
  upsertRegistrationPhoto,
  type RegistrationRow,
  type RegistrationWithPhoto,
} from './enrolment.repository.js';

export type { RegistrationRow };

/** A player's identity across registrations and participants: the federation id, else the FIDE id. */
export function playerKeyOf(player: { idbel: number | null; idfide: number | null }): string {
  if (player.idbel !== null) return `bel:${player.idbel}`;
  if (player.idfide !== null) return `fide:${player.idfide}`;
  throw new Error('a player needs an idbel or a FIDE id');
}

const memberNotFound = () => notFound(ENROLMENT_ERRORS.memberNotFound, 'No participant with this national ID');
const alreadyRegistered = () => new AppError(409, ENROLMENT_ERRORS.alreadyRegistered, 'This player is already registered');

function assertOpen(settings: EditionSettings, now: Date): 'open' | 'late' {
  const phase = enrolmentPhase(settings, now);
  if (phase === 'notOpen') throw new AppError(409, ENROLMENT_ERRORS.notOpen, 'Enrolments are not open yet');
  if (phase === 'closed') {
    throw new AppError(409, ENROLMENT_ERRORS.closed, 'Enrolments are officially closed; late enrolment by e-mail with an administrative fee');
  }
  return phase;
}

function assertKindOffered(settings: EditionSettings, kind: RegistrationKind): void {
  if (kind === 'vk' && !settings.vk) throw notFound(ENROLMENT_ERRORS.kindNotOffered, 'This championship takes no enrolments in this edition');
}

async function findPlayer(db: DbOrTx, by: { idbel?: number | null; idfide?: number | null }): Promise<Member> {
  const member = by.idbel ? await findMember(db, { idbel: by.idbel }) : by.idfide ? await findMember(db, { idfide: by.idfide }) : undefined;
  if (!member) throw memberNotFound();
  return member;
}

/**
 * The public lookup is the hottest call of enrolment week; reading and validating the edition settings
 * on each one costs more than the lookup itself. A few seconds of staleness only delays a settings
 * change on this read-only call: drafts and confirmations read the settings fresh.
 */
const EDITION_CACHE_MS = 5_000;
const editionCache = new WeakMap<object, { at: number; edition: Promise<{ code: string; settings: EditionSettings }> }>();

function cachedEdition(db: Db): Promise<{ code: string; settings: EditionSettings }> {
  const hit = editionCache.get(db);
  // A cache's age, not a business instant: the monotonic clock (a test's fixed clock must not freeze the cache).
  if (hit && performance.now() - hit.at < EDITION_CACHE_MS) return hit.edition;
  const edition = getCurrentEdition(db);
  editionCache.set(db, { at: performance.now(), edition });
  edition.catch(() => editionCache.delete(db));
  return edition;
}

type LookupStatement = ReturnType<typeof prepareMemberLookup>;
type LookupRow = Awaited<ReturnType<LookupStatement>>[number];
type Waiting = { resolve: (row: LookupRow | undefined) => void; reject: (error: unknown) => void };

/** Ids of one statement at most: a burst is split into statements of this size. */
const LOOKUP_BATCH_MAX = 200;

/**
 * Lookups of the same edition, kind and id type that arrive in the same turn of the event loop share one
 * statement (`= any($ids)`): under a burst of parents, one round trip (one protocol
 * exchange) serves several lookups. A lone lookup waits for nothing more than the current turn's end.
 * Every lookup still reads the database: nothing is kept after its answer.
 */
class LookupBatcher {
  private waiting = new Map<number, Waiting[]>();

  constructor(
    private readonly statement: LookupStatement,
    private readonly by: 'idbel' | 'idfide',
    private readonly params: Record<string, unknown>,
  ) {}

  load(id: number): Promise<LookupRow | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const queue = this.waiting.get(id);
      if (queue) queue.push({ resolve, reject });
      else this.waiting.set(id, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    const ids = [...batch.keys()];
    for (let from = 0; from < ids.length; from += LOOKUP_BATCH_MAX) {
      const part = ids.slice(from, from + LOOKUP_BATCH_MAX);
      try {
        const rows = await this.statement(part, this.params);
        const byId = new Map(rows.map((row) => [row[this.by], row]));
        for (const id of part) for (const w of batch.get(id) ?? []) w.resolve(byId.get(id));
      } catch (error) {
        for (const id of part) for (const w of batch.get(id) ?? []) w.reject(error);
      }
    }
  }
}

const lookupStatements = new WeakMap<object, Record<'idbel' | 'idfide', LookupStatement>>();
const lookupBatchers = new WeakMap<object, Map<string, LookupBatcher>>();

/** The member and their "already registered" flag in one prepared, indexed statement (per database). */
function lookupBatcher(db: Db, by: 'idbel' | 'idfide', editionCode: string, kind: RegistrationKind): LookupBatcher {
  let statements = lookupStatements.get(db);
  if (!statements) {
    statements = {
      idbel: prepareMemberLookup(db, 'idbel', confirmedRegistrationExists, 'enrolment_lookup_idbel'),
      idfide: prepareMemberLookup(db, 'idfide', confirmedRegistrationExists, 'enrolment_lookup_idfide'),
    };
    lookupStatements.set(db, statements);
  }
  let batchers = lookupBatchers.get(db);
  if (!batchers) {
    batchers = new Map();
    lookupBatchers.set(db, batchers);
  }
  const key = `${by}:${kind}:${editionCode}`;
  let batcher = batchers.get(key);
  if (!batcher) {
    batcher = new LookupBatcher(statements[by], by, { editionCode, kind });
    batchers.set(key, batcher);
  }
  return batcher;
}

/** Wizard step 2: who the id belongs to, and whether they may enrol (public: no contacts, no birth date). */
export async function lookupPlayer(db: DbOrTx, kind: RegistrationKind, by: { idbel: number } | { idfide: number }): Promise<PlayerLookup> {
  const { code, settings } = await cachedEdition(db);
  assertKindOffered(settings, kind);
  const found = 'idbel' in by ? await lookupBatcher(db, 'idbel', code, kind).load(by.idbel) : await lookupBatcher(db, 'idfide', code, kind).load(by.idfide);
  if (!found) throw memberNotFound();
  const { flag: registered, ...member } = found;
  return {
    ...playerIdentityOf(member),
    youth: mayEnrol(settings, kind, member),
    adult: isAdult(settings, member.birthYear),
    eligibleCategories: categoriesFor(settings, kind, member),
    alreadyRegistered: registered,
  };
}

export function normaliseContact(contact: Contact): Contact {
  const mobile = contact.mobile === '' ? '' : (checkMobile(contact.mobile) as { e164: string }).e164;
  return { fullName: contact.fullName, email: contact.email.toLowerCase(), mobile };
}

export function assertContacts(details: Parameters<typeof contactIssues>[0], adult: boolean): void {
  const issues = contactIssues(details, adult);
  if (issues.length > 0) throw validationError(issues.map((i) => ({ path: `body.${i.path}`, code: 'custom', message: i.message })));
}

/**
 * Wizard step 4: creates the draft (no id) or updates it (its id, while it is a draft). Every rule is
 * checked here, whatever the browser did: window, member found, youth, not yet registered, category
 * eligible, contacts for minors/adults, formats.
 */
export async function saveDraft(ctx: ServiceContext, kind: RegistrationKind, draft: RegistrationDraft): Promise<{ id: string; status: 'draft' }> {
  const { db } = ctx;
  const { clock } = ctx;
  const { code, settings } = await getCurrentEdition(db);
  assertKindOffered(settings, kind);
  // A late-entry invitation opens the wizard after closing, for its player only (checked here, spent on confirming).
  if (!draft.invitation) assertOpen(settings, clock.now());
  const member = await findPlayer(db, draft);
  if (draft.invitation) await checkLateInvitation(ctx, draft.invitation, kind, member);
  if (!mayEnrol(settings, kind, member)) {
    throw new AppError(422, ENROLMENT_ERRORS.notYouth, kind === 'bjk' ? 'Not a youth player' : 'No category of this championship fits this player');
  }
  const playerKey = playerKeyOf(member);
  if (await findConfirmedRegistration(db, code, kind, playerKey)) throw alreadyRegistered();
  if (!categoriesFor(settings, kind, member).includes(draft.category)) {
    throw validationError([{ path: 'body.category', code: 'custom', message: VALIDATION_MESSAGES.invalidValue }]);
  }
  assertContacts(draft, isAdult(settings, member.birthYear));

  const row = {
    editionCode: code,
    kind,
    playerKey,
    ...playerIdentityOf(member),
    category: draft.category,
    email: draft.email.toLowerCase(),
    mobile: draft.mobile === '' ? '' : (checkMobile(draft.mobile) as { e164: string }).e164,
    parent: normaliseContact(draft.parent),
    attendant: normaliseContact(draft.attendant),
    language: draft.language,
  };
  if (draft.id) {
    const updated = await updateDraftRegistration(db, draft.id, row);
    if (updated) return { id: updated.id, status: 'draft' };
    const existing = await findRegistrationRow(db, draft.id);
    if (existing?.status === 'confirmed') throw new AppError(409, ENROLMENT_ERRORS.alreadyConfirmed, 'This enrolment is already confirmed');
  }
  const created = await insertRegistration(db, row);
  return { id: created.id, status: 'draft' };
}

/** Wizard step 5: the photo of a draft, normalised (see platform/photo.ts). */
export async function uploadRegistrationPhoto(db: DbOrTx, idsub: string, file: Buffer): Promise<{ width: number; height: number }> {
  const registration = await findRegistrationRow(db, idsub);
  if (!registration) throw notFound(ENROLMENT_ERRORS.notFound, 'No such enrolment');
  if (registration.status === 'confirmed') throw new AppError(409, ENROLMENT_ERRORS.alreadyConfirmed, 'This enrolment is already confirmed');
  const photo = await normalisePhoto(file);
  await upsertRegistrationPhoto(db, idsub, photo);
  return { width: photo.width, height: photo.height };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function toConfirmed(row: RegistrationRow): Omit<ConfirmedRegistration, 'payment'> {
  return {
    id: row.id,
    status: 'confirmed',
    feeCents: row.feeCents ?? 0,
    late: row.late,
    confirmedAt: (row.confirmedAt ?? row.updatedAt).toISOString(),
    // The same addresses as the confirmation mail's (confirmation-mail.ts): the contacts that gave one.
    mailedTo: (
      [
        ['player', row.email],
        ['parent', row.parent.email],
        ['attendant', row.attendant.email],
      ] as const
    )
      .filter(([, email]) => email !== '')
      .map(([who]) => who),
  };
}

/**
 * Wizard step 7. Idempotent: confirming a confirmed enrolment answers it again. The partial unique
 * index makes the second of two concurrent confirmations of one player fail, answered as "already
 * registered". The confirmation mail is queued in the same transaction.
 */
export async function confirmRegistration(
  ctx: ServiceContext,
  idsub: string,
  consent: boolean,
  invitation?: string,
  consents: ConsentChoices = SINGLE_CONSENT_MEANS,
): Promise<Omit<ConfirmedRegistration, 'payment'>> {
  const { db } = ctx;
  const { clock } = ctx;
  const { code, settings } = await getCurrentEdition(db);
  const now = clock.now();
  try {
    return await db.transaction(async (tx) => {
      const registration = await findRegistrationRow(tx, idsub, true);
      if (!registration || registration.editionCode !== code) throw notFound(ENROLMENT_ERRORS.notFound, 'No such enrolment');
      if (registration.status === 'confirmed') return toConfirmed(registration);
      const phase = invitation ? enrolmentPhase(settings, now) : assertOpen(settings, now);
      if (!consent) throw validationError([{ path: 'body.consent', code: 'custom', message: VALIDATION_MESSAGES.consentRequired }]);
      const refused = refusedRequiredConsents(settings.optionalConsents, consents);
      if (refused.length) throw new AppError(422, ENROLMENT_ERRORS.consentRequired, 'A consent this edition requires was refused', { purposes: refused });
      if (!registration.hasPhoto) throw new AppError(422, ENROLMENT_ERRORS.photoMissing, 'A photo is required');
      assertContacts(registration, isAdult(settings, registration.birthYear));
      // The invitation is spent with the confirmation (a failure below rolls both back); its late fee applies once
      // the late period has begun.
      if (invitation) await spendLateInvitation({ ...ctx, db: tx }, invitation, registration.kind, registration);
      const late = phase === 'late' || phase === 'closed';
      const confirmed = await updateRegistrationRow(tx, idsub, {
        status: 'confirmed',
        consent: true,
        ...consentValues(consents, now, 'enrolment'),
        late,
        feeCents: registrationFeeCents(settings, registration.kind, registration.fideTitle, late),
        confirmedAt: now,
      });
      if (!confirmed) throw notFound(ENROLMENT_ERRORS.notFound, 'No such enrolment');
      const mail = confirmationMail(confirmed, settings);
      if (mail)
        await queueMail(tx, { ...mail, content: { ...mail.content, blocks: [...mail.content.blocks, familyPageBlock(ctx.config, confirmed.language)] } });
      await recordAudit(tx, {
        actor: null,
        action: 'enrolment.confirm',
        subjectType: 'registration',
        subjectId: idsub,
        after: { kind: confirmed.kind, category: confirmed.category, late, consents, ...(invitation ? { invited: true } : {}) },
      });
      return toConfirmed(confirmed);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
}

/** A confirmed registration's row (the confirmation's payment request reads its player and fee). */
export async function findConfirmedRegistrationRow(db: DbOrTx, idsub: string): Promise<RegistrationRow | undefined> {
  const row = await findRegistrationRow(db, idsub);
  return row?.status === 'confirmed' ? row : undefined;
}

export function toRegistration(row: RegistrationWithPhoto): Registration {
  return {
    ...pick(row, ['id', 'kind', 'status', 'enabled', 'category', 'email', 'mobile', 'parent', 'attendant', 'language', 'consent', 'hasPhoto', 'late']),
    ...pick(row, ['feeCents', 'remarks']),
    ...playerIdentityOf(row),
    consents: consentsOf(row),
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

export async function listRegistrations(db: DbOrTx, kind: RegistrationKind, query: RegistrationListQuery): Promise<RegistrationPage> {
  const { code } = await getCurrentEdition(db);
  const { rows, total } = await pageRegistrations(db, code, kind, query);
  return { items: rows.map(toRegistration), total, page: query.page, pageSize: query.pageSize };
}

/** A registration of the `kind` championship (locked until the transaction ends when asked); any other id is refused. */
async function registrationOfKind(db: DbOrTx, kind: RegistrationKind, id: string, lock = false): Promise<RegistrationWithPhoto> {
  const row = await findRegistrationRow(db, id, lock);
  if (!row || row.kind !== kind) throw notFound(ENROLMENT_ERRORS.notFound, 'No such enrolment');
  return row;
}

export async function getRegistration(db: DbOrTx, kind: RegistrationKind, id: string): Promise<Registration> {
  return toRegistration(await registrationOfKind(db, kind, id));
}

/** Managers edit every field; what the form loaded is sent back whole, so nothing is wiped by saving. */
export async function updateRegistration(ctx: ManagerContext, kind: RegistrationKind, id: string, input: RegistrationUpdate): Promise<Registration> {
  const { db, actor } = ctx;
  try {
    return await db.transaction(async (tx) => {
      const before = await registrationOfKind(tx, kind, id, true);
      const identity = { idbel: input.idbel, idfide: input.idfide };
      if (identity.idbel === null && identity.idfide === null) {
        throw validationError([{ path: 'body.idbel', code: 'custom', message: VALIDATION_MESSAGES.invalidValue }]);
      }
      await updateRegistrationRow(tx, id, {
        ...input,
        playerKey: playerKeyOf(identity),
        email: input.email.toLowerCase(),
        mobile: input.mobile === '' ? '' : (checkMobile(input.mobile) as { e164: string }).e164,
        parent: normaliseContact(input.parent),
        attendant: normaliseContact(input.attendant),
      });
      const after = await findRegistrationRow(tx, id);
      if (!after) throw notFound(ENROLMENT_ERRORS.notFound, 'No such enrolment');
      await recordAudit(tx, {
        actor,
        action: 'enrolment.update',
        subjectType: 'registration',
        subjectId: id,
        before: changed(before, after, 'before'),
        after: changed(before, after, 'after'),
      });
      return toRegistration(after);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
}

/** The fields that differ, for a small audit entry. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>, side: 'before' | 'after'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === 'updatedAt') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = side === 'before' ? before[key] : after[key];
  }
  return out;
}

export async function getRegistrationPhoto(db: DbOrTx, id: string): Promise<Buffer> {
  const photo = await findRegistrationPhoto(db, id);
  if (!photo) throw notFound(ENROLMENT_ERRORS.photoNotFound, 'No photo');
  return photo;
}

/** Confirmed, enabled registrations of the current edition, oldest first (participants import these). */
export async function listConfirmedRegistrations(db: DbOrTx, kind: RegistrationKind): Promise<RegistrationRow[]> {
  const { code } = await getCurrentEdition(db);
  return listConfirmedEnabledRegistrations(db, code, kind);
}

const CSV_COLUMNS: readonly ExportColumn<Registration>[] = [
  ...sameNameColumns<Registration>(['id']),
  ['status', (r, language) => exportValue('registrationStatus', r.status, language)],
  ...sameNameColumns<Registration>(['enabled', 'idbel', 'idfide', 'firstName', 'lastName', 'birthYear']),
  ['gender', (r, language) => exportValue('gender', r.gender, language)],
  ...sameNameColumns<Registration>(['clubId', 'clubName']),
  ['federation', (r) => r.fideFederation],
  ...sameNameColumns<Registration>(['ratingNational', 'ratingFide']),
  ['title', (r) => r.fideTitle],
  ...sameNameColumns<Registration>(['category', 'email', 'mobile']),
  ['parentName', (r) => r.parent.fullName],
  ['parentEmail', (r) => r.parent.email],
  ['parentMobile', (r) => r.parent.mobile],
  ['attendantName', (r) => r.attendant.fullName],
  ['attendantEmail', (r) => r.attendant.email],
  ['attendantMobile', (r) => r.attendant.mobile],
  ['language', (r, language) => exportValue('language', r.language, language)],
  ['photo', (r) => r.hasPhoto],
  ...sameNameColumns<Registration>(['late']),
  ['fee', (r) => (r.feeCents === null ? null : r.feeCents / 100)],
  ...sameNameColumns<Registration>(['confirmedAt', 'remarks']),
];

/** Every registration of `kind` as CSV in the reader's language (headers, separator, yes/no, decimal mark). */
export async function exportRegistrationsCsv(db: DbOrTx, kind: RegistrationKind, language: Language): Promise<string> {
  const { code } = await getCurrentEdition(db);
  const rows = (await listRegistrationsForExport(db, code, kind)).map(toRegistration);
  return localizedCsv(language, CSV_COLUMNS, rows);
}

/** Dashboard: registrations per category, confirmed vs draft, confirmed without photo. */
export async function enrolmentFigures(db: DbOrTx): Promise<Omit<EnrolmentFigures, 'participants'>> {
  const { code } = await getCurrentEdition(db);
  const { byCategory, photosMissing } = await registrationFigures(db, code);
  return {
    byCategory,
    confirmed: byCategory.reduce((sum, c) => sum + c.confirmed, 0),
    draft: byCategory.reduce((sum, c) => sum + c.draft, 0),
    photosMissing,
  };
}
