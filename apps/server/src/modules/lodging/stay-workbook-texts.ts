import type { Language } from '@bjk/domain';

/** Column headers of the venue's workbook in the manager's language (see stay-workbook.ts). */
export type StayWorkbookHeaders = Record<
  | 'number'
  | 'lastName'
  | 'firstName'
  | 'email'
  | 'mobile'
  | 'address'
  | 'language'
  | 'roomType'
  | 'roomLabel'
  | 'rooms'
  | 'arrival'
  | 'departure'
  | 'nights'
  | 'meals'
  | 'guests'
  | 'total'
  | 'remarks'
  | 'internalRemarks'
  | 'birthDate'
  | 'ageGroup'
  | 'participates'
  | 'date'
  | 'meal'
  | 'adult'
  | 'under18'
  | 'under12'
  | 'under3'
  | 'mealTotal',
  string
>;

export const STAY_WORKBOOK_HEADERS: Record<Language, StayWorkbookHeaders> = {
  nl: {
    number: 'Nummer',
    lastName: 'Familienaam',
    firstName: 'Voornaam',
    email: 'E-mail',
    mobile: 'Gsm',
    address: 'Adres',
    language: 'Taal',
    roomType: 'Kamertype',
    roomLabel: 'Omschrijving kamertype',
    rooms: 'Kamers',
    arrival: 'Aankomst',
    departure: 'Vertrek',
    nights: 'Nachten',
    meals: 'Maaltijden',
    guests: 'Gasten',
    total: 'Totaal (EUR)',
    remarks: 'Opmerkingen',
    internalRemarks: 'Interne opmerkingen',
    birthDate: 'Geboortedatum',
    ageGroup: 'Leeftijdsgroep',
    participates: 'Speelt mee',
    date: 'Datum',
    meal: 'Maaltijd',
    adult: 'Volwassenen',
    under18: 'Onder 18',
    under12: 'Onder 12',
    under3: 'Onder 3',
    mealTotal: 'Totaal',
  },
  fr: {
    number: 'Numéro',
    lastName: 'Nom',
    firstName: 'Prénom',
    email: 'E-mail',
    mobile: 'GSM',
    address: 'Adresse',
    language: 'Langue',
    roomType: 'Type de logement',
    roomLabel: 'Libellé du type',
    rooms: 'Chambres',
    arrival: 'Arrivée',
    departure: 'Départ',
    nights: 'Nuits',
    meals: 'Repas',
    guests: 'Personnes',
    total: 'Total (EUR)',
    remarks: 'Remarques',
    internalRemarks: 'Remarques internes',
    birthDate: 'Date de naissance',
    ageGroup: "Groupe d'âge",
    participates: 'Participe',
    date: 'Date',
    meal: 'Repas',
    adult: 'Adultes',
    under18: 'Moins de 18',
    under12: 'Moins de 12',
    under3: 'Moins de 3',
    mealTotal: 'Total',
  },
  de: {
    number: 'Nummer',
    lastName: 'Nachname',
    firstName: 'Vorname',
    email: 'E-Mail',
    mobile: 'Handy',
    address: 'Adresse',
    language: 'Sprache',
    roomType: 'Zimmertyp',
    roomLabel: 'Bezeichnung des Zimmertyps',
    rooms: 'Zimmer',
    arrival: 'Anreise',
    departure: 'Abreise',
    nights: 'Nächte',
    meals: 'Mahlzeiten',
    guests: 'Gäste',
    total: 'Summe (EUR)',
    remarks: 'Bemerkungen',
    internalRemarks: 'Interne Bemerkungen',
    birthDate: 'Geburtsdatum',
    ageGroup: 'Altersgruppe',
    participates: 'Spielt mit',
    date: 'Datum',
    meal: 'Mahlzeit',
    adult: 'Erwachsene',
    under18: 'Unter 18',
    under12: 'Unter 12',
    under3: 'Unter 3',
    mealTotal: 'Summe',
  },
  en: {
    number: 'Number',
    lastName: 'Last name',
    firstName: 'First name',
    email: 'E-mail',
    mobile: 'Mobile',
    address: 'Address',
    language: 'Language',
    roomType: 'Room type',
    roomLabel: 'Room type label',
    rooms: 'Rooms',
    arrival: 'Arrival',
    departure: 'Departure',
    nights: 'Nights',
    meals: 'Meals',
    guests: 'Guests',
    total: 'Total (EUR)',
    remarks: 'Remarks',
    internalRemarks: 'Internal remarks',
    birthDate: 'Birth date',
    ageGroup: 'Age group',
    participates: 'Participates',
    date: 'Date',
    meal: 'Meal',
    adult: 'Adults',
    under18: 'Under 18',
    under12: 'Under 12',
    under3: 'Under 3',
    mealTotal: 'Total',
  },
};

/** The workbook's sheet names and meals in the manager's language (yes and no: `exportYesNo`). */
export type StayWorkbookWords = {
  sheets: { reservations: string; guests: string; meals: string };
  meal: Record<'breakfast' | 'lunch' | 'dinner', string>;
};

export const STAY_WORKBOOK_WORDS: Record<Language, StayWorkbookWords> = {
  nl: {
    sheets: { reservations: 'Reservaties', guests: 'Gasten', meals: 'Maaltijden per dag' },
    meal: { breakfast: 'ontbijt', lunch: 'middagmaal', dinner: 'avondmaal' },
  },
  fr: {
    sheets: { reservations: 'Réservations', guests: 'Personnes', meals: 'Repas par jour' },
    meal: { breakfast: 'petit-déjeuner', lunch: 'déjeuner', dinner: 'dîner' },
  },
  de: {
    sheets: { reservations: 'Reservierungen', guests: 'Gäste', meals: 'Mahlzeiten pro Tag' },
    meal: { breakfast: 'Frühstück', lunch: 'Mittagessen', dinner: 'Abendessen' },
  },
  en: {
    sheets: { reservations: 'Reservations', guests: 'Guests', meals: 'Meals per day' },
    meal: { breakfast: 'breakfast', lunch: 'lunch', dinner: 'dinner' },
  },
};
