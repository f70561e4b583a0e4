import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { consentChoicesSchema, consentsSchema, optionalConsentsSchema } from './consents.js';
import { contactSchema, registrationKindSchema } from './enrolment.js';
import { paymentTransferSchema } from './payments.js';
import { languageSchema } from './text.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

export { familyAbsenceSettingsSchema, type FamilyAbsenceSettings } from './edition.js';

/**
 * A family's own page (DOMAIN.md §7c): a family is an e-mail address given as contact (the player's own, the
 * parent's, the attendant's, a reservation's responsible adult). It signs in by a single-use link mailed to that
 * address; the session after it is an HttpOnly cookie limited to the family's API (decision 0013).
 */

export const FAMILY_ERRORS = {
  /** A family route called without a live family session (none, expired, signed out). */
  sessionRequired: 'family.session_required',
  /** Too many sign-in links asked for one address in a short time (whether or not the address is known). */
  tooManyLinks: 'family.too_many_links',
  /** A child, reservation, absence or request that is not this family's (or does not exist: the same answer). */
  notFound: 'family.not_found',
  /** An absence for a round the edition does not open to requests. */
  roundNotOffered: 'family.round_not_offered',
  /** An absence asked or withdrawn after the round's deadline. */
  deadlinePassed: 'family.deadline_passed',
  /** A half-point bye in a round that does not allow one. */
  byeNotAllowed: 'family.bye_not_allowed',
  /** More half-point byes than the edition allows a player. */
  byeLimitReached: 'family.bye_limit_reached',
  /** A second request for the same child and round. */
  absenceExists: 'family.absence_exists',
  /** Contacts that leave a minor without a complete parent or attendant contact. */
  contactsIncomplete: 'family.contacts_incomplete',
  /** A privacy request (erasure, correction) that was already answered. */
  requestAnswered: 'family.request_answered',
} as const;

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** `POST /api/v1/family/anon/sign-in-link`: mail a sign-in link to this address (if it is a family's). */
export const familySignInLinkRequestSchema = z.object({ email, language: languageSchema });
export type FamilySignInLinkRequest = z.infer<typeof familySignInLinkRequestSchema>;
/** The same answer for every address: known or not, nothing tells them apart. */
export const familySignInLinkAnswerSchema = z.object({ accepted: z.literal(true), validMinutes: z.number().int() });

/** `POST /api/v1/family/anon/session`: spend the link's token (the landing page's button) and open a session. */
export const familySessionStartSchema = z.object({ token: z.string().min(1).max(200) });
export const familySessionSchema = z.object({ email: z.string(), expiresAt: isoDateTimeSchema });
export type FamilySession = z.infer<typeof familySessionSchema>;

export const familyPaymentSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  ...paymentTransferSchema.shape,
  /** The payer's payment page and its EPC QR code (the same as in the payment mail). */
  pagePath: z.string(),
  qrPngPath: z.string(),
  /** The invoice PDF through the family's session, when the organisers made one. */
  invoicePath: z.string().nullable(),
});
export type FamilyPayment = z.infer<typeof familyPaymentSchema>;

export const ABSENCE_KINDS = ['absent', 'half_point_bye'] as const;
export const absenceKindSchema = z.enum(ABSENCE_KINDS);
export type AbsenceKind = z.infer<typeof absenceKindSchema>;
export const ABSENCE_STATUSES = ['requested', 'noted', 'withdrawn'] as const;

export const familyAbsenceSchema = z.object({
  id: z.uuid(),
  round: z.number().int(),
  kind: absenceKindSchema,
  remark: z.string(),
  status: z.enum(ABSENCE_STATUSES),
  createdAt: isoDateTimeSchema,
  notedAt: isoDateTimeSchema.nullable(),
});
export type FamilyAbsence = z.infer<typeof familyAbsenceSchema>;

/** A round open to absence requests, as the family sees it. */
export const familyAbsenceRoundSchema = z.object({
  round: z.number().int(),
  deadline: isoDateTimeSchema,
  open: z.boolean(),
  halfPointBye: z.boolean(),
});

export const BADGE_STATES_FOR_FAMILY = ['none', 'unprinted', 'printed', 'reprint'] as const;

