import { z } from 'zod';
import { int32Schema } from './input-rules.js';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { localizedTextSchema } from './text.js';
import { RETENTION_DEFAULTS, retentionSettingsSchema } from './retention.js';
import { OPTIONAL_CONSENTS_DEFAULT, optionalConsentsSchema } from './consents.js';

const cents = int32Schema.nonnegative();

export const AGE_GROUPS = ['adult', 'under18', 'under12', 'under3'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

export const MEAL_PLANS = ['none', 'breakfast', 'half', 'full'] as const;
export type MealPlan = (typeof MEAL_PLANS)[number];

export const categorySchema = z.object({
  /** U8 … U20 for players; ARB, ORG, GUEST, EAT for badges of non-players. */
  code: z.string().regex(/^[A-Z][A-Z0-9]{1,9}$/),
  kind: z.enum(['player', 'staff']),
  /** Players only: the youngest birth year… the oldest that may play in it (born in or after this year). */
  minBirthYear: z.number().int().min(1900).max(2100).optional(),
  /** Badge colour, CSS hex. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type Category = z.infer<typeof categorySchema>;

/** Validation messages the settings form words specifically (beside zod's own codes). */
export const SETTINGS_ISSUES = {
  duplicateCode: 'Duplicate code',
  yearOrder: 'Birth years in the wrong order',
  /** A prize table names a category the edition has no players in. */
  unknownCategory: 'Unknown category',
  /** A category's prize table gives one place two prizes. */
  duplicatePlace: 'Duplicate place',
  /** A category has two prize tables. */
  duplicatePrizes: 'Prizes twice for one category',
  /** A "best under-N" prize needs the birth year it starts at. */
  birthYearRequired: 'Birth year required',
} as const;

/**
 * A category of the adult Flemish championship (vk): eligibility by gender and birth year, all optional
 * (born in or after `minBirthYear`, in or before `maxBirthYear`).
 */
export const vkCategorySchema = z
  .object({
    code: z.string().regex(/^[A-Z][A-Z0-9]{1,9}$/),
    label: localizedTextSchema,
    gender: z.enum(['M', 'F']).optional(),
    minBirthYear: z.number().int().min(1900).max(2100).optional(),
    maxBirthYear: z.number().int().min(1900).max(2100).optional(),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  })
  .refine((c) => c.minBirthYear === undefined || c.maxBirthYear === undefined || c.minBirthYear <= c.maxBirthYear, {
    message: SETTINGS_ISSUES.yearOrder,
    path: ['maxBirthYear'],
  });
export type VkCategory = z.infer<typeof vkCategorySchema>;

export const roomTypeSchema = z
  .object({
    code: z.string().regex(/^[A-Z][A-Z0-9]{0,9}$/),
    label: localizedTextSchema,
    minPersons: z.number().int().min(1).max(20),
    maxPersons: z.number().int().min(1).max(20),
    pricePerNightCents: cents,
    cleaningFeeCents: cents,
    breakfastIncluded: z.boolean(),
    /** Hotel rooms offer breakfast or half board; other units none or half board. */
    hotel: z.boolean(),
    /** Offered in this edition's reservation wizard. */
    available: z.boolean(),
  })
  .refine((t) => t.minPersons <= t.maxPersons, { message: 'Invalid value', path: ['maxPersons'] });
export type RoomType = z.infer<typeof roomTypeSchema>;

export const mealPriceSchema = z.object({
  ageGroup: z.enum(AGE_GROUPS),
  breakfastCents: cents,
  halfCents: cents,
  dinnerCents: cents,
  fullCents: cents.optional(),
});
export type MealPrice = z.infer<typeof mealPriceSchema>;

export const EDITION_EVENT_KINDS = ['arrival', 'ceremony', 'round', 'meal', 'departure', 'other'] as const;
export type EditionEventKind = (typeof EDITION_EVENT_KINDS)[number];

/**
 * One item of the programme (a round, a ceremony, a meal, arrival or departure). The programme is part
 * of the edition settings rather than a content table: it changes every year with the dates, is
 * seeded from the same file, and other areas (badges, meal counts, results) read it from one place.
 */
export const editionEventSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,60}$/),
  kind: z.enum(EDITION_EVENT_KINDS),
  /** Player categories it concerns; empty means everyone. */
  categories: z.array(z.string()),
  start: isoDateTimeSchema,
  end: isoDateTimeSchema.optional(),
  title: localizedTextSchema,
  location: z.string().optional(),
});
export type EditionEvent = z.infer<typeof editionEventSchema>;

// Without the schemas (the results page reads it, not the edition's zod schemas): its own module.
export { roundStartOf } from './round-start.js';

/** A prize for a place in a category's final standings. */
export const placePrizeSchema = z.object({ place: z.number().int().min(1).max(200), amountCents: cents });
/**
 * A special prize: the best-ranked girl, or the best-ranked player born in or after `minBirthYear` (best
 * under-N). It goes to that player on top of any place prize.
 */
