import type { CsvValue } from './csv.js';
import type { ExportColumn, ExportHeader } from './export-texts.js';

/** The keys of `T` whose values a CSV cell shows as they are and whose name is an export header of its own. */
type SameNameKey<T> = { [K in keyof T & ExportHeader]: T[K] extends CsvValue ? K : never }[keyof T & ExportHeader];

/**
 * Export columns that show fields as they are under their own names (`['email', (r) => r.email]`, …), in the order
 * given: the plain columns of a list's CSV, written once; columns that translate or reshape a value stand beside them.
 */
export function sameNameColumns<T>(keys: readonly SameNameKey<T>[]): ExportColumn<T>[] {
  return keys.map((key): ExportColumn<T> => [key, (row) => row[key] as CsvValue]);
}
