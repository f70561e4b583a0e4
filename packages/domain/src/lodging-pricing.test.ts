import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { editionSettingsSchema, type EditionSettings } from './edition.js';
import {
  ageGroupOf,
  allowedStayWindow,
  countMealsPerDay,
  describeStayPriceLine,
  mealPlansFor,
  mealScheduleOf,
  nightsOf,
  priceStay,
  type StayInput,
} from './lodging-pricing.js';

const seed = editionSettingsSchema.parse(JSON.parse(readFileSync(new URL('../../../apps/server/seed/demo-edition.json', import.meta.url), 'utf8')));

/** The 2026 reference prices of DOMAIN.md §1 on the demo edition (whose normal stay is also 6 nights). */
const settings: EditionSettings = seed;
const { startDate, endDate } = settings;

const adult = (name: string) => ({ firstName: name, lastName: 'Peeters', birthDate: '1985-05-01' });
const teen = (name: string) => ({ firstName: name, lastName: 'Peeters', birthDate: '2012-03-01' });
const child = (name: string) => ({ firstName: name, lastName: 'Peeters', birthDate: '2017-06-01' });
const baby = (name: string) => ({ firstName: name, lastName: 'Peeters', birthDate: '2025-08-01' });

function stay(partial: Partial<StayInput>): StayInput {
  return { roomType: 'DH', arrivalDate: startDate, departureDate: endDate, mealPlan: 'half', guests: [], ...partial };
}

const euros = (cents: number) => cents / 100;

describe('the price of a stay', () => {
  it('charges a double hotel room with two adults on half board 1236 € for six nights', () => {
    const price = priceStay(settings, stay({ guests: [adult('An'), adult('Bart')] }));
    expect(price.nights).toBe(6);
    expect(price.lines.map((l) => [l.kind, euros(l.totalCents)])).toEqual([
      ['room', 660],
      ['meals', 276],
      ['meals', 276],
      ['touristTax', 24],
    ]);
    expect(euros(price.totalCents)).toBe(1236);
  });

  it('gives the double room with an adult and a minor 25 € off per night: 990 €', () => {
    const price = priceStay(settings, stay({ guests: [adult('An'), teen('Lotte')] }));
    expect(price.lines.map((l) => euros(l.totalCents))).toEqual([510, 276, 180, 24]);
    expect(price.lines[0]).toMatchObject({ kind: 'room', unitCents: 8500, minorDiscountCents: 2500 });
    expect(euros(price.totalCents)).toBe(990);
  });

  it('charges an apartment for two adults, a child under 12 and a baby 1356 €, 1405 € with the cleaning fee', () => {
    const guests = [adult('An'), adult('Bart'), child('Mila'), baby('Noor')];
    const price = priceStay(settings, stay({ roomType: 'AP4', guests }));
    expect(price.lines.map((l) => euros(l.totalCents))).toEqual([600, 276, 276, 156, 0, 48]);
    expect(euros(price.totalCents)).toBe(1356);
    const withCleaning = priceStay({ ...settings, chargeCleaningFee: true }, stay({ roomType: 'AP4', guests }));
    expect(withCleaning.lines.at(-1)).toMatchObject({ kind: 'cleaning', totalCents: 4900 });
    expect(euros(withCleaning.totalCents)).toBe(1405);
  });

  it('applies the minor discount only to the eligible room type with exactly two persons', () => {
    const triple = priceStay(settings, stay({ roomType: 'TH', guests: [adult('An'), teen('Lotte')] }));
    expect(triple.lines[0]).toMatchObject({ minorDiscountCents: 0 });
    const twoAdults = priceStay(settings, stay({ guests: [adult('An'), adult('Bart')] }));
    expect(twoAdults.lines[0]).toMatchObject({ minorDiscountCents: 0 });
  });

  it('counts real calendar nights across a month end, a year end and a leap day', () => {
    expect(nightsOf('2027-01-30', '2027-02-02')).toBe(3);
    expect(nightsOf('2026-12-30', '2027-01-02')).toBe(3);
    expect(nightsOf('2028-02-27', '2028-03-01')).toBe(3);
    const price = priceStay(settings, stay({ arrivalDate: '2027-01-30', departureDate: '2027-02-02', guests: [adult('An'), adult('Bart')] }));
    expect(price.nights).toBe(3);
    expect(euros(price.totalCents)).toBe(3 * 110 + 2 * 3 * 46 + 2 * 3 * 2);
  });

  it('adds the extra nights before and after to the normal stay', () => {
    const window = allowedStayWindow(settings);
    const price = priceStay(
      settings,
      stay({ roomType: 'AP4', arrivalDate: window.earliestArrival, departureDate: window.latestDeparture, guests: [adult('An'), adult('Bart')] }),
    );
    expect(price.nights).toBe(8);
    expect(price.lines[0]?.totalCents).toBe(8 * 10000);
  });

  it('charges no meals without a meal plan, and nothing extra for breakfast a hotel room includes', () => {
    const none = priceStay(settings, stay({ roomType: 'AP4', mealPlan: 'none', guests: [adult('An'), adult('Bart')] }));
    expect(none.lines.map((l) => l.kind)).toEqual(['room', 'touristTax']);
    const breakfast = priceStay(settings, stay({ mealPlan: 'breakfast', guests: [adult('An'), adult('Bart')] }));
    expect(breakfast.lines.map((l) => l.kind)).toEqual(['room', 'touristTax']);
  });

  it('shows a manager discount as the cost without discount and a negative line, by amount or percentage', () => {
    const guests = [adult('An'), adult('Bart')];
    const amount = priceStay(settings, stay({ guests, discount: { kind: 'amount', amountCents: 3600 } }));
    expect(amount.lines.slice(-2)).toEqual([
      { kind: 'withoutDiscount', quantity: 1, unitCents: 123600, totalCents: 123600 },
      { kind: 'discount', quantity: 1, unitCents: -3600, totalCents: -3600 },
    ]);
    expect(amount.totalCents).toBe(120000);
    const percent = priceStay(settings, stay({ guests, discount: { kind: 'percent', percent: 10 } }));
    expect(percent.totalCents).toBe(111240);
    const tooMuch = priceStay(settings, stay({ guests, discount: { kind: 'amount', amountCents: 999999 } }));
    expect(tooMuch.totalCents).toBe(0);
  });

  it('describes each line in the payer language', () => {
    const price = priceStay(settings, stay({ guests: [adult('An'), teen('Lotte')] }));
    expect(price.lines.map((l) => describeStayPriceLine(settings, l, 'en'))).toEqual([
      'Stay: Hotel room 2 persons (minor discount)',
      'Meals: An Peeters (adult), half board',
      'Meals: Lotte Peeters (under 18), half board',
      'Tourist tax',
    ]);
    expect(describeStayPriceLine(settings, price.lines[3]!, 'nl')).toBe('Toeristenbelasting');
  });
});

