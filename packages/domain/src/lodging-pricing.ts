/**
 * The price of a stay and its meal schedule (DOMAIN.md §2): pure functions over the edition settings, shared
 * by the server (reservations, payment requests, e-mails, kitchen list) and the web (the wizard's estimate).
 * Free of zod at run time. Money in integer cents, nights counted on real calendar dates.
 */
import { addDays, ageOn, daysBetween } from './dates.js';
import type { AgeGroup, EditionSettings, MealPlan, RoomType } from './edition.js';
import type { Language } from './languages.js';

export type StayGuestInput = { firstName: string; lastName: string; birthDate: string };

/** A manager's reduction on the whole stay: a fixed amount or a percentage of the cost without discount. */
export type StayDiscount = { kind: 'amount'; amountCents: number } | { kind: 'percent'; percent: number };

export type StayInput = {
  roomType: string;
  arrivalDate: string;
  departureDate: string;
  mealPlan: MealPlan;
  guests: StayGuestInput[];
  discount?: StayDiscount | null;
};

export type StayPriceLine =
  | { kind: 'room'; roomType: string; quantity: number; unitCents: number; minorDiscountCents: number; totalCents: number }
  | { kind: 'meals'; guestName: string; ageGroup: AgeGroup; mealPlan: MealPlan; quantity: number; unitCents: number; totalCents: number }
  | { kind: 'touristTax'; quantity: number; unitCents: number; totalCents: number }
  | { kind: 'cleaning'; roomType: string; quantity: 1; unitCents: number; totalCents: number }
  | { kind: 'withoutDiscount'; quantity: 1; unitCents: number; totalCents: number }
  | { kind: 'discount'; percent?: number; quantity: 1; unitCents: number; totalCents: number };

export type StayPrice = {
  nights: number;
  lines: StayPriceLine[];
  /** What the family pays; the `withoutDiscount` line is informative and not part of the sum. */
  totalCents: number;
};

export class StayPricingError extends Error {
  constructor(
    readonly reason: 'unknown_room_type' | 'invalid_dates' | 'meal_plan_not_offered' | 'no_meal_price',
    message: string,
  ) {
    super(message);
    this.name = 'StayPricingError';
  }
}

/** Age group of a guest, measured on the tournament start date (DOMAIN.md §1). */
export function ageGroupOf(settings: EditionSettings, birthDate: string): AgeGroup {
  const age = ageOn(birthDate, settings.startDate);
  const limits = settings.meals.ageLimits;
  if (age < limits.under3) return 'under3';
  if (age < limits.under12) return 'under12';
  if (age < limits.under18) return 'under18';
  return 'adult';
}

export function isMinor(settings: EditionSettings, birthDate: string): boolean {
  return ageGroupOf(settings, birthDate) !== 'adult';
}

export function findRoomType(settings: EditionSettings, code: string): RoomType | undefined {
  return settings.roomTypes.find((t) => t.code === code);
}

/** Room types the public wizard offers. */
export function offeredRoomTypes(settings: EditionSettings): RoomType[] {
  return settings.roomTypes.filter((t) => t.available);
}

/** Hotel rooms: breakfast or half board; other units: none or half board; full board wherever the edition offers it. */
export function mealPlansFor(settings: EditionSettings, roomType: RoomType): MealPlan[] {
  const allowed: MealPlan[] = roomType.hotel ? ['breakfast', 'half', 'full'] : ['none', 'half', 'full'];
  return allowed.filter((plan) => settings.meals.plans.includes(plan));
}

/** The normal stay: the night before the first round… the last day; the wizard adds the optional extra nights. */
export function normalStayDates(settings: EditionSettings): { arrivalDate: string; departureDate: string } {
  return { arrivalDate: settings.startDate, departureDate: settings.endDate };
}

/** The widest stay the public may book: one extra night before and/or after when the edition allows it. */
export function allowedStayWindow(settings: EditionSettings): { earliestArrival: string; latestDeparture: string } {
  return {
    earliestArrival: settings.lodging.extraNightBefore ? addDays(settings.startDate, -1) : settings.startDate,
    latestDeparture: settings.lodging.extraNightAfter ? addDays(settings.endDate, 1) : settings.endDate,
  };
}

export function nightsOf(arrivalDate: string, departureDate: string): number {
  return daysBetween(arrivalDate, departureDate);
}

/** Price per person per night of a meal plan for an age group; 0 for breakfast already in a hotel room's price. */
export function mealPricePerDay(settings: EditionSettings, roomType: RoomType, plan: MealPlan, ageGroup: AgeGroup): number {
  if (plan === 'none') return 0;
  if (plan === 'breakfast' && roomType.breakfastIncluded) return 0;
  const price = settings.meals.prices.find((p) => p.ageGroup === ageGroup);
  if (!price) throw new StayPricingError('no_meal_price', `No meal price for age group ${ageGroup}`);
  if (plan === 'breakfast') return price.breakfastCents;
  if (plan === 'half') return price.halfCents;
  if (price.fullCents === undefined) throw new StayPricingError('no_meal_price', 'Full board has no price in this edition');
  return price.fullCents;
}

