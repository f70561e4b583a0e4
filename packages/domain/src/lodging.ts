import { parsePhoneNumberWithError, ParseError } from 'libphonenumber-js/mobile';
import { z } from 'zod';
import { pageOf, pageQuerySchema } from './list-query.js';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { addDays } from './dates.js';
import { AGE_GROUPS, MEAL_PLANS, type EditionSettings } from './edition.js';
import type { Language } from './languages.js';
import { findRoomType, mealPlansFor, normalStayDates } from './lodging-pricing.js';
import { languageSchema } from './text.js';
import { LODGING_ERRORS, LODGING_MESSAGES } from './lodging-codes.js';

export { LODGING_ERRORS, LODGING_MESSAGES, lodgingMessageKey, type LodgingMessageKey } from './lodging-codes.js';

const M = LODGING_MESSAGES;

const requiredText = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, M.invalidValue);

/** A mobile number, international or Belgian (0475 12 34 56 reads as +32); stored in E.164. */
export const mobileSchema = z
  .string({ error: M.mobileRequired })
  .trim()
  .min(1, M.mobileRequired)
  .transform((value, ctx) => {
    try {
      const parsed = parsePhoneNumberWithError(value, 'BE');
      if (!parsed.isValid()) {
        ctx.addIssue({ code: 'custom', message: M.mobileInvalid });
        return z.NEVER;
      }
      return parsed.number;
    } catch (error) {
      const reason = error instanceof ParseError ? error.message : '';
      const message = reason === 'INVALID_COUNTRY' ? M.countryCodeInvalid : reason === 'TOO_SHORT' ? M.tooShort : M.mobileInvalid;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  });

export const reservationContactSchema = z.object({
  firstName: requiredText(M.firstNameRequired),
  lastName: requiredText(M.lastNameRequired),
  email: z.string({ error: M.emailRequired }).trim().min(1, M.emailRequired).pipe(z.email(M.invalidValue)),
  mobile: mobileSchema,
  address: requiredText(M.addressRequired, 300).pipe(z.string().min(5, M.tooShort)),
});
export type ReservationContact = z.output<typeof reservationContactSchema>;

export const reservationGuestSchema = z.object({
  firstName: requiredText(M.firstNameRequired),
  lastName: requiredText(M.lastNameRequired),
  birthDate: z.string({ error: M.birthdayRequired }).min(1, M.birthdayRequired).pipe(isoDateSchema),
  participates: z.boolean(),
});
export type ReservationGuest = z.output<typeof reservationGuestSchema>;

export const mealPlanSchema = z.enum(MEAL_PLANS, { error: M.mealsRequired });
export const roomTypeCodeSchema = z.string({ error: M.lodgingRequired }).regex(/^[A-Z][A-Z0-9]{0,9}$/, M.lodgingRequired);

/** The stay a reservation asks for, as the public wizard and a manager's edit send it alike. */
export const stayRequestSchema = z.object({
  language: languageSchema,
  contact: reservationContactSchema,
  roomType: roomTypeCodeSchema,
  arrivalDate: isoDateSchema,
  departureDate: isoDateSchema,
  guests: z.array(reservationGuestSchema).min(1).max(20),
  mealPlan: mealPlanSchema,
});
export type StayRequest = z.output<typeof stayRequestSchema>;

/** What the public wizard sends (`POST /api/v1/stay/cmd/make_reservation`). The server checks it against the edition. */
export const makeReservationSchema = z.object({
  /** Generated once per wizard run: a resubmission of the same run returns the same reservation. */
  submissionId: z.uuid(),
  ...stayRequestSchema.shape,
  remarks: z.string().trim().max(2000).default(''),
  /**
   * The visitor saw the "likely duplicate" warning (the same contact already asked these dates and this room
   * type) and submits anyway.
   */
  allowDuplicate: z.boolean().default(false),
});
export type MakeReservationInput = z.input<typeof makeReservationSchema>;
export type MakeReservation = z.output<typeof makeReservationSchema>;

export const stayDiscountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('amount'), amountCents: z.number().int().min(0).max(10_000_000) }),
  z.object({ kind: z.literal('percent'), percent: z.number().min(0).max(100) }),
]);