describe('age groups and meal plans', () => {
  it('measures the age on the tournament start date', () => {
    expect(ageGroupOf(settings, '2009-02-15')).toBe('adult');
    expect(ageGroupOf(settings, '2009-02-16')).toBe('under18');
    expect(ageGroupOf(settings, '2015-02-16')).toBe('under12');
    expect(ageGroupOf(settings, '2024-02-16')).toBe('under3');
  });

  it('offers breakfast or half board in hotel rooms and none or half board elsewhere', () => {
    const dh = settings.roomTypes.find((t) => t.code === 'DH')!;
    const ap4 = settings.roomTypes.find((t) => t.code === 'AP4')!;
    expect(mealPlansFor(settings, dh)).toEqual(['breakfast', 'half']);
    expect(mealPlansFor(settings, ap4)).toEqual(['none', 'half']);
    const withFull = { ...settings, meals: { ...settings.meals, plans: [...settings.meals.plans, 'full' as const] } };
    expect(mealPlansFor(withFull, ap4)).toEqual(['none', 'half', 'full']);
  });
});

describe('the meal schedule', () => {
  it('serves half board from dinner on arrival to breakfast on departure', () => {
    expect(mealScheduleOf('half', '2027-02-27', '2027-03-02')).toEqual([
      { date: '2027-02-27', meals: ['dinner'] },
      { date: '2027-02-28', meals: ['breakfast', 'dinner'] },
      { date: '2027-03-01', meals: ['breakfast', 'dinner'] },
      { date: '2027-03-02', meals: ['breakfast'] },
    ]);
  });

  it('adds lunch on the days in between for full board and serves only breakfasts for the breakfast plan', () => {
    expect(mealScheduleOf('full', '2027-02-15', '2027-02-17')).toEqual([
      { date: '2027-02-15', meals: ['dinner'] },
      { date: '2027-02-16', meals: ['breakfast', 'lunch', 'dinner'] },
      { date: '2027-02-17', meals: ['breakfast'] },
    ]);
    expect(mealScheduleOf('breakfast', '2027-02-15', '2027-02-17')).toEqual([
      { date: '2027-02-16', meals: ['breakfast'] },
      { date: '2027-02-17', meals: ['breakfast'] },
    ]);
    expect(mealScheduleOf('none', '2027-02-15', '2027-02-17')).toEqual([]);
  });

  it('counts each meal per day by age group for the kitchen', () => {
    const rows = countMealsPerDay(settings, [
      { arrivalDate: '2027-02-15', departureDate: '2027-02-17', mealPlan: 'half', guests: [adult('An'), child('Mila')] },
      { arrivalDate: '2027-02-16', departureDate: '2027-02-17', mealPlan: 'breakfast', guests: [teen('Lotte')] },
    ]);
    expect(rows.map((r) => [r.date, r.meal, r.counts.adult, r.counts.under18, r.counts.under12, r.total])).toEqual([
      ['2027-02-15', 'dinner', 1, 0, 1, 2],
      ['2027-02-16', 'breakfast', 1, 0, 1, 2],
      ['2027-02-16', 'dinner', 1, 0, 1, 2],
      ['2027-02-17', 'breakfast', 1, 1, 1, 3],
    ]);
  });
});
