import { ACCOUNTS_ERRORS } from './accounts.js';
import { CONTENT_ERRORS } from './content.js';
import { DESK_ERRORS } from './desk.js';
import { EDITION_ERRORS } from './edition.js';
import { ENROLMENT_ERRORS, PARTICIPANTS_ERRORS } from './enrolment.js';
import { PLATFORM_ERRORS } from './error-codes.js';
import { FAMILY_ERRORS } from './family.js';
import { FILES_ERRORS } from './files.js';
import { GAMES_ERRORS } from './games.js';
import { LODGING_ERRORS } from './lodging.js';
import { MAIL_ERRORS } from './mail.js';
import { MEMBERS_ERRORS } from './members.js';
import { NOTIFICATIONS_ERRORS } from './notifications.js';
import { PAYMENTS_ERRORS } from './payments.js';
import { PRINT_ERRORS } from './print.js';
import { RESULTS_ERRORS } from './results.js';
import { TOURNAMENT_FILE_ERRORS } from './tournament-model.js';

/**
 * Every error code the API can answer, one entry per `<AREA>_ERRORS` constant (an area may have several): the one list the server's `AppError` accepts (a code not here does
 * not type-check) and the web's translation test walks (a code without a text in nl, fr, de and en fails it).
 * A new area declares `<AREA>_ERRORS` beside its schemas and adds it here.
 */
export const ERROR_CATALOGUE = {
  platform: PLATFORM_ERRORS,
  accounts: ACCOUNTS_ERRORS,
  edition: EDITION_ERRORS,
  enrolment: ENROLMENT_ERRORS,
  participants: PARTICIPANTS_ERRORS,
  lodging: LODGING_ERRORS,
  payments: PAYMENTS_ERRORS,
  content: CONTENT_ERRORS,
  files: FILES_ERRORS,
  mail: MAIL_ERRORS,
  results: RESULTS_ERRORS,
  resultFiles: TOURNAMENT_FILE_ERRORS,
  games: GAMES_ERRORS,
  print: PRINT_ERRORS,
  desk: DESK_ERRORS,
  family: FAMILY_ERRORS,
  notifications: NOTIFICATIONS_ERRORS,
  members: MEMBERS_ERRORS,
} as const;

type Catalogue = typeof ERROR_CATALOGUE;
export type ErrorCode = { [Area in keyof Catalogue]: Catalogue[Area][keyof Catalogue[Area]] }[keyof Catalogue];

export const ERROR_CODES: readonly ErrorCode[] = Object.values(ERROR_CATALOGUE).flatMap((codes) => Object.values(codes) as ErrorCode[]);
