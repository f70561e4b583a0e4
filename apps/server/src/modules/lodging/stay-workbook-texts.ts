import type { Language } from '@bjk/domain';
import texts from './stay-workbook-texts.json' with { type: 'json' };

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

/** The words are in stay-workbook-texts.json. */
export const STAY_WORKBOOK_HEADERS: Record<Language, StayWorkbookHeaders> = texts.headers;

/** The workbook's sheet names and meals in the manager's language (yes and no: `exportYesNo`). */
export type StayWorkbookWords = {
  sheets: { reservations: string; guests: string; meals: string };
  meal: Record<'breakfast' | 'lunch' | 'dinner', string>;
};

export const STAY_WORKBOOK_WORDS: Record<Language, StayWorkbookWords> = texts.words;
