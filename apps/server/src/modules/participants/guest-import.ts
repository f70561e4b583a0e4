import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  checkMobile,
  findCategory,
  PARTICIPANTS_ERRORS,
  GUEST_IMPORT_MAX_LINES,
  unsafeTextReason,
  type EditionSettings,
  type GuestImportError,
  type GuestImportField,
  type GuestImportLine,
  type GuestImportResult,
  type RegistrationKind,
} from '@bjk/domain';
import { recordAudit } from '../../platform/audit.js';
import type { DbOrTx } from '../../platform/db.js';
import { ofChampionship } from '../../platform/people-rows.js';
import { AppError } from '../../platform/errors.js';
import type { ManagerContext } from '../../platform/service-context.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { attendees } from './participants.tables.js';

/**
 * Guest import (issue #28): a CSV or XLSX of guests and meal-eaters, as a spreadsheet writes it — `;` or `,` or tab
 * separated, with or without a byte order mark, UTF-8 or Windows-1252 (Excel's "CSV" on Windows), dates as Excel
 * stores them, accents, empty rows. Every line gets a verdict (`new`, `existing`, `error` with the reasons); empty
 * rows are counted, headers that match no column are named: nothing is dropped silently. Importing reads the file
 * again under a lock and inserts the `new` lines in one transaction, so a second upload (or a double click) adds none.
 */

/** Header spellings per column, normalised (no case, accents, spaces or punctuation). */
const HEADERS: Record<GuestImportField, readonly string[]> = {
  firstName: ['voornaam', 'prenom', 'firstname', 'vorname', 'first', 'givenname'],
  lastName: ['naam', 'achternaam', 'familienaam', 'nom', 'nomdefamille', 'lastname', 'nachname', 'familienname', 'surname', 'name'],
  category: ['categorie', 'category', 'kategorie', 'cat'],
  email: ['email', 'emailadres', 'mail', 'courriel', 'adresseemail', 'emailaddress', 'emailadresse'],
  mobile: ['gsm', 'mobiel', 'mobile', 'gsmnummer', 'telefoon', 'tel', 'telephone', 'portable', 'handy', 'mobil', 'phone', 'mobilenumber'],
  mealsCode: ['maaltijden', 'maaltijd', 'meals', 'meal', 'repas', 'mahlzeiten', 'mahlzeit'],
  remarks: ['opmerking', 'opmerkingen', 'remarks', 'remark', 'remarque', 'remarques', 'bemerkung', 'bemerkungen', 'notes', 'note', 'comment', 'commentaar'],
};
const LIMITS: Record<GuestImportField, number> = { firstName: 100, lastName: 100, category: 20, email: 200, mobile: 40, mealsCode: 2, remarks: 2000 };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Text compared without case, accents, spaces or punctuation (headers), or without case and accents (names). */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const headerKey = (text: string) => fold(text).replace(/[^a-z0-9]/g, '');
const nameKey = (text: string) => fold(text).replace(/\s+/g, ' ').trim();

const unreadable = (message: string, details?: Record<string, unknown>) => new AppError(422, PARTICIPANTS_ERRORS.importUnreadable, message, details);

