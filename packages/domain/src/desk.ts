import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { idSchema, INT32_MAX } from './input-rules.js';
import { MEAL_KINDS, type GuestMealDay, type MealKind } from './lodging-pricing.js';
import { MEAL_PLANS, type MealPlan } from './edition.js';
import { badgeHolderTypeSchema, type BadgeHolderType } from './print.js';

/**
 * The venue's desk (DOMAIN.md §7c): arrival, meals and departures recorded by scanning the badge's QR code on a
 * phone that keeps working without a network. Every scan is an event whose id the phone makes, so the server takes
 * it once however often it is sent; which of two scans of one thing counts is decided by {@link judgeDeskEvents},
 * the same rule on the server and on a phone that is offline.
 */

export const DESK_ERRORS = {
  unknownBadge: 'desk.unknown_badge',
  otherEdition: 'desk.other_edition',
  unreadableFile: 'desk.unreadable_file',
  tooManyRows: 'desk.too_many_rows',
  importChanged: 'desk.import_changed',
} as const;

// Badges ------------------------------------------------------------------------------------------------------

/**
 * What a badge's QR code says: `<edition code>:P<participant id>` for players, `:A<attendee id>` for the others
 * (modules/print: `badgeIdOf`).
 */
export const BADGE_ID_PATTERN = /^([a-z0-9-]{3,40}):([PA])([1-9]\d{0,9})$/;
export const badgeIdSchema = z.string().regex(BADGE_ID_PATTERN, 'Invalid value');

export type BadgeRef = { editionCode: string; holder: BadgeHolderType; id: number };

/** Reads a scanned text as a badge id (surrounding spaces, as some scanners add, are ignored), or null. */
export function parseBadgeId(text: string): BadgeRef | null {
  const match = BADGE_ID_PATTERN.exec(text.trim());
  if (!match) return null;
  const id = Number(match[3]);
  if (id > 2_147_483_647) return null;
  return { editionCode: match[1]!, holder: match[2] === 'P' ? 'participant' : 'attendee', id };
}

export function formatBadgeId(ref: BadgeRef): string {
  return `${ref.editionCode}:${ref.holder === 'participant' ? 'P' : 'A'}${ref.id}`;
}

// People and their bookings -------------------------------------------------------------------------------------

/**
 * How a name is compared between a badge and a reservation's guest list (they are typed by different people):
 * case, accents, hyphens and repeated spaces do not count.
 */
export function nameKeyOf(firstName: string, lastName: string): string {
  const clean = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Turkish dotless ı has no accent to drop: "YILDIRIM" typed in capitals is "Yıldırım".
      .replace(/ı/g, 'i')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return `${clean(firstName)}|${clean(lastName)}`;
}

/** The meals label a badge shows for a meal plan (DOMAIN.md §4): HB for half (and full) board, BO for breakfast only. */
export function mealsLabelOf(plan: MealPlan | null): 'HB' | 'BO' | null {
  if (plan === 'half' || plan === 'full') return 'HB';
  if (plan === 'breakfast') return 'BO';
  return null;
}

/** What matching needs of a stay: its guests' names and birth dates. */
export type StayWithGuests = { guests: readonly { firstName: string; lastName: string; birthDate: string }[] };

/**
 * The stay a badge holder sleeps in, found by name in the reservations' guest lists (a reservation names its guests,
 * not their badges). A player, whose birth year is known, needs a guest of that name born that year (a father and a
 * son of one name are two people); an attendee needs a name that only one stay has. Stays are tried in the order given.
 */
export function findStayOf<S extends StayWithGuests>(
  person: { firstName: string; lastName: string; birthYear: number | null },
  stays: readonly S[],
  index?: Map<string, S[]>,
): S | undefined {
  const key = nameKeyOf(person.firstName, person.lastName);
  const byName = (index ?? indexStaysByGuestName(stays)).get(key) ?? [];
  if (person.birthYear !== null) {
    const year = String(person.birthYear);
    return byName.find((stay) => stay.guests.some((g) => nameKeyOf(g.firstName, g.lastName) === key && g.birthDate.startsWith(year)));
  }
  return byName.length === 1 ? byName[0] : undefined;
}

/** Stays by their guests' name keys, for matching many people at once ({@link findStayOf}). */
export function indexStaysByGuestName<S extends StayWithGuests>(stays: readonly S[]): Map<string, S[]> {
  const index = new Map<string, S[]>();
  for (const stay of stays) {
    for (const key of new Set(stay.guests.map((g) => nameKeyOf(g.firstName, g.lastName)))) {
      const list = index.get(key);
      if (list) list.push(stay);
      else index.set(key, [stay]);
    }
  }
  return index;
}

