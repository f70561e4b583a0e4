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
<<<<<<< HEAD
export * from './dashboard.js';
export * from './audit.js';
=======
export * from './lodging.js';
>>>>>>> 2a70002 (feat(lodging): reservation requests, room inventory, atomic room assignment and stay workbook API)