export const specialPrizeSchema = z
  .object({
    kind: z.enum(['girl', 'youngest']),
    minBirthYear: z.number().int().min(1900).max(2100).optional(),
    label: localizedTextSchema,
    amountCents: cents,
  })
  .refine((p) => p.kind !== 'youngest' || p.minBirthYear !== undefined, { message: SETTINGS_ISSUES.birthYearRequired, path: ['minBirthYear'] });
export type SpecialPrize = z.infer<typeof specialPrizeSchema>;
export const categoryPrizesSchema = z
  .object({
    /** A player category of the edition (youth or vk), each at most once in the table. */
    category: z.string().regex(/^[A-Z][A-Z0-9]{1,9}$/),
    places: z.array(placePrizeSchema).max(200),
    special: z.array(specialPrizeSchema).max(20),
  })
  .superRefine((prizes, ctx) => {
    const seen = new Set<number>();
    prizes.places.forEach((prize, index) => {
      if (seen.has(prize.place)) ctx.addIssue({ code: 'custom', message: SETTINGS_ISSUES.duplicatePlace, path: ['places', index, 'place'] });
      seen.add(prize.place);
    });
  });
export type CategoryPrizes = z.infer<typeof categoryPrizesSchema>;

/** Edition settings: which rounds take absence requests, until when, and where a half-point bye may be asked. */
export const familyAbsenceSettingsSchema = z.object({
  rounds: z.array(z.object({ round: z.number().int().min(1).max(30), deadline: isoDateTimeSchema, halfPointBye: z.boolean() })).max(30),
  /** How many half-point byes one player may ask over the championship. */
  maxHalfPointByes: z.number().int().min(0).max(30),
});
export type FamilyAbsenceSettings = z.infer<typeof familyAbsenceSettingsSchema>;

/**
 * Everything that changes from one championship to the next (DOMAIN.md §1). Stored in the database,
 * seeded from `apps/server/seed/demo-edition.json`, edited by admins. Never a literal in code.
 */
