/** Every table of every module, for Drizzle's typed queries and drizzle-kit's migrations. */
export * from '../platform/platform.tables.js';
export * from '../platform/audit.tables.js';
export * from '../platform/signed-links.tables.js';
export * from '../modules/edition/edition.tables.js';
export * from '../modules/accounts/accounts.tables.js';
export * from '../modules/mail/mail.tables.js';
export * from '../modules/content/content.tables.js';
export * from '../modules/files/files.tables.js';
export * from '../modules/lodging/lodging.tables.js';
export * from '../modules/payments/payments.tables.js';
export * from '../modules/members/members.tables.js';
export * from '../modules/enrolment/enrolment.tables.js';
export * from '../modules/participants/participants.tables.js';
export * from '../modules/results/games.tables.js';
export * from '../modules/results/results.tables.js';
export * from '../modules/print/print.tables.js';
export * from '../modules/desk/desk.tables.js';