export const mealKindSchema = z.enum(MEAL_KINDS as [MealKind, ...MealKind[]]);
export const mealSlotSchema = z.object({ date: isoDateSchema, meal: mealKindSchema });
export type MealSlot = z.infer<typeof mealSlotSchema>;

export const guestMealDaySchema = z.object({ date: isoDateSchema, meals: z.array(mealKindSchema) });

/** Whether a person's booked meals include one meal of one day. */
export function hasMealBooked(meals: readonly GuestMealDay[], slot: MealSlot): boolean {
  return meals.some((day) => day.date === slot.date && day.meals.includes(slot.meal));
}

export const PAYMENT_STANDINGS = ['paid', 'partially_paid', 'open', 'none'] as const;
/** The person's payment request as the desk sees it: `none` when no request was made. */
export const paymentStandingSchema = z.enum(PAYMENT_STANDINGS);
export type PaymentStanding = z.infer<typeof paymentStandingSchema>;

export const rosterLodgingSchema = z.object({
  reservationNumber: z.string(),
  rooms: z.array(z.string()),
  roomType: z.string(),
  arrivalDate: isoDateSchema,
  departureDate: isoDateSchema,
  nights: z.number().int(),
  mealPlan: z.enum(MEAL_PLANS),
  payment: paymentStandingSchema,
});
export type RosterLodging = z.infer<typeof rosterLodgingSchema>;

/** One person of the day's roster: what the desk's card shows, kept on the phone for the day. */
export const rosterPersonSchema = z.object({
  badgeId: z.string(),
  holder: badgeHolderTypeSchema,
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  category: z.string(),
  categoryColor: z.string(),
  enabled: z.boolean(),
  /** A small JPEG as a data address (the photo of the badge), null without one. */
  thumbnail: z.string().nullable(),
  /** The enrolment fee's request (players); `none` for attendees and players without one. */
  payment: paymentStandingSchema,
  lodging: rosterLodgingSchema.nullable(),
  /** The meals booked, day by day (from the stay, or for attendees without one from their badge's meals label). */
  meals: z.array(guestMealDaySchema),
  mealsLabel: z.enum(['HB', 'BO']).nullable(),
});
export type RosterPerson = z.infer<typeof rosterPersonSchema>;

// Events ----------------------------------------------------------------------------------------------------------

export const DESK_MODES = ['arrival', 'meal', 'departure'] as const;
export const deskModeSchema = z.enum(DESK_MODES);
export type DeskMode = z.infer<typeof deskModeSchema>;

const deskName = z.string().trim().min(1).max(40);

/** One scan as the phone sends it; `id` is made on the phone and makes a resend harmless. */
export const deskEventInputSchema = z.discriminatedUnion('mode', [
  z.object({
    id: z.uuid(),
    badgeId: badgeIdSchema,
    mode: z.literal('arrival'),
    scannedAt: isoDateTimeSchema,
    desk: deskName,
  }),
  z.object({
    id: z.uuid(),
    badgeId: badgeIdSchema,
    mode: z.literal('departure'),
    scannedAt: isoDateTimeSchema,
    desk: deskName,
  }),
  z.object({
    id: z.uuid(),
    badgeId: badgeIdSchema,
    mode: z.literal('meal'),
    meal: mealSlotSchema,
    scannedAt: isoDateTimeSchema,
    desk: deskName,
  }),
]);
export type DeskEventInput = z.infer<typeof deskEventInputSchema>;

/** The most events one request sends (a phone's queue is sent in batches of this size). */
export const DESK_BATCH_MAX = 200;
export const deskEventBatchSchema = z.object({ events: z.array(deskEventInputSchema).min(1).max(DESK_BATCH_MAX) });
export type DeskEventBatch = z.infer<typeof deskEventBatchSchema>;

/** An event as recorded: `seq` orders arrivals at the server (phones ask for what came after the last they saw). */
export const deskEventSchema = z.object({
  id: z.uuid(),
  seq: z.number().int(),
  badgeId: z.string(),
  holder: badgeHolderTypeSchema,
  personId: z.number().int(),
  mode: deskModeSchema,
  meal: mealSlotSchema.nullable(),
  scannedAt: isoDateTimeSchema,
  receivedAt: isoDateTimeSchema,
  desk: z.string(),
});
export type DeskEvent = z.infer<typeof deskEventSchema>;

