import type { Language, MealKind } from '@bjk/domain';

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

export const PRINT_TEXTS: Record<Language, PrintTexts> = {
  nl: {
    badgesTitle: 'Badges',
    nameCardsTitle: 'Naamkaartjes',
    checkInTitle: (c) => `Aanmeldlijst ${c}`,
    mealsTitle: 'Maaltijden per dag',
    present: 'Aanwezig',
    name: 'Naam',
    club: 'Club',
    payment: 'Betaling',
    paymentStatus: { paid: 'Betaald', partially_paid: 'Deels betaald', open: 'NIET BETAALD', none: '—' },
    federation: 'Federatie',
    nationalRating: 'Nationale rating',
    fideRating: 'FIDE-rating',
    date: 'Datum',
    meal: 'Maaltijd',
    total: 'Totaal',
    meals: { breakfast: 'Ontbijt', lunch: 'Middagmaal', dinner: 'Avondmaal' },
    ageGroups: { adult: 'Volwassenen', under18: '-18', under12: '-12', under3: '-3' },
    noMeals: 'Geen maaltijden gereserveerd.',
    page: (n) => `Blad ${n}`,
    vouchersTitle: 'Prijsbonnen',
    voucherTitle: 'Prijsbon',
    validUntil: (d) => `Geldig tot ${d}`,
    signature: 'Handtekening voor ontvangst',
  },
  fr: {
    badgesTitle: 'Badges',
    nameCardsTitle: 'Chevalets',
    checkInTitle: (c) => `Liste de présence ${c}`,
    mealsTitle: 'Repas par jour',
    present: 'Présent',
    name: 'Nom',
    club: 'Club',
    payment: 'Paiement',
    paymentStatus: { paid: 'Payé', partially_paid: 'Payé en partie', open: 'NON PAYÉ', none: '—' },
    federation: 'Fédération',
    nationalRating: 'Elo national',
    fideRating: 'Elo FIDE',
    date: 'Date',
    meal: 'Repas',
    total: 'Total',
    meals: { breakfast: 'Petit-déjeuner', lunch: 'Déjeuner', dinner: 'Dîner' },
    ageGroups: { adult: 'Adultes', under18: '-18', under12: '-12', under3: '-3' },
    noMeals: 'Aucun repas réservé.',
    page: (n) => `Page ${n}`,
    vouchersTitle: 'Bons de prix',
    voucherTitle: 'Bon de prix',
    validUntil: (d) => `Valable jusqu'au ${d}`,
    signature: 'Signature pour réception',
  },
  de: {
    badgesTitle: 'Namensschilder',
    nameCardsTitle: 'Tischkarten',
    checkInTitle: (c) => `Anwesenheitsliste ${c}`,
    mealsTitle: 'Mahlzeiten pro Tag',
    present: 'Anwesend',
    name: 'Name',
    club: 'Verein',
    payment: 'Zahlung',
    paymentStatus: { paid: 'Bezahlt', partially_paid: 'Teilweise bezahlt', open: 'NICHT BEZAHLT', none: '—' },
    federation: 'Verband',
    nationalRating: 'Nationale Wertung',
    fideRating: 'FIDE-Wertung',
    date: 'Datum',
    meal: 'Mahlzeit',
    total: 'Gesamt',
    meals: { breakfast: 'Frühstück', lunch: 'Mittagessen', dinner: 'Abendessen' },
    ageGroups: { adult: 'Erwachsene', under18: '-18', under12: '-12', under3: '-3' },
    noMeals: 'Keine Mahlzeiten reserviert.',
    page: (n) => `Seite ${n}`,
    vouchersTitle: 'Preisgutscheine',
    voucherTitle: 'Preisgutschein',
    validUntil: (d) => `Gültig bis ${d}`,
    signature: 'Unterschrift für den Empfang',
  },
  en: {
    badgesTitle: 'Badges',
    nameCardsTitle: 'Name cards',
    checkInTitle: (c) => `Check-in list ${c}`,
    mealsTitle: 'Meals per day',
    present: 'Present',
    name: 'Name',
    club: 'Club',
    payment: 'Payment',
    paymentStatus: { paid: 'Paid', partially_paid: 'Partly paid', open: 'NOT PAID', none: '—' },
    federation: 'Federation',
    nationalRating: 'National rating',
    fideRating: 'FIDE rating',
    date: 'Date',
    meal: 'Meal',
    total: 'Total',
    meals: { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner' },
    ageGroups: { adult: 'Adults', under18: 'Under 18', under12: 'Under 12', under3: 'Under 3' },
    noMeals: 'No meals reserved.',
    page: (n) => `Page ${n}`,
    vouchersTitle: 'Prize vouchers',
    voucherTitle: 'Prize voucher',
    validUntil: (d) => `Valid until ${d}`,
    signature: 'Signature on receipt',
  },
};
