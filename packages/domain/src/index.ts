export * from './languages.js';
export * from './text.js';
export * from './error-codes.js';
export * from './errors.js';
export * from './dates.js';
export * from './date-schemas.js';
export * from './edition.js';
export * from './permissions.js';
export * from './system.js';
export * from './lodging-pricing.js';
export * from './accounts.js';
export * from './content.js';
export * from './payments.js';
export * from './structured-message.js';
export * from './epc-qr.js';
export * from './dashboard.js';
export * from './audit.js';
<<<<<<< HEAD
export * from './lodging.js';
=======
export * from './mail.js';
>>>>>>> d495e61 (feat(mail): outbox delivery worker over SMTP with retries, backoff, per-kind BCC and manager outbox)
