export * from './languages.js';
export * from './errors.js';
export * from './dates.js';
export * from './edition.js';
export * from './permissions.js';
export * from './system.js';