/** The DH-with-minor rule: a room of an eligible type holding exactly two persons, at least one of them a minor. */
export function minorDiscountApplies(settings: EditionSettings, roomType: string, guests: readonly StayGuestInput[]): boolean {
  if (!(settings.dhMinorDiscountRoomTypes ?? []).includes(roomType)) return false;
  return guests.length === 2 && guests.some((g) => isMinor(settings, g.birthDate));
}

function guestName(guest: StayGuestInput): string {
  return `${guest.firstName} ${guest.lastName}`.trim();
}

/**
 * The price of one room's stay, lines in DOMAIN.md §2's order: room, meals per guest, tourist tax, cleaning
 * fee, then the manager's discount ("cost without discount" and the negative discount) when there is one.
 */
export function priceStay(settings: EditionSettings, stay: StayInput): StayPrice {
  const roomType = findRoomType(settings, stay.roomType);
  if (!roomType) throw new StayPricingError('unknown_room_type', `Unknown room type ${stay.roomType}`);
  const nights = nightsOf(stay.arrivalDate, stay.departureDate);
  if (!Number.isInteger(nights) || nights < 1) throw new StayPricingError('invalid_dates', 'Departure must be after arrival');
  if (stay.mealPlan !== 'none' && !settings.meals.plans.includes(stay.mealPlan)) {
    throw new StayPricingError('meal_plan_not_offered', `Meal plan ${stay.mealPlan} is not offered`);
  }

  const lines: StayPriceLine[] = [];
  const minorDiscountCents = minorDiscountApplies(settings, roomType.code, stay.guests) ? settings.dhMinorDiscountCents : 0;
  const roomUnit = Math.max(0, roomType.pricePerNightCents - minorDiscountCents);
  lines.push({ kind: 'room', roomType: roomType.code, quantity: nights, unitCents: roomUnit, minorDiscountCents, totalCents: nights * roomUnit });

  if (stay.mealPlan !== 'none' && !(stay.mealPlan === 'breakfast' && roomType.breakfastIncluded)) {
    for (const guest of stay.guests) {
      const ageGroup = ageGroupOf(settings, guest.birthDate);
      const unit = mealPricePerDay(settings, roomType, stay.mealPlan, ageGroup);
      lines.push({
        kind: 'meals',
        guestName: guestName(guest),
        ageGroup,
        mealPlan: stay.mealPlan,
        quantity: nights,
        unitCents: unit,
        totalCents: nights * unit,
      });
    }
  }

  const taxQuantity = nights * stay.guests.length;
  lines.push({ kind: 'touristTax', quantity: taxQuantity, unitCents: settings.touristTaxCents, totalCents: taxQuantity * settings.touristTaxCents });

  if (settings.chargeCleaningFee && !roomType.hotel && roomType.cleaningFeeCents > 0) {
    lines.push({ kind: 'cleaning', roomType: roomType.code, quantity: 1, unitCents: roomType.cleaningFeeCents, totalCents: roomType.cleaningFeeCents });
  }

  const withoutDiscount = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const discountCents = discountOf(withoutDiscount, stay.discount);
  if (discountCents > 0) {
    lines.push({ kind: 'withoutDiscount', quantity: 1, unitCents: withoutDiscount, totalCents: withoutDiscount });
    const percent = stay.discount?.kind === 'percent' ? stay.discount.percent : undefined;
    lines.push({ kind: 'discount', ...(percent !== undefined ? { percent } : {}), quantity: 1, unitCents: -discountCents, totalCents: -discountCents });
  }
  return { nights, lines, totalCents: withoutDiscount - discountCents };
}

/** The reduction in cents, never more than the cost itself; percentages round to the nearest cent. */
function discountOf(withoutDiscount: number, discount: StayDiscount | null | undefined): number {
  if (!discount) return 0;
  const raw = discount.kind === 'amount' ? discount.amountCents : Math.round((withoutDiscount * discount.percent) / 100);
  return Math.min(Math.max(0, raw), withoutDiscount);
}

// ---------------------------------------------------------------------------------------------------------
// Meal schedule

export type MealKind = 'breakfast' | 'lunch' | 'dinner';
export const MEAL_KINDS: readonly MealKind[] = ['breakfast', 'lunch', 'dinner'];

export type GuestMealDay = { date: string; meals: MealKind[] };

/**
 * Which meals one guest gets on each day: dinner on the arrival day, breakfast (+ lunch for full board) + dinner
 * on each day in between, breakfast on the departure day. Breakfast only: breakfast on every morning after a night.
 */
export function mealScheduleOf(plan: MealPlan, arrivalDate: string, departureDate: string): GuestMealDay[] {
  if (plan === 'none') return [];
  const nights = nightsOf(arrivalDate, departureDate);
  const days: GuestMealDay[] = [];
  for (let i = 0; i <= nights; i++) {
    const date = addDays(arrivalDate, i);
    const first = i === 0;
    const last = i === nights;
    const meals: MealKind[] = [];
    if (!first) meals.push('breakfast');
    if (plan === 'full' && !first && !last) meals.push('lunch');
    if ((plan === 'half' || plan === 'full') && !last) meals.push('dinner');
    if (meals.length > 0) days.push({ date, meals });
  }
  return days;
}