export const familyChildSchema = z.object({
  registrationId: z.uuid(),
  kind: registrationKindSchema,
  firstName: z.string(),
  lastName: z.string(),
  birthYear: z.number().int().nullable(),
  category: z.string(),
  /** Confirmed and on the list, or disabled by the organisers. */
  status: z.enum(['confirmed', 'disabled']),
  /** Which contacts of the child this family is: only those may change them. */
  relation: z.array(z.enum(['player', 'parent', 'attendant'])),
  /** The player's own e-mail and mobile (adults give them; a minor's may be empty). */
  email: z.string(),
  mobile: z.string(),
  parent: contactSchema,
  attendant: contactSchema,
  /** The consent given in the wizard (data use for this championship, badge photo, overview pictures). */
  consent: z.boolean(),
  /** The consent per purpose (decision 0020), the family may change it; `optional` says which purposes it may refuse. */
  consents: consentsSchema,
  hasPhoto: z.boolean(),
  /** The badge: not yet a participant (none), not printed, printed, or printed and changed since (reprint). */
  badge: z.enum(BADGE_STATES_FOR_FAMILY),
  payment: familyPaymentSchema.nullable(),
  /** During the championship: the player's card when results are published. */
  results: z
    .object({
      categoryName: z.string(),
      /** The child's number in the published file: what following the child names. */
      pairingNumber: z.number().int().positive(),
      playerCardPath: z.string(),
      points: z.string().nullable(),
      rank: z.number().int().nullable(),
    })
    .nullable(),
  absences: z.array(familyAbsenceSchema),
});
export type FamilyChild = z.infer<typeof familyChildSchema>;

export const RESERVATION_REQUEST_KINDS = ['change', 'cancel'] as const;
export const reservationRequestKindSchema = z.enum(RESERVATION_REQUEST_KINDS);

export const familyReservationRequestSchema = z.object({
  id: z.uuid(),
  kind: reservationRequestKindSchema,
  message: z.string(),
  status: z.enum(['open', 'answered']),
  answer: z.string(),
  createdAt: isoDateTimeSchema,
  answeredAt: isoDateTimeSchema.nullable(),
});

export const familyReservationSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  enabled: z.boolean(),
  roomType: z.string(),
  roomTypeLabel: z.string(),
  arrivalDate: isoDateSchema,
  departureDate: isoDateSchema,
  nights: z.number().int(),
  mealPlan: z.string(),
  guests: z.array(z.object({ firstName: z.string(), lastName: z.string(), birthDate: z.string() })),
  /** The price as computed for the request (the payment request, when made, is what is owed). */
  priceCents: z.number().int().nullable(),
  payment: familyPaymentSchema.nullable(),
  requests: z.array(familyReservationRequestSchema),
});
export type FamilyReservation = z.infer<typeof familyReservationSchema>;

// Privacy requests (erasure, correction) ----------------------------------------------------------------------------

export const PRIVACY_REQUEST_KINDS = ['erasure', 'correction'] as const;
export const PRIVACY_REQUEST_STATUSES = ['open', 'approved', 'refused'] as const;

/** What a correction asks to change (names and birth dates come from the federation: the organisers check them). */
export const privacyCorrectionSchema = z.object({
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  birthDate: z.union([isoDateSchema, z.literal('')]).default(''),
});

/**
 * `POST /api/v1/family/privacy-requests`: an erasure of one child (`registrationId`) or of the whole family (null), or
 * a correction of a child's name or birth date. The organisers approve or refuse it in the back office.
 */
export const familyPrivacyRequestInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('erasure'), registrationId: z.uuid().nullable(), message: z.string().trim().max(2000).default('') }),
  z.object({
    kind: z.literal('correction'),
    registrationId: z.uuid(),
    correction: privacyCorrectionSchema.refine((c) => c.firstName !== '' || c.lastName !== '' || c.birthDate !== '', {
      message: 'Invalid value',
      path: ['firstName'],
    }),
    message: z.string().trim().max(2000).default(''),
  }),
]);
export type FamilyPrivacyRequestInput = z.infer<typeof familyPrivacyRequestInputSchema>;

export const familyPrivacyRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  /** The child concerned; null: the whole family (an erasure). */
  registrationId: z.uuid().nullable(),
  /** The child's championship (its registration's kind): the back office links to the right list. */
  registrationKind: registrationKindSchema.nullable(),
  childName: z.string().nullable(),
  correction: privacyCorrectionSchema.nullable(),
  message: z.string(),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  reason: z.string(),
  createdAt: isoDateTimeSchema,
  answeredAt: isoDateTimeSchema.nullable(),
});
export type FamilyPrivacyRequest = z.infer<typeof familyPrivacyRequestSchema>;

export const privacyRequestRowSchema = familyPrivacyRequestSchema.extend({ requester: z.string(), answeredBy: z.string().nullable() });
export type PrivacyRequestRow = z.infer<typeof privacyRequestRowSchema>;
export const privacyRequestListSchema = z.object({ items: z.array(privacyRequestRowSchema) });
export const privacyRequestListQuerySchema = z.object({ status: z.enum(PRIVACY_REQUEST_STATUSES).optional() });
/** A manager approves (an erasure then runs at once) or refuses with a reason the family is mailed. */
export const privacyRequestAnswerSchema = z
  .object({ approve: z.boolean(), reason: z.string().trim().max(2000).default('') })
  .refine((a) => a.approve || a.reason !== '', { message: VALIDATION_MESSAGES.required, path: ['reason'] });
