import { z } from 'zod';
import { idParamSchema } from './input-rules.js';
import { pageOf, pageQuerySchema, pageSizeSchema, PAGE_SIZE_DEFAULT, sortDirectionSchema } from './list-query.js';
import { isoDateTimeSchema } from './date-schemas.js';
import { consentChoicesSchema, consentsSchema } from './consents.js';
import { eligibleCategories, isAdultPlayer, isYouthPlayer, type EditionSettings } from './edition.js';
import { playerIdentityInputSchema, playerIdentitySchema, type PlayerIdentity } from './player-identity.js';
import { publicPaymentSchema } from './payments.js';
import { checkMobile } from './phone.js';
import { languageSchema } from './text.js';
import { VALIDATION_MESSAGES as M } from './validation-messages.js';

export { enrolmentPhase, type EnrolmentPhase } from './enrolment-phase.js';

/** The two championships that take registrations: bjk (youth, national) and vk (adult, Flemish). */
export const REGISTRATION_KINDS = ['bjk', 'vk'] as const;
export const registrationKindSchema = z.enum(REGISTRATION_KINDS);
export type RegistrationKind = z.infer<typeof registrationKindSchema>;
export const kindParamsSchema = z.object({ kind: registrationKindSchema });

export const REGISTRATION_STATUSES = ['draft', 'confirmed'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** An e-mail field that may stay empty; when filled it must look like an address. */
const optionalEmail = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === '' || EMAIL.test(v), { message: M.emailInvalid });

/** A mobile field that may stay empty; when filled it must be a valid (international) number. */
const optionalMobile = z
  .string()
  .trim()
  .max(40)
  .superRefine((value, ctx) => {
    if (value === '') return;
    const check = checkMobile(value);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
  });

/** A present parent or an attendant: a full name, e-mail and mobile (all three, or none). */
export const contactSchema = z.object({
  fullName: z.string().trim().max(200),
  email: optionalEmail,
  mobile: optionalMobile,
});
export type Contact = z.infer<typeof contactSchema>;
export const emptyContact: Contact = { fullName: '', email: '', mobile: '' };

function isComplete(contact: Contact): boolean {
  return contact.fullName !== '' && contact.email !== '' && contact.mobile !== '';
}

/** The details a registrant gives (wizard step 4). The player's own data comes from the member registry. */
export const registrationDetailsSchema = z.object({
  category: z.string().trim().min(1, M.categoryRequired).max(20),
  email: optionalEmail,
  mobile: optionalMobile,
  parent: contactSchema,
  attendant: contactSchema,
});
export type RegistrationDetails = z.infer<typeof registrationDetailsSchema>;

export type ContactIssue = { path: string; message: string };

/**
 * DOMAIN.md §3 step 4: minors need the present parent's or the attendant's full contact; adults need
 * their own e-mail and mobile. A half-filled contact is reported on its empty fields.
 */
export function contactIssues(details: RegistrationDetails, adult: boolean): ContactIssue[] {
  const issues: ContactIssue[] = [];
  if (adult) {
    if (details.email === '') issues.push({ path: 'email', message: M.emailRequired });
    if (details.mobile === '') issues.push({ path: 'mobile', message: M.mobileRequired });
  }
  for (const who of ['parent', 'attendant'] as const) {
    const contact = details[who];
    const started = contact.fullName !== '' || contact.email !== '' || contact.mobile !== '';
    if (!started) continue;
    if (contact.fullName === '') issues.push({ path: `${who}.fullName`, message: M.fullNameRequired });
    if (contact.email === '') issues.push({ path: `${who}.email`, message: M.emailRequired });
    if (contact.mobile === '') issues.push({ path: `${who}.mobile`, message: M.mobileRequired });
  }
  if (!adult && !isComplete(details.parent) && !isComplete(details.attendant) && issues.length === 0) {
    issues.push({ path: 'parent.fullName', message: M.contactRequired });
  }
  return issues;
}