export const editionSettingsSchema = z
  .object({
    code: z.string().regex(/^[a-z0-9-]{3,40}$/),
    year: z.number().int().min(2000).max(2100),
    name: localizedTextSchema,
    shortName: localizedTextSchema,
    timeZone: z.string().min(1),
    venue: z.object({ name: z.string().min(1), address: z.string().min(1) }),
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    enrolment: z.object({ opensAt: isoDateTimeSchema, lateFrom: isoDateTimeSchema, closesAt: isoDateTimeSchema }),
    lodging: z.object({
      opensAt: isoDateTimeSchema,
      closesAt: isoDateTimeSchema,
      extraNightBefore: z.boolean(),
      extraNightAfter: z.boolean(),
    }),
    fees: z.object({
      enrolmentCents: cents,
      lateFeeCents: cents,
      vk: z.object({
        feeCents: cents,
        reducedFeeCents: cents,
        reducedTitles: z.array(z.string()),
        freeTitles: z.array(z.string()),
      }),
    }),
    categories: z.array(categorySchema).min(1),
    /** The second championship kind (vk) shares the enrolment window; absent when an edition does not run it. */
    vk: z.object({ categories: z.array(vkCategorySchema).min(1) }).optional(),
    roomTypes: z.array(roomTypeSchema),
    meals: z.object({
      plans: z.array(z.enum(MEAL_PLANS)).min(1),
      prices: z.array(mealPriceSchema),
      /** Age groups are measured on the tournament start date; thresholds in years. */
      ageLimits: z.object({ under3: z.number().int().min(0).max(120), under12: z.number().int().min(0).max(120), under18: z.number().int().min(0).max(120) }),
    }),
    touristTaxCents: cents,
    dhMinorDiscountCents: cents,
    /** Room types (codes) where a room of exactly two persons with at least one minor gets the discount per night. */
    dhMinorDiscountRoomTypes: z.array(z.string()).optional(),
    chargeCleaningFee: z.boolean(),
    organiser: z.object({
      name: z.string().min(1),
      address: z.string().min(1),
      email: z.email(),
      phone: z.string().optional(),
      vatNumber: z.string().min(1),
      website: z.string().optional(),
    }),
    bank: z.object({ iban: z.string().min(15), bic: z.string().min(8), holder: z.string().min(1) }),
    paymentTerms: z.object({ stayDays: z.number().int().min(0).max(3650), enrolmentDays: z.number().int().min(0).max(3650) }),
    /**
     * Whether confirming an enrolment at once makes the participant's payment request and mails its payment
     * instructions (the wizard's done page shows them); off, organisers create and send requests by hand.
     */
    paymentRequestOnConfirmation: z.boolean().default(true),
    /** VAT percentage an invoice applies per line kind (lodging, meals, tourist tax, fees, anything else). */
    vatRates: z.object({
      lodging: z.number().min(0).max(100),
      meals: z.number().min(0).max(100),
      touristTax: z.number().min(0).max(100),
      fee: z.number().min(0).max(100),
      other: z.number().min(0).max(100),
    }),
    /** The prize table per category (vouchers are printed from the final standings); `validUntil` is printed on them. */
    prizes: z.object({ validUntil: isoDateSchema, categories: z.array(categoryPrizesSchema) }).optional(),
    /** Colours of the meals label on badges (HB half board, BO breakfast only); grey when absent. */
    mealLabelColors: z.object({ HB: z.string().regex(/^#[0-9a-fA-F]{6}$/), BO: z.string().regex(/^#[0-9a-fA-F]{6}$/) }).optional(),
    /** The programme shown on /schedule and in the iCalendar feed. */
    events: z.array(editionEventSchema).optional(),
    /** Absence and bye requests on the family page (DOMAIN.md §7c); absent: families cannot announce absences. */
    familyAbsences: familyAbsenceSettingsSchema.optional(),
    /** How long personal data and accounting records are kept after the edition (decision 0016). */
    retention: retentionSettingsSchema.default(RETENTION_DEFAULTS),
    /** Which consent purposes a family may refuse (decision 0020); a purpose that is not optional is a condition of taking part. */
    optionalConsents: optionalConsentsSchema.default(OPTIONAL_CONSENTS_DEFAULT),
  })
  .superRefine((s, ctx) => {
    // A registration names its category by code: two categories with one code would be ambiguous.
    for (const [list, path] of [
      [s.categories, 'categories'],
      [s.vk?.categories ?? [], 'vk.categories'],
    ] as const) {
      const seen = new Set<string>();
      list.forEach((category, index) => {
        if (seen.has(category.code)) {
          ctx.addIssue({ code: 'custom', message: SETTINGS_ISSUES.duplicateCode, path: [...path.split('.'), index, 'code'] });
        }
        seen.add(category.code);
      });
    }
    // The prize table: one entry per player category of the edition (vouchers are printed per category).
    const players = new Set([...s.categories.filter((c) => c.kind === 'player'), ...(s.vk?.categories ?? [])].map((c) => c.code));
    const prized = new Set<string>();
    s.prizes?.categories.forEach((prizes, index) => {
      const path = ['prizes', 'categories', index, 'category'];
      if (!players.has(prizes.category)) ctx.addIssue({ code: 'custom', message: SETTINGS_ISSUES.unknownCategory, path });
      else if (prized.has(prizes.category)) ctx.addIssue({ code: 'custom', message: SETTINGS_ISSUES.duplicatePrizes, path });
      prized.add(prizes.category);
    });
  })
  .refine((s) => s.startDate <= s.endDate, { message: 'Invalid value', path: ['endDate'] })
  .refine((s) => s.enrolment.opensAt <= s.enrolment.closesAt, { message: 'Invalid value', path: ['enrolment', 'closesAt'] })
  .refine((s) => s.lodging.opensAt <= s.lodging.closesAt, { message: 'Invalid value', path: ['lodging', 'closesAt'] });
export type EditionSettings = z.infer<typeof editionSettingsSchema>;

/** What the public site reads (`GET /api/v1/stay/common`): the settings carry no secrets, only published facts. */
export const publicEditionSchema = z.object({
  settings: editionSettingsSchema,
  updatedAt: isoDateTimeSchema,
});
export type PublicEdition = z.infer<typeof publicEditionSchema>;

export function findCategory(settings: EditionSettings, code: string): Category | undefined {
  return settings.categories.find((c) => c.code === code);
}

/** Player categories a player born in `birthYear` may play in, youngest first (the default is the first). */
export function eligibleCategories(settings: EditionSettings, birthYear: number): Category[] {
  return settings.categories
    .filter((c) => c.kind === 'player' && c.minBirthYear !== undefined && birthYear >= c.minBirthYear)
    .sort((a, b) => (b.minBirthYear ?? 0) - (a.minBirthYear ?? 0));
}

/** Youth player: born in or after the oldest youth category's year (U20). */
export function isYouthPlayer(settings: EditionSettings, birthYear: number): boolean {
  return eligibleCategories(settings, birthYear).length > 0;
}

/** Adult: born before the U18 year (DOMAIN.md §1). */
export function isAdultPlayer(settings: EditionSettings, birthYear: number): boolean {
  const u18 = findCategory(settings, 'U18')?.minBirthYear;
  return u18 !== undefined && birthYear < u18;
}

/**
 * An admin saves the settings: the whole document, validated like the seed, with the `updatedAt` it was
 * read at, so a save over someone else's newer change is refused instead of silently undoing it.
 */
export const editionSettingsUpdateSchema = z.object({
  settings: editionSettingsSchema,
  updatedAt: isoDateTimeSchema,
});
export type EditionSettingsUpdate = z.infer<typeof editionSettingsUpdateSchema>;

export const EDITION_ERRORS = {
  notConfigured: 'edition.not_configured',
  invalidSettings: 'edition.invalid_settings',
  changedMeanwhile: 'edition.changed_meanwhile',
  codeFixed: 'edition.code_fixed',
} as const;
