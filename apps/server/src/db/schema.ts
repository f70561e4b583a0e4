/** Every table of every module, for Drizzle's typed queries and drizzle-kit's migrations. */
export * from '../platform/platform.tables.js';
export * from '../modules/edition/edition.tables.js';