/** An event with the verdict of {@link judgeDeskEvents}: the first of its kind counts, later ones repeat it. */
export const judgedDeskEventSchema = deskEventSchema.extend({
  status: z.enum(['counted', 'repeat']),
  /** For a repeat: the event that counts (when and at which desk). */
  first: z.object({ id: z.uuid(), scannedAt: isoDateTimeSchema, desk: z.string() }).nullable(),
});
export type JudgedDeskEvent = z.infer<typeof judgedDeskEventSchema>;

/** What became of a batch: every recorded scan judged; those refused (a badge nobody of this edition wears) with their code. */
export const deskEventBatchResultSchema = z.object({
  events: z.array(judgedDeskEventSchema),
  rejected: z.array(z.object({ id: z.uuid(), code: z.string() })),
  /** The newest scan's `seq` once these were recorded. */
  last: z.number().int(),
});
export type DeskEventBatchResult = z.infer<typeof deskEventBatchResultSchema>;
// A sequence number within PostgreSQL integer: a championship records thousands of scans, not 2³¹.
export const deskEventsQuerySchema = z.object({ after: z.coerce.number().int().min(0).max(INT32_MAX).default(0) });
export const deskEventsPageSchema = z.object({ events: z.array(deskEventSchema), last: z.number().int() });
export type DeskEventsPage = z.infer<typeof deskEventsPageSchema>;

/**
 * What makes two scans "the same thing": a person arrives once and leaves once per edition, and eats a given meal of
 * a given day once.
 */
export function deskEventKey(event: Pick<DeskEvent, 'badgeId' | 'mode' | 'meal'>): string {
  return event.mode === 'meal' && event.meal ? `meal|${event.badgeId}|${event.meal.date}|${event.meal.meal}` : `${event.mode}|${event.badgeId}`;
}

/**
 * Which scan counts when several record the same thing (two desks offline on one badge): the one scanned first by
 * the phones' clocks, then the one that reached the server first, then by id — an order every phone and the server
 * compute alike from the same events, whatever order they arrived in.
 */
export function judgeDeskEvents<E extends Pick<DeskEvent, 'id' | 'badgeId' | 'mode' | 'meal' | 'scannedAt' | 'desk'> & { seq?: number }>(
  events: readonly E[],
): Map<string, { status: 'counted' | 'repeat'; first: { id: string; scannedAt: string; desk: string } | null }> {
  const groups = new Map<string, E[]>();
  for (const event of events) {
    const key = deskEventKey(event);
    const group = groups.get(key);
    if (group) group.push(event);
    else groups.set(key, [event]);
  }
  const verdicts = new Map<string, { status: 'counted' | 'repeat'; first: { id: string; scannedAt: string; desk: string } | null }>();
  for (const group of groups.values()) {
    group.sort(
      (a, b) =>
        Date.parse(a.scannedAt) - Date.parse(b.scannedAt) ||
        (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    const first = group[0]!;
    verdicts.set(first.id, { status: 'counted', first: null });
    for (const later of group.slice(1)) verdicts.set(later.id, { status: 'repeat', first: { id: first.id, scannedAt: first.scannedAt, desk: first.desk } });
  }
  return verdicts;
}

// The roster ------------------------------------------------------------------------------------------------------

export const deskRosterSchema = z.object({
  editionCode: z.string(),
  /** The day the roster is for, in the edition's time zone. */
  date: isoDateSchema,
  timeZone: z.string(),
  loadedAt: isoDateTimeSchema,
  /** The end of that day: the phone wipes the roster then (and at sign-out). */
  validUntil: isoDateTimeSchema,
  /** The edition's days with the meals served on each (the meal picker). */
  mealDays: z.array(guestMealDaySchema),
  people: z.array(rosterPersonSchema),
  /** Arrivals and departures of the edition and today's meals, so an offline phone knows who came already. */
  events: z.array(deskEventSchema),
  last: z.number().int(),
});
export type DeskRoster = z.infer<typeof deskRosterSchema>;

/** A desk's sign-in made to last the day it works offline. */
export const deskSessionSchema = z.object({ expiresAt: isoDateTimeSchema });

// Departures (the arbiters' view) ---------------------------------------------------------------------------------

export const deskDepartureSchema = z.object({
  eventId: z.uuid(),
  badgeId: z.string(),
  holder: badgeHolderTypeSchema,
  personId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  category: z.string(),
  scannedAt: isoDateTimeSchema,
  desk: z.string(),
});
export type DeskDeparture = z.infer<typeof deskDepartureSchema>;
export const deskDeparturesSchema = z.object({ items: z.array(deskDepartureSchema) });

export const deskPersonParamsSchema = z.object({ holder: badgeHolderTypeSchema, id: idSchema });