const stayPriceLineSchema = z.object({
  kind: z.enum(['room', 'meals', 'touristTax', 'cleaning', 'withoutDiscount', 'discount']),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  totalCents: z.number().int(),
  roomType: z.string().optional(),
  minorDiscountCents: z.number().int().optional(),
  guestName: z.string().optional(),
  ageGroup: z.enum(AGE_GROUPS).optional(),
  mealPlan: z.enum(MEAL_PLANS).optional(),
  percent: z.number().optional(),
  /** The line in the reader's language. */
  description: z.string(),
});

export const stayPriceSchema = z.object({
  nights: z.number().int(),
  lines: z.array(stayPriceLineSchema),
  totalCents: z.number().int(),
});

export const makeReservationResultSchema = z.object({
  number: z.string(),
  totalCents: z.number().int(),
});
export type MakeReservationResult = z.infer<typeof makeReservationResultSchema>;

export const reservationIdParamsSchema = z.object({ id: z.uuid() });
export const assignRoomParamsSchema = z.object({ id: z.uuid(), roomnr: z.string().regex(/^[0-9A-Za-z-]{1,10}$/) });
export const freeRoomParamsSchema = z.object({ roomtype: roomTypeCodeSchema });

export const roomSchema = z.object({
  number: z.string(),
  floor: z.number().int(),
  roomType: z.string(),
  venueCode: z.string(),
  capacity: z.number().int(),
  blocked: z.boolean(),
  enabled: z.boolean(),
  reservationId: z.uuid().nullable(),
  reservationNumber: z.string().nullable(),
});
export type Room = z.infer<typeof roomSchema>;

export const roomListSchema = z.object({ items: z.array(roomSchema) });
export type RoomList = z.infer<typeof roomListSchema>;

export const roomUpdateSchema = z.object({
  roomType: roomTypeCodeSchema,
  venueCode: z.string().trim().max(40),
  capacity: z.number().int().min(1).max(20),
  blocked: z.boolean(),
  enabled: z.boolean(),
});
export type RoomUpdate = z.infer<typeof roomUpdateSchema>;

export const roomNumberParamsSchema = z.object({ number: z.string().regex(/^[0-9A-Za-z-]{1,10}$/) });

export const roomImportSchema = z.object({ csv: z.string().min(1).max(1_000_000) });
export const roomImportResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });

export const reservationHistoryEntrySchema = z.object({
  at: isoDateTimeSchema,
  actor: z.string().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});

export const reservationGuestViewSchema = reservationGuestSchema.extend({ ageGroup: z.enum(AGE_GROUPS) });

export const reservationSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  enabled: z.boolean(),
  language: languageSchema,
  contact: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), mobile: z.string(), address: z.string() }),
  roomType: z.string(),
  arrivalDate: isoDateSchema,
  departureDate: isoDateSchema,
  mealPlan: z.enum(MEAL_PLANS),
  guests: z.array(reservationGuestViewSchema),
  remarks: z.string(),
  internalRemarks: z.string(),
  discount: stayDiscountSchema.nullable(),
  rooms: z.array(z.object({ number: z.string(), roomType: z.string(), capacity: z.number().int() })),
  price: stayPriceSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  history: z.array(reservationHistoryEntrySchema),
});
export type Reservation = z.infer<typeof reservationSchema>;

export const reservationSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  enabled: z.boolean(),
  contactName: z.string(),
  email: z.string(),
  roomType: z.string(),
  arrivalDate: isoDateSchema,
  departureDate: isoDateSchema,
  mealPlan: z.enum(MEAL_PLANS),
  guestCount: z.number().int(),
  guestNames: z.string(),
  rooms: z.array(z.string()),
  totalCents: z.number().int(),
  createdAt: isoDateTimeSchema,
});
export type ReservationSummary = z.infer<typeof reservationSummarySchema>;