/** `POST /api/v1/registration/{kind}`: create a draft (no id) or update one (its id). */
export const registrationDraftSchema = registrationDetailsSchema.extend({
  id: z.uuid().optional(),
  ...playerIdentityInputSchema.pick({ idbel: true, idfide: true }).partial().shape,
  language: languageSchema,
  /** A late-entry invitation's token (the link a manager mailed): opens the wizard after enrolment closed. */
  invitation: z.string().min(1).max(200).optional(),
});
export type RegistrationDraft = z.infer<typeof registrationDraftSchema>;

export const registrationDraftResultSchema = z.object({ id: z.uuid(), status: z.enum(REGISTRATION_STATUSES) });

export const confirmRegistrationSchema = z.object({
  consent: z.boolean(),
  /** The choice per purpose (decision 0020); absent (clients from before it existed): what the single consent covered. */
  consents: consentChoicesSchema.optional(),
  invitation: z.string().min(1).max(200).optional(),
});

/** A federation or FIDE id as the wizard's lookup takes it (`lookupParamsIdbelSchema`, `lookupParamsIdfideSchema`). */
export const LOOKUP_ID_MAX = 2_000_000_000;
export const lookupIdSchema = z.number().int().positive().max(LOOKUP_ID_MAX);

/**
 * `POST /api/v1/registration/{kind}/invitations` (managers): a late-entry invitation for one player, mailed to
 * `email` as a signed single-use link to the wizard (`/registration_<kind>#invitation=<token>`), late fee applied.
 */
export const lateInvitationRequestSchema = z
  .object({
    // The ids as the wizard's lookup takes them; the player need not be in the member registry yet.
    idbel: lookupIdSchema.nullable(),
    idfide: lookupIdSchema.nullable(),
    email: z.string().trim().max(200).regex(EMAIL, M.emailInvalid),
    language: languageSchema,
  })
  .refine((v) => v.idbel !== null || v.idfide !== null, { message: M.invalidValue, path: ['idbel'] });
