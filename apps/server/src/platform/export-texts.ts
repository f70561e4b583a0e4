import type { Language } from '@bjk/domain';
import { writeCsv, type CsvValue } from './csv.js';
import texts from './export-texts.json' with { type: 'json' };

type Words = Record<Language, string>;

/**
 * Spreadsheet exports in the reader's language (the back office's CSVs and the public standings): headers in their
 * language, and the separator and decimal mark their spreadsheet program expects. A Belgian Excel (nl, fr, de) opens a
 * comma-separated file as one column and reads "12.50" as text or a date: there the separator is `;` and the decimal
 * mark a comma; in English a comma and a point. Every file starts with a byte order mark (see csv.ts).
 */
const HEADERS: Record<keyof typeof texts.headers, Words> = texts.headers;

export type ExportHeader = keyof typeof HEADERS;

/**
 * Coded values in words, as the back office shows them (the wording of the web's locale files, kept equal by
 * export-texts.test.ts): a treasurer filtering "Deels betaald" in Excel should not have to know `partially_paid`.
 */
const VALUES = texts.values satisfies Record<string, Record<string, Words>>;

export type ExportValueGroup = keyof typeof VALUES;

/** A coded value in the reader's words; a code this table does not know is written as it is, never dropped. */
export function exportValue(group: ExportValueGroup, code: string | null | undefined, language: Language): string | null {
  if (code === null || code === undefined) return null;
  const words = (VALUES[group] as Record<string, Words | undefined>)[code];
  return words ? words[language] : code;
}

/** Every code of a group with its words (for tests comparing them with the web's locale files). */
export function exportValueTable(group: ExportValueGroup): Readonly<Record<string, Words>> {
  return VALUES[group];
}

/** Yes or no in the reader's words, as every export writes a true or false. */
export function exportYesNo(value: boolean, language: Language): string {
  return texts.yesNo[language][value ? 'yes' : 'no'];
}

export function exportHeader(key: ExportHeader, language: Language): string {
  return HEADERS[key][language];
}

/** The separator of the reader's spreadsheet program: `;` for nl, fr and de (Belgium), `,` for en. */
export function csvSeparatorOf(language: Language): ',' | ';' {
  return language === 'en' ? ',' : ';';
}

/** A number as the reader's spreadsheet reads it: "12,50" where the separator is `;`, "12.50" in English. */
export function exportNumber(value: number, language: Language, fractionDigits?: number): string {
  const text = fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
  return csvSeparatorOf(language) === ';' ? text.replace('.', ',') : text;
}

/** A column: its header and its value of a row, given the reader's language for values written in words. */
export type ExportColumn<T> = readonly [ExportHeader | { label: string }, (row: T, language: Language) => CsvValue];

/** A CSV in the reader's language: localized headers, separator and yes/no; numbers given as numbers are localized. */
export function localizedCsv<T>(language: Language, columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  const cell = (value: CsvValue): CsvValue => {
    if (typeof value === 'boolean') return exportYesNo(value, language);
    if (typeof value === 'number' && !Number.isInteger(value)) return exportNumber(value, language);
    return value;
  };
  return writeCsv(
    columns.map(([header]) => (typeof header === 'string' ? exportHeader(header, language) : header.label)),
    rows.map((row) => columns.map(([, get]) => cell(get(row, language)))),
    { separator: csvSeparatorOf(language) },
  );
}