export const reservationListQuerySchema = pageQuerySchema.extend({
  roomType: z.string().max(10).optional(),
  assigned: z.enum(['yes', 'no']).optional(),
  enabled: z.enum(['yes', 'no']).optional(),
});
export type ReservationListQuery = z.output<typeof reservationListQuerySchema>;

export const reservationListSchema = pageOf(reservationSummarySchema).extend({
  totals: z.object({ reservations: z.number().int(), guests: z.number().int(), totalCents: z.number().int() }),
});
export type ReservationList = z.infer<typeof reservationListSchema>;

/** A manager's edit: every field; `freeRooms` confirms that disabling releases the assigned rooms. */
export const updateReservationSchema = z.object({
  ...stayRequestSchema.shape,
  remarks: z.string().trim().max(2000),
  internalRemarks: z.string().trim().max(4000),
  discount: stayDiscountSchema.nullable(),
  enabled: z.boolean(),
  freeRooms: z.boolean().optional(),
});
export type UpdateReservationInput = z.input<typeof updateReservationSchema>;
export type UpdateReservation = z.output<typeof updateReservationSchema>;

export const lodgingFiguresSchema = z.object({
  reservationsByType: z.array(z.object({ roomType: z.string(), reservations: z.number().int(), guests: z.number().int() })),
  freeRoomsByType: z.array(z.object({ roomType: z.string(), free: z.number().int(), total: z.number().int() })),
  guestsPerNight: z.array(z.object({ date: isoDateSchema, guests: z.number().int() })),
});
export type LodgingFigures = z.infer<typeof lodgingFiguresSchema>;

export { lodgingPhaseAt, type LodgingPhase } from './lodging-phase.js';

/** What the wizard's form holds: the request without the run's identity, the dates as the optional extra nights. */
export function reservationWizardSchema(settings: EditionSettings) {
  return z
    .object({
      contact: reservationContactSchema,
      roomType: z.string().min(1, M.lodgingRequired),
      extraNightBefore: z.boolean(),
      extraNightAfter: z.boolean(),
      remarks: z.string().trim().max(2000, M.invalidValue),
      guests: z.array(reservationGuestSchema),
      mealPlan: z.string().min(1, M.mealsRequired),
    })
    .superRefine((values, ctx) => {
      const roomType = findRoomType(settings, values.roomType);
      if (!roomType) return;
      if (values.guests.length < roomType.minPersons || values.guests.length > roomType.maxPersons) {
        ctx.addIssue({ code: 'custom', path: ['guests'], message: LODGING_ERRORS.guestCount, params: { min: roomType.minPersons, max: roomType.maxPersons } });
      }
      if (values.mealPlan && !(mealPlansFor(settings, roomType) as string[]).includes(values.mealPlan)) {
        ctx.addIssue({ code: 'custom', path: ['mealPlan'], message: M.mealsRequired });
      }
    });
}
export type ReservationWizardValues = z.input<ReturnType<typeof reservationWizardSchema>>;

/** The wizard's answers as the request the server checks (dates from the edition plus the chosen extra nights). */
export function toMakeReservation(settings: EditionSettings, values: ReservationWizardValues, language: Language, submissionId: string): MakeReservationInput {
  const { arrivalDate, departureDate } = normalStayDates(settings);
  return {
    submissionId,
    language,
    contact: values.contact,
    roomType: values.roomType,
    arrivalDate: values.extraNightBefore ? addDays(arrivalDate, -1) : arrivalDate,
    departureDate: values.extraNightAfter ? addDays(departureDate, 1) : departureDate,
    guests: values.guests,
    mealPlan: values.mealPlan as MakeReservation['mealPlan'],
    remarks: values.remarks,
  };
}