export type LateInvitationRequest = z.infer<typeof lateInvitationRequestSchema>;
export const lateInvitationSchema = z.object({
  id: z.string(),
  expiresAt: isoDateTimeSchema,
  validDays: z.number().int(),
  /** The member invited, or null when the registry does not know the id yet (the wizard finds them once it does). */
  player: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type LateInvitation = z.infer<typeof lateInvitationSchema>;

/** `POST /api/v1/registration/invitation` (public): what an invitation's token opens, read without spending it. */
export const lateInvitationTokenSchema = z.object({ invitation: z.string().min(1).max(200) });
export const lateInvitationViewSchema = z.object({
  kind: registrationKindSchema,
  idbel: z.number().int().nullable(),
  idfide: z.number().int().nullable(),
  expiresAt: isoDateTimeSchema,
});
export type LateInvitationView = z.infer<typeof lateInvitationViewSchema>;
export const idsubParamsSchema = z.object({ idsub: z.uuid() });

/** What the wizard shows after confirming: the summary, the fee and whether the late fee applies. */
export const confirmedRegistrationSchema = z.object({
  id: z.uuid(),
  status: z.literal('confirmed'),
  feeCents: z.number().int(),
  late: z.boolean(),
  confirmedAt: isoDateTimeSchema,
  /** The payment instructions of the enrolment's payment request, when the edition makes it on confirmation. */
  payment: publicPaymentSchema.extend({ pagePath: z.string() }).nullable(),
  /** Whom the confirmation mail goes to: the contacts that gave an e-mail address (no address itself). */
  mailedTo: z.array(z.enum(['player', 'parent', 'attendant'])),
});
export type ConfirmedRegistration = z.infer<typeof confirmedRegistrationSchema>;

/** Public lookups: only what the wizard needs, nothing that identifies contacts. */
export const lookupParamsIdbelSchema = z.object({ idbel: z.coerce.number().int().positive().max(LOOKUP_ID_MAX) });
export const lookupParamsIdfideSchema = z.object({ idfide: z.coerce.number().int().positive().max(LOOKUP_ID_MAX) });
export const lookupQuerySchema = z.object({ kind: registrationKindSchema.default('bjk') });
export const playerLookupSchema = z.object({
  ...playerIdentitySchema.shape,
  youth: z.boolean(),
  adult: z.boolean(),
  eligibleCategories: z.array(z.string()),
  alreadyRegistered: z.boolean(),
});
export type PlayerLookup = z.infer<typeof playerLookupSchema>;

/**
 * The smallest photo a badge can print sharply (DOMAIN.md §3: 160×200 px or better). The wizard refuses a smaller
 * picture or crop before uploading; the server refuses it again.
 */
export const BADGE_PHOTO_MIN = { width: 160, height: 200 } as const;

export type PlayerFacts = Pick<PlayerIdentity, 'birthYear' | 'gender' | 'fideTitle'>;

/** Categories a player may choose in a championship kind, youngest (or default) first. */
export function categoriesFor(settings: EditionSettings, kind: RegistrationKind, player: PlayerFacts): string[] {
  if (kind === 'bjk') return player.birthYear === null ? [] : eligibleCategories(settings, player.birthYear).map((c) => c.code);
  return (settings.vk?.categories ?? [])
    .filter((c) => c.gender === undefined || c.gender === player.gender)
    .filter((c) => c.minBirthYear === undefined || (player.birthYear !== null && player.birthYear >= c.minBirthYear))
    .filter((c) => c.maxBirthYear === undefined || (player.birthYear !== null && player.birthYear <= c.maxBirthYear))
    .map((c) => c.code);
}

/** bjk takes youth players only; vk takes anyone with an eligible category. */
export function mayEnrol(settings: EditionSettings, kind: RegistrationKind, player: PlayerFacts): boolean {
  if (kind === 'bjk') return player.birthYear !== null && isYouthPlayer(settings, player.birthYear);
  return categoriesFor(settings, kind, player).length > 0;
}

export function isAdult(settings: EditionSettings, birthYear: number | null): boolean {
  return birthYear !== null && isAdultPlayer(settings, birthYear);
}

/**
 * The enrolment fee in cents: bjk the edition's fee; vk by FIDE title (free titles, reduced titles, else
 * the full fee). The late fee is added when the registration itself was made in the late period.
 */
export function registrationFeeCents(settings: EditionSettings, kind: RegistrationKind, fideTitle: string | null, late: boolean): number {
  const lateFee = late ? settings.fees.lateFeeCents : 0;
  if (kind === 'bjk') return settings.fees.enrolmentCents + lateFee;
  const vk = settings.fees.vk;
  const title = (fideTitle ?? '').toUpperCase();
  if (vk.freeTitles.includes(title)) return 0;
  return (vk.reducedTitles.includes(title) ? vk.reducedFeeCents : vk.feeCents) + lateFee;
}

/** A registration as managers see and edit it. */
export const registrationSchema = z.object({
  id: z.uuid(),
  kind: registrationKindSchema,
  status: z.enum(REGISTRATION_STATUSES),
  enabled: z.boolean(),
  ...playerIdentitySchema.shape,
  category: z.string(),
  email: z.string(),
  mobile: z.string(),
  parent: contactSchema,
  attendant: contactSchema,
  language: languageSchema,
  consent: z.boolean(),
  consents: consentsSchema,
  hasPhoto: z.boolean(),
  late: z.boolean(),
  feeCents: z.number().int().nullable(),
  remarks: z.string(),
  createdAt: isoDateTimeSchema,
  confirmedAt: isoDateTimeSchema.nullable(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** `PUT /api/v1/registration/{kind}/{id}`: every field; nothing is wiped by saving what was loaded. */
export const registrationUpdateSchema = z.object({
  enabled: z.boolean(),
  ...playerIdentityInputSchema.shape,
  category: z.string().trim().min(1, M.categoryRequired).max(20),
  email: optionalEmail,
  mobile: optionalMobile,
  parent: contactSchema,
  attendant: contactSchema,
  language: languageSchema,
  remarks: z.string().max(2000),
});
export type RegistrationUpdate = z.infer<typeof registrationUpdateSchema>;

const flag = z.enum(['0', '1']).optional();

export const registrationListQuerySchema = pageQuerySchema.extend({
  pageSize: pageSizeSchema(PAGE_SIZE_DEFAULT, 1000),
  dir: sortDirectionSchema.default('asc'),
  category: z.string().max(20).optional(),
  status: z.enum(REGISTRATION_STATUSES).optional(),
  enabled: flag,
  sort: z.enum(['name', 'category', 'createdAt', 'idbel', 'ratingFide']).default('createdAt'),
});
export type RegistrationListQuery = z.infer<typeof registrationListQuerySchema>;
export const registrationPageSchema = pageOf(registrationSchema);
export type RegistrationPage = z.infer<typeof registrationPageSchema>;
export const idParamsSchema = z.object({ kind: registrationKindSchema, id: z.uuid() });

/** Dashboard figures of the enrolment area. */
export const enrolmentFiguresSchema = z.object({
  byCategory: z.array(z.object({ kind: registrationKindSchema, category: z.string(), confirmed: z.number().int(), draft: z.number().int() })),
  confirmed: z.number().int(),
  draft: z.number().int(),
  photosMissing: z.number().int(),
  participants: z.number().int(),
});
export type EnrolmentFigures = z.infer<typeof enrolmentFiguresSchema>;

export const MEALS_CODES = ['HB', 'BO'] as const;
export const mealsCodeSchema = z.enum(MEALS_CODES).nullable();

/** A participant: the curated start list (DOMAIN.md §4). */
export const participantSchema = z.object({
  id: z.number().int(),
  kind: registrationKindSchema,
  ...playerIdentitySchema.shape,
  category: z.string(),
  email: z.string(),
  /** The parent's full name ('' when none was given): mails about the enrolment greet the parent, not the child. */
  parentName: z.string(),
  parentEmail: z.string(),
  attendantEmail: z.string(),
  language: languageSchema,
  mealsCode: mealsCodeSchema,
  enabled: z.boolean(),
  late: z.boolean(),
  feeCents: z.number().int().nullable(),
  remarks: z.string(),
  hasPhoto: z.boolean(),
  consents: consentsSchema,
  registrationId: z.uuid().nullable(),
  createdAt: isoDateTimeSchema,
});
export type Participant = z.infer<typeof participantSchema>;

export const participantUpdateSchema = z.object({
  category: z.string().trim().min(1, M.categoryRequired).max(20),
  email: optionalEmail,
  /** Absent: unchanged (clients from before it existed). */
  parentName: z.string().trim().max(200).optional(),
  parentEmail: optionalEmail,
  attendantEmail: optionalEmail,
  mealsCode: mealsCodeSchema,
  ...playerIdentityInputSchema.pick({ ratingNational: true, ratingFide: true }).shape,
  enabled: z.boolean(),
  remarks: z.string().max(2000),
});
export type ParticipantUpdate = z.infer<typeof participantUpdateSchema>;

export const participantListQuerySchema = pageQuerySchema.extend({
  pageSize: pageSizeSchema(1000, 1000),
  dir: sortDirectionSchema.default('asc'),
  category: z.string().max(20).optional(),
  enabled: flag,
  sort: z.enum(['name', 'category', 'ratingFide', 'ratingNational', 'createdAt']).default('name'),
});
export type ParticipantListQuery = z.infer<typeof participantListQuerySchema>;
export const participantPageSchema = pageOf(participantSchema);
export type ParticipantPage = z.infer<typeof participantPageSchema>;
export const participantIdParamsSchema = z.object({ kind: registrationKindSchema, id: idParamSchema });
export const lateParticipantParamsSchema = z.object({
  kind: registrationKindSchema,
  idbel: idParamSchema,
  cat: z.string().trim().min(1).max(20),
});

export const participantImportResultSchema = z.object({
  confirmed: z.number().int(),
  imported: z.number().int(),
  skippedExisting: z.number().int(),
  duplicates: z.number().int(),
});
export type ParticipantImportResult = z.infer<typeof participantImportResultSchema>;

export const ratingsRefreshResultSchema = z.object({ checked: z.number().int(), updated: z.number().int() });

/** The public start list: enabled players only; no birth dates, contacts or photos. */
export const publicParticipantSchema = z.object({
  id: z.number().int(),
  ...playerIdentitySchema.pick({ firstName: true, lastName: true, clubName: true }).shape,
  category: z.string(),
  ...playerIdentitySchema.pick({ ratingNational: true, ratingFide: true }).shape,
});
export type PublicParticipant = z.infer<typeof publicParticipantSchema>;
/**
 * The list names only players whose family consents to it (decision 0020); the others are counted per category, so
 * the list's size stays true without naming a child.
 */
export const publicParticipantListSchema = z.object({
  items: z.array(publicParticipantSchema),
  unnamed: z.array(z.object({ category: z.string(), count: z.number().int() })),
});

/** `PUT /api/v1/participant/{kind}/{id}/consents`: a manager changes a player's consents (audited). */
export const participantConsentsUpdateSchema = consentChoicesSchema;
export type PublicParticipantList = z.infer<typeof publicParticipantListSchema>;

/** Attendees and guests: people with a badge who do not play (ARB, ORG, GUEST, EAT). */
export const attendeeSchema = z.object({
  id: z.number().int(),
  kind: registrationKindSchema,
  firstName: z.string(),
  lastName: z.string(),
  category: z.string(),
  email: z.string(),
  mobile: z.string(),
  mealsCode: mealsCodeSchema,
  enabled: z.boolean(),
  remarks: z.string(),
  createdAt: isoDateTimeSchema,
});
export type Attendee = z.infer<typeof attendeeSchema>;
export const attendeeInputSchema = z.object({
  firstName: z.string().trim().min(1, M.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, M.lastNameRequired).max(100),
  category: z.string().trim().min(1, M.categoryRequired).max(20),
  email: optionalEmail,
  mobile: optionalMobile,
  mealsCode: mealsCodeSchema,
  enabled: z.boolean(),
  remarks: z.string().max(2000),
});
export type AttendeeInput = z.infer<typeof attendeeInputSchema>;
export const attendeeListQuerySchema = pageQuerySchema.extend({ pageSize: pageSizeSchema(1000, 1000) });
export type AttendeeListQuery = z.output<typeof attendeeListQuerySchema>;
export const attendeeListSchema = pageOf(attendeeSchema);
export type AttendeeList = z.infer<typeof attendeeListSchema>;
export const attendeeIdParamsSchema = participantIdParamsSchema;
export const guestParamsSchema = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  cat: z.string().trim().min(1).max(20),
});

export const ENROLMENT_ERRORS = {
  notFound: 'enrolment.not_found',
  memberNotFound: 'enrolment.member_not_found',
  alreadyRegistered: 'enrolment.already_registered',
  notYouth: 'enrolment.not_youth',
  notOpen: 'enrolment.not_open',
  closed: 'enrolment.closed',
  kindNotOffered: 'enrolment.kind_not_offered',
  alreadyConfirmed: 'enrolment.already_confirmed',
  photoMissing: 'enrolment.photo_missing',
  photoNotFound: 'enrolment.photo_not_found',
  /** A late-entry invitation used for another player or championship than the one it was sent for. */
  invitationMismatch: 'enrolment.invitation_mismatch',
  /** A consent purpose the edition makes a condition of taking part was refused (decision 0020). */
  consentRequired: 'enrolment.consent_required',
} as const;

/** Participants and attendees share this domain file with enrolment; their codes carry their own area. */
export const PARTICIPANTS_ERRORS = {
  notFound: 'participants.not_found',
  alreadyExists: 'participants.already_exists',
  attendeeNotFound: 'participants.attendee_not_found',
  photoNotFound: 'participants.photo_not_found',
  /** A guest list (CSV or XLSX) that cannot be read, or whose header names no first-name or last-name column. */
  importUnreadable: 'participants.import_unreadable',
  /** A guest list longer than one import takes. */
  importTooManyLines: 'participants.import_too_many_lines',
} as const;