export type MealCountRow = { date: string; meal: MealKind; counts: Record<AgeGroup, number>; total: number };

export type MealCountStay = { arrivalDate: string; departureDate: string; mealPlan: MealPlan; guests: { birthDate: string }[] };

/** The kitchen list: for each day and meal, how many guests of each age group eat (DOMAIN.md §2). */
export function countMealsPerDay(settings: EditionSettings, stays: readonly MealCountStay[]): MealCountRow[] {
  const rows = new Map<string, MealCountRow>();
  for (const stay of stays) {
    const schedule = mealScheduleOf(stay.mealPlan, stay.arrivalDate, stay.departureDate);
    for (const guest of stay.guests) {
      const group = ageGroupOf(settings, guest.birthDate);
      for (const day of schedule) {
        for (const meal of day.meals) {
          const key = `${day.date} ${MEAL_KINDS.indexOf(meal)}`;
          let row = rows.get(key);
          if (!row) {
            row = { date: day.date, meal, counts: { adult: 0, under18: 0, under12: 0, under3: 0 }, total: 0 };
            rows.set(key, row);
          }
          row.counts[group] += 1;
          row.total += 1;
        }
      }
    }
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

// ---------------------------------------------------------------------------------------------------------
// Line descriptions, for payment requests and e-mails rendered on the server in the payer's language

const LINE_TEXT: Record<Language, Record<'room' | 'meals' | 'touristTax' | 'cleaning' | 'withoutDiscount' | 'discount' | 'minorDiscount', string>> = {
  nl: {
    room: 'Verblijf',
    meals: 'Maaltijden',
    touristTax: 'Toeristenbelasting',
    cleaning: 'Eindschoonmaak',
    withoutDiscount: 'Kosten zonder korting',
    discount: 'Korting',
    minorDiscount: 'korting minderjarige',
  },
  fr: {
    room: 'Séjour',
    meals: 'Repas',
    touristTax: 'Taxe de séjour',
    cleaning: 'Nettoyage final',
    withoutDiscount: 'Coût sans réduction',
    discount: 'Réduction',
    minorDiscount: 'réduction mineur',
  },
  de: {
    room: 'Aufenthalt',
    meals: 'Mahlzeiten',
    touristTax: 'Kurtaxe',
    cleaning: 'Endreinigung',
    withoutDiscount: 'Kosten ohne Rabatt',
    discount: 'Rabatt',
    minorDiscount: 'Rabatt Minderjährige',
  },
  en: {
    room: 'Stay',
    meals: 'Meals',
    touristTax: 'Tourist tax',
    cleaning: 'Final cleaning',
    withoutDiscount: 'Cost without discount',
    discount: 'Discount',
    minorDiscount: 'minor discount',
  },
};

const PLAN_TEXT: Record<Language, Record<MealPlan, string>> = {
  nl: { none: 'geen maaltijden', breakfast: 'ontbijt', half: 'halfpension', full: 'volpension' },
  fr: { none: 'sans repas', breakfast: 'petit-déjeuner', half: 'demi-pension', full: 'pension complète' },
  de: { none: 'ohne Mahlzeiten', breakfast: 'Frühstück', half: 'Halbpension', full: 'Vollpension' },
  en: { none: 'no meals', breakfast: 'breakfast', half: 'half board', full: 'full board' },
};

const AGE_GROUP_TEXT: Record<Language, Record<AgeGroup, string>> = {
  nl: { adult: 'volwassene', under18: '-18', under12: '-12', under3: '-3' },
  fr: { adult: 'adulte', under18: '-18', under12: '-12', under3: '-3' },
  de: { adult: 'Erwachsene', under18: '-18', under12: '-12', under3: '-3' },
  en: { adult: 'adult', under18: 'under 18', under12: 'under 12', under3: 'under 3' },
};

export function mealPlanText(plan: MealPlan, language: Language): string {
  return PLAN_TEXT[language][plan];
}

export function ageGroupText(group: AgeGroup, language: Language): string {
  return AGE_GROUP_TEXT[language][group];
}

/** A line's description in a language, e.g. "Meals: Anna Peeters (under 12), half board". */
export function describeStayPriceLine(settings: EditionSettings, line: StayPriceLine, language: Language): string {
  const text = LINE_TEXT[language];
  switch (line.kind) {
    case 'room': {
      const label = findRoomType(settings, line.roomType)?.label[language] ?? line.roomType;
      return line.minorDiscountCents > 0 ? `${text.room}: ${label} (${text.minorDiscount})` : `${text.room}: ${label}`;
    }
    case 'meals':
      return `${text.meals}: ${line.guestName} (${AGE_GROUP_TEXT[language][line.ageGroup]}), ${PLAN_TEXT[language][line.mealPlan]}`;
    case 'touristTax':
      return text.touristTax;
    case 'cleaning':
      return text.cleaning;
    case 'withoutDiscount':
      return text.withoutDiscount;
    case 'discount':
      return line.percent !== undefined ? `${text.discount} ${line.percent}%` : text.discount;
  }
}