export type PrivacyRequestAnswer = z.infer<typeof privacyRequestAnswerSchema>;

export const familyOverviewSchema = z.object({
  email: z.string(),
  /** Which consent purposes the edition lets a family refuse (the others are conditions of taking part). */
  optionalConsents: optionalConsentsSchema,
  sessionExpiresAt: isoDateTimeSchema,
  children: z.array(familyChildSchema),
  reservations: z.array(familyReservationSchema),
  absenceRounds: z.array(familyAbsenceRoundSchema),
  maxHalfPointByes: z.number().int(),
  privacyRequests: z.array(familyPrivacyRequestSchema),
});
export type FamilyOverview = z.infer<typeof familyOverviewSchema>;

export const familyChildParamsSchema = z.object({ registrationId: z.uuid() });
export const familyReservationParamsSchema = z.object({ reservationId: z.uuid() });
export const familyAbsenceParamsSchema = z.object({ registrationId: z.uuid(), absenceId: z.uuid() });
export const familyPaymentParamsSchema = z.object({ paymentId: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The contacts of a child, changed by the family (audited). Names and birth dates come from the federation. */
export const familyContactsUpdateSchema = z.object({
  email: contactSchema.shape.email,
  mobile: contactSchema.shape.mobile,
  parent: contactSchema,
  attendant: contactSchema,
});
export type FamilyContactsUpdate = z.infer<typeof familyContactsUpdateSchema>;

/** `PUT /api/v1/family/children/{registrationId}/consents`: the family changes a child's consents (audited). */
export const familyConsentsUpdateSchema = consentChoicesSchema;

export const familyReservationRequestInputSchema = z.object({
  kind: reservationRequestKindSchema,
  message: z.string().trim().min(1).max(2000),
});
export type FamilyReservationRequestInput = z.infer<typeof familyReservationRequestInputSchema>;

export const familyAbsenceInputSchema = z.object({
  round: z.number().int().min(1).max(30),
  kind: absenceKindSchema,
  remark: z.string().trim().max(500).default(''),
});
export type FamilyAbsenceInput = z.infer<typeof familyAbsenceInputSchema>;

// Back office ---------------------------------------------------------------------------------------------------

export const absenceListQuerySchema = z.object({
  category: z.string().trim().max(40).optional(),
  round: z.coerce.number().int().min(1).max(30).optional(),
});
export type AbsenceListQuery = z.infer<typeof absenceListQuerySchema>;

export const absenceRowSchema = z.object({
  id: z.uuid(),
  category: z.string(),
  round: z.number().int(),
  kind: absenceKindSchema,
  status: z.enum(ABSENCE_STATUSES),
  playerName: z.string(),
  idbel: z.number().int().nullable(),
  /** The player's pairing number in the published tournament of the category, when there is one. */
  pairingNumber: z.number().int().nullable(),
  remark: z.string(),
  createdAt: isoDateTimeSchema,
  notedAt: isoDateTimeSchema.nullable(),
  notedBy: z.string().nullable(),
});
export type AbsenceRow = z.infer<typeof absenceRowSchema>;
export const absenceListSchema = z.object({ items: z.array(absenceRowSchema) });
export const absenceIdParamsSchema = z.object({ id: z.uuid() });
export const absenceNoteSchema = z.object({ noted: z.boolean() });

export const reservationRequestRowSchema = familyReservationRequestSchema.extend({
  reservationId: z.uuid(),
  reservationNumber: z.string(),
  requester: z.string(),
  answeredBy: z.string().nullable(),
});
export type ReservationRequestRow = z.infer<typeof reservationRequestRowSchema>;
export const reservationRequestListQuerySchema = z.object({ status: z.enum(['open', 'answered']).optional() });
export const reservationRequestListSchema = z.object({ items: z.array(reservationRequestRowSchema) });
export const reservationRequestAnswerSchema = z.object({ answer: z.string().trim().min(1).max(2000) });

/** A manager sends a family its sign-in link from a registration or a reservation. */
export const familyLinkSentSchema = z.object({ sentTo: z.number().int() });
export const registrationFamilyLinkParamsSchema = z.object({ kind: registrationKindSchema, id: z.uuid() });
export const reservationFamilyLinkParamsSchema = z.object({ id: z.uuid() });
