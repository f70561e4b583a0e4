import type { Language, MealKind } from '@bjk/domain';
import { fill, perLanguage } from '../../platform/texts.js';
import texts from './print-texts.json' with { type: 'json' };

/** Words printed on the lists and cards, in the language of the manager who prints them. */
export type PrintTexts = {
  badgesTitle: string;
  nameCardsTitle: string;
  checkInTitle: (category: string) => string;
  mealsTitle: string;
  present: string;
  name: string;
  club: string;
  /** The check-in list's payment column: the enrolment fee's request (none: no request made). */
  payment: string;
  paymentStatus: Record<'paid' | 'partially_paid' | 'open' | 'none', string>;
  federation: string;
  nationalRating: string;
  fideRating: string;
  date: string;
  meal: string;
  total: string;
  meals: Record<MealKind, string>;
  ageGroups: { adult: string; under18: string; under12: string; under3: string };
  noMeals: string;
  page: (n: number) => string;
  vouchersTitle: string;
  voucherTitle: string;
  validUntil: (date: string) => string;
  signature: string;
};

/** The words are in print-texts.json; the titles with a value are filled in here. */
export const PRINT_TEXTS: Record<Language, PrintTexts> = perLanguage(texts, (words) => ({
  ...words,
  checkInTitle: (category) => fill(words.checkInTitle, { category }),
  page: (page) => fill(words.page, { page }),
  validUntil: (date) => fill(words.validUntil, { date }),
}));