/** A date as the spreadsheet shows it to a Belgian organiser would be ambiguous; the ISO day is not. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** An XLSX cell as text: numbers without a spurious ".0", dates (Excel's serial days) as ISO days, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text; // a hyperlink
    if ('result' in value) return cellText(value.result ?? null); // a formula: its last result
    if ('error' in value) return '';
  }
  return '';
}

type Table = { format: 'csv' | 'xlsx'; rows: { line: number; cells: string[] }[] };

async function readXlsx(data: Buffer): Promise<Table> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw unreadable('The workbook could not be read');
  }
  const sheet = workbook.worksheets.find((ws) => ws.state === 'visible' && ws.actualRowCount > 0) ?? workbook.worksheets[0];
  if (!sheet) throw unreadable('The workbook has no sheet');
  const rows: Table['rows'] = [];
  const width = sheet.columnCount;
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    rows.push({ line: r, cells });
  }
  return { format: 'xlsx', rows };
}

/** UTF-8 when the bytes are UTF-8 (with or without a BOM), else Windows-1252, what Excel writes on Windows. */
function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** The separator of the first non-empty line: the most frequent of `;`, `,` and tab outside quotes. */
function separatorOf(text: string): string {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const outside = first.replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((s) => [s, outside.split(s).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ';';
}

function readCsv(data: Buffer): Table {
  const text = decodeText(data);
  if (text.includes('\u0000')) throw unreadable('The file is not a text file');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ends (csv-parse's typings miss this overload).
    records = parse(text, {
      delimiter: separatorOf(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      info: true,
    }) as unknown as typeof records;
  } catch {
    throw unreadable('The CSV file could not be read');
  }
  // `info.lines` is the line where a record ends; a record starts on the line after the previous one.
  let next = 1;
  return {
    format: 'csv',
    rows: records.map(({ record, info }) => {
      const row = { line: next, cells: record };
      next = info.lines + 1;
      return row;
    }),
  };
}

/** The lines of the file, judged against the attendees already there (none written). */
async function judge(db: DbOrTx, editionCode: string, settings: EditionSettings, kind: RegistrationKind, table: Table, defaultCategory: string) {
  const isEmpty = (cells: string[]) => cells.every((c) => c.trim() === '');
  const headerAt = table.rows.findIndex((r) => !isEmpty(r.cells));
  if (headerAt < 0) throw unreadable('The file has no lines', { missing: ['firstName', 'lastName'] });
  const header = table.rows[headerAt]!.cells;
  const columns = new Map<GuestImportField, number>();
  const ignoredColumns: string[] = [];
  header.forEach((title, index) => {
    const key = headerKey(title);
    if (key === '') return;
    const field = (Object.keys(HEADERS) as GuestImportField[]).find((f) => HEADERS[f].includes(key));
    if (field && !columns.has(field)) columns.set(field, index);
    else ignoredColumns.push(title.trim());
  });
  const missing = (['firstName', 'lastName'] as const).filter((f) => !columns.has(f));
  if (missing.length > 0) throw unreadable('The header line names no first-name or last-name column', { missing });
  const body = table.rows.slice(headerAt + 1);
  if (body.length > GUEST_IMPORT_MAX_LINES) {
    throw new AppError(413, PARTICIPANTS_ERRORS.importTooManyLines, 'Too many lines for one import', { max: GUEST_IMPORT_MAX_LINES });
  }

  const existing = new Set(
    (
      await db
        .select({ firstName: attendees.firstName, lastName: attendees.lastName, category: attendees.category })
        .from(attendees)
        .where(ofChampionship(attendees, editionCode, kind))
    ).map((a) => `${nameKey(a.firstName)}|${nameKey(a.lastName)}|${a.category}`),
  );
  const seen = new Map<string, number>();
  const lines: GuestImportLine[] = [];
  let empty = 0;
  for (const row of body) {
    if (isEmpty(row.cells)) {
      empty++;
      continue;
    }
    const errors: GuestImportLine['errors'] = [];
    const fail = (field: GuestImportField | 'line', error: GuestImportError, otherLine?: number) =>
      errors.push(otherLine === undefined ? { field, error } : { field, error, otherLine });
    const value = (field: GuestImportField) => {
      const index = columns.get(field);
      const text = (index === undefined ? '' : (row.cells[index] ?? '')).replace(/\s+/g, ' ').trim();
      if (unsafeTextReason(text)) {
        fail(field, 'unsafeText');
        return '';
      }
      if (text.length > LIMITS[field]) fail(field, 'tooLong');
      return text.slice(0, LIMITS[field] + 1);
    };
    const firstName = value('firstName');
    const lastName = value('lastName');
    const category = (value('category') || defaultCategory).toUpperCase();
    const email = value('email').toLowerCase();
    const mobileText = value('mobile');
    const mealsText = value('mealsCode').toUpperCase();
    const remarks = value('remarks');
    if (firstName === '') fail('firstName', 'firstNameRequired');
    if (lastName === '') fail('lastName', 'lastNameRequired');
    if (category === '') fail('category', 'categoryRequired');
    else if (findCategory(settings, category)?.kind !== 'staff') fail('category', 'categoryUnknown');
    if (email !== '' && !EMAIL.test(email)) fail('email', 'emailInvalid');
    let mobile = mobileText;
    if (mobileText !== '') {
      const checked = checkMobile(mobileText);
      if (checked.ok) mobile = checked.e164;
      else fail('mobile', 'mobileInvalid');
    }
    if (mealsText !== '' && mealsText !== 'HB' && mealsText !== 'BO') fail('mealsCode', 'mealsInvalid');
    const key = `${nameKey(firstName)}|${nameKey(lastName)}|${category}`;
    if (errors.length === 0) {
      const first = seen.get(key);
      if (first !== undefined) fail('line', 'duplicateInFile', first);
      else seen.set(key, row.line);
    }
    lines.push({
      line: row.line,
      status: errors.length > 0 ? 'error' : existing.has(key) ? 'existing' : 'new',
      firstName,
      lastName,
      category,
      email,
      mobile,
      mealsCode: mealsText,
      remarks,
      errors,
    });
  }
  const count = (status: GuestImportLine['status']) => lines.filter((l) => l.status === status).length;
  return { ignoredColumns, lines, counts: { new: count('new'), existing: count('existing'), error: count('error'), empty } };
}

async function readTable(data: Buffer): Promise<Table> {
  if (data.length === 0) throw unreadable('The file is empty');
  // An XLSX workbook is a ZIP archive; anything else is read as text.
  return data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) ? readXlsx(data) : readCsv(data);
}

/** Reads a file and answers every line's verdict; writes nothing. */
export async function previewGuestImport(ctx: ManagerContext, kind: RegistrationKind, data: Buffer, defaultCategory = ''): Promise<GuestImportResult> {
  const { code, settings } = await getCurrentEdition(ctx.db);
  const table = await readTable(data);
  const judged = await judge(ctx.db, code, settings, kind, table, defaultCategory.trim().toUpperCase());
  return { kind, committed: false, format: table.format, ...judged };
}

/** Imports the file's new lines (under a lock: two imports of one file add its lines once); answers the verdicts. */
export async function importGuests(ctx: ManagerContext, kind: RegistrationKind, data: Buffer, defaultCategory = ''): Promise<GuestImportResult> {
  const { code, settings } = await getCurrentEdition(ctx.db);
  const table = await readTable(data);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('attendees.import'))`);
    const judged = await judge(tx, code, settings, kind, table, defaultCategory.trim().toUpperCase());
    const fresh = judged.lines.filter((l) => l.status === 'new');
    if (fresh.length > 0) {
      await tx.insert(attendees).values(
        fresh.map((l) => ({
          editionCode: code,
          kind,
          firstName: l.firstName,
          lastName: l.lastName,
          category: l.category,
          email: l.email,
          mobile: l.mobile,
          mealsCode: l.mealsCode === '' ? null : (l.mealsCode as 'HB' | 'BO'),
          enabled: true,
          remarks: l.remarks,
        })),
      );
    }
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'participants.import_attendees',
      subjectType: 'attendee',
      subjectId: kind,
      after: { format: table.format, ...judged.counts },
    });
    return { kind, committed: true, format: table.format, ...judged };
  });
}
