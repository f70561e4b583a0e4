import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Member } from '@bjk/domain';

/** One line of an import file: a member to upsert, or the reason it was rejected. */
export type ParsedLine = { line: number; member: Member } | { line: number; reason: string };

const emptyMember = (): Member => ({
  idbel: null,
  idfide: null,
  firstName: '',
  lastName: '',
  birthYear: null,
  birthDate: null,
  gender: null,
  clubId: null,
  clubName: null,
  fideFederation: null,
  ratingNational: null,
  ratingFide: null,
  fideTitle: null,
});

class RejectedLine extends Error {}

function optionalInt(value: string | undefined, what: string, min: number, max: number): number | null {
  const text = (value ?? '').trim();
  if (text === '' || (text === '0' && min > 0)) return null;
  if (!/^-?\d+$/.test(text)) throw new RejectedLine(`${what} is not a number: "${text.slice(0, 20)}"`);
  const n = Number(text);
  if (n < min || n > max) throw new RejectedLine(`${what} out of range: ${n}`);
  return n;
}

function optionalText(value: string | undefined, max = 200): string | null {
  const text = (value ?? '').trim();
  return text === '' ? null : text.slice(0, max);
}

function gender(value: string | undefined): 'M' | 'F' | null {
  const text = (value ?? '').trim().toUpperCase();
  if (text === '') return null;
  if (text === 'M' || text === 'MALE') return 'M';
  if (text === 'F' || text === 'W' || text === 'V' || text === 'FEMALE') return 'F';
  throw new RejectedLine(`unknown gender "${text.slice(0, 10)}"`);
}

function birthDate(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
    throw new RejectedLine(`birth date is not YYYY-MM-DD: "${text.slice(0, 20)}"`);
  }
  return text;
}

function title(value: string | undefined): string | null {
  const text = (value ?? '').trim().toUpperCase();
  return text === '' ? null : text.slice(0, 5);
}

/** Header names are matched loosely: case, spaces, dashes and underscores do not matter; common aliases work. */
const CSV_COLUMNS: Record<keyof Member, string[]> = {
  idbel: ['idbel', 'idnumber', 'federationid', 'nationalid', 'matricule', 'stamnummer'],
  idfide: ['idfide', 'fideid'],
  firstName: ['firstname', 'first', 'voornaam', 'prenom'],
  lastName: ['lastname', 'last', 'name', 'naam', 'nom'],
  birthYear: ['birthyear', 'yearofbirth', 'geboortejaar'],
  birthDate: ['birthdate', 'dateofbirth', 'geboortedatum'],
  gender: ['gender', 'sex', 'geslacht'],
  clubId: ['clubid', 'club', 'clubnumber'],
  clubName: ['clubname'],
  fideFederation: ['fidefederation', 'federation', 'fed', 'fidenationality'],
  ratingNational: ['ratingnational', 'ratingbel', 'elobel', 'nationalrating', 'nationalelo'],
  ratingFide: ['ratingfide', 'elofide', 'fiderating', 'fideelo'],
  fideTitle: ['fidetitle', 'title', 'titel'],
};

const normaliseHeader = (h: string) => h.toLowerCase().replace(/[^a-z]/g, '');

function csvColumnMap(header: string[]): Map<keyof Member, number> {
  const normalised = header.map(normaliseHeader);
  const map = new Map<keyof Member, number>();
  for (const [field, aliases] of Object.entries(CSV_COLUMNS) as [keyof Member, string[]][]) {
    const index = normalised.findIndex((h) => aliases.includes(h));
    if (index >= 0) map.set(field, index);
  }
  return map;
}

const CSV_DELIMITERS = [';', '\t', ','] as const;

/** The header's delimiter: the candidate it holds most of (a national list uses one; `;` wins ties). */
function detectDelimiter(header: string): string {
  let best: string = ',';
  let most = 0;
  for (const candidate of CSV_DELIMITERS) {
    const n = header.split(candidate).length - 1;
    if (n > most) {
      best = candidate;
      most = n;
    }
  }
  return best;
}

/**
 * One record of RFC 4180 text with quotes: `""` is a quote inside a quoted field. Answers undefined when
 * the text ends inside a quoted field (the record continues on the next line).
 */
function splitQuoted(text: string, delimiter: string): string[] | undefined {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (c === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (c === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  if (quoted) return undefined;
  cells.push(cell.trim());
  return cells;
}

/**
 * The lines of a text stream (UTF-8, `\n` or `\r\n`). Not node:readline: its interface re-emits an error
 * of the input (an upload cut off mid-file) as an 'error' event nobody listens to, which kills the process;
 * iterating the stream itself turns that error into a rejection the caller handles.
 */
export async function* readLines(input: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const text = rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
    let from = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', from)) {
      const line = text.slice(from, end);
      yield line.endsWith('\r') ? line.slice(0, -1) : line;
      from = end + 1;
    }
    rest = text.slice(from);
  }
  rest += decoder.end();
  if (rest !== '') yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}

/**
 * Records of a CSV file as a stream, with the physical line each ends on. A line without quotes (nearly
 * all of a national list) is a plain split; quoted fields, `""` and line breaks inside quotes go through
 * the slower quoted path. A hand-written reader: csv-parse spent 5 of the 20 seconds of a 300 000-row import.
 */
export async function* readCsvRecords(input: Readable): AsyncGenerator<{ line: number; cells: string[] }> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let lineNumber = 0;
  let delimiter: string | undefined;
  let open: string | undefined;
  const take = (raw: string): { line: number; cells: string[] } | undefined => {
    lineNumber += 1;
    let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (lineNumber === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
    if (open !== undefined) text = `${open}\n${text}`;
    else if (text.trim() === '') return undefined;
    delimiter ??= detectDelimiter(text);
    if (!text.includes('"')) {
      const cells = text.split(delimiter);
      for (let i = 0; i < cells.length; i++) cells[i] = (cells[i] as string).trim();
      return { line: lineNumber, cells };
    }
    const cells = splitQuoted(text, delimiter);
    open = cells ? undefined : text;
    return cells && { line: lineNumber, cells };
  };
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const text = rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
    let from = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', from)) {
      const record = take(text.slice(from, end));
      from = end + 1;
      if (record) yield record;
    }
    rest = text.slice(from);
  }
  rest += decoder.end();
  if (rest !== '') {
    const record = take(rest);
    if (record) yield record;
  }
  // A quote never closed: the rest of the file was one field; its cells are what the quote left.
  if (open !== undefined) yield { line: lineNumber, cells: splitQuoted(`${open}"`, delimiter ?? ',') ?? [] };
}

/**
 * CSV with a header naming the columns (comma, semicolon or tab separated: whichever the header uses).
 * Each row needs an idbel and a name; a row that does not parse is reported with its line number and
 * the reason.
 */
export async function* parseMembersCsv(input: Readable): AsyncGenerator<ParsedLine> {
  let columns: Map<keyof Member, number> | undefined;
  for await (const { line, cells } of readCsvRecords(input)) {
    if (!columns) {
      columns = csvColumnMap(cells);
      for (const required of ['idbel', 'firstName', 'lastName'] as const) {
        if (!columns.has(required)) {
          yield { line, reason: `the header names no ${required} column` };
          return;
        }
      }
      continue;
    }
    const at = (field: keyof Member) => {
      const index = columns?.get(field);
      return index === undefined ? undefined : cells[index];
    };
    try {
      const member = emptyMember();
      member.idbel = optionalInt(at('idbel'), 'idbel', 1, 2_000_000_000);
      if (member.idbel === null) throw new RejectedLine('idbel is missing');
      member.idfide = optionalInt(at('idfide'), 'idfide', 1, 2_000_000_000);
      member.firstName = optionalText(at('firstName'), 100) ?? '';
      member.lastName = optionalText(at('lastName'), 100) ?? '';
      if (member.lastName === '') throw new RejectedLine('last name is missing');
      member.birthDate = birthDate(at('birthDate'));
      member.birthYear = optionalInt(at('birthYear'), 'birth year', 1900, 2100) ?? (member.birthDate ? Number(member.birthDate.slice(0, 4)) : null);
      member.gender = gender(at('gender'));
      member.clubId = optionalInt(at('clubId'), 'club id', 0, 1_000_000);
      member.clubName = optionalText(at('clubName'));
      member.fideFederation = optionalText(at('fideFederation'), 3)?.toUpperCase() ?? null;
      member.ratingNational = optionalInt(at('ratingNational'), 'national rating', 0, 3500);
      member.ratingFide = optionalInt(at('ratingFide'), 'FIDE rating', 0, 3500);
      member.fideTitle = title(at('fideTitle'));
      yield { line, member };
    } catch (error) {
      if (!(error instanceof RejectedLine)) throw error;
      yield { line, reason: error.message };
    }
  }
  if (!columns) yield { line: 1, reason: 'the file is empty' };
}

/** FIDE writes "Last, First"; a name without a comma is all last name. */
function splitFideName(name: string): { firstName: string; lastName: string } {
  const comma = name.indexOf(',');
  if (comma < 0) return { firstName: '', lastName: name.trim() };
  return { lastName: name.slice(0, comma).trim(), firstName: name.slice(comma + 1).trim() };
}

function fideMember(fields: {
  id: string | undefined;
  name: string | undefined;
  fed: string | undefined;
  sex: string | undefined;
  title: string | undefined;
  wtitle: string | undefined;
  rating: string | undefined;
  birthYear: string | undefined;
}): Member {
  const member = emptyMember();
  member.idfide = optionalInt(fields.id, 'FIDE id', 1, 2_000_000_000);
  if (member.idfide === null) throw new RejectedLine('FIDE id is missing');
  const { firstName, lastName } = splitFideName(fields.name ?? '');
  if (lastName === '') throw new RejectedLine('name is missing');
  member.firstName = firstName.slice(0, 100);
  member.lastName = lastName.slice(0, 100);
  member.fideFederation = optionalText(fields.fed, 3)?.toUpperCase() ?? null;
  member.gender = gender(fields.sex);
  member.fideTitle = title(fields.title) ?? title(fields.wtitle);
  member.ratingFide = optionalInt(fields.rating, 'rating', 0, 3500);
  if (member.ratingFide === 0) member.ratingFide = null;
  const year = optionalInt(fields.birthYear, 'birth year', 0, 2100);
  member.birthYear = year && year >= 1900 ? year : null;
  return member;
}

/** The header labels of FIDE's fixed-width "players list" and the fields we read from them. */
const FIDE_TXT_LABELS = [
  'ID Number',
  'Name',
  'Fed',
  'Sex',
  'Tit',
  'WTit',
  'OTit',
  'FOA',
  'SRtng',
  'SGm',
  'SK',
  'RRtng',
  'RGm',
  'Rk',
  'BRtng',
  'BGm',
  'BK',
  'B-day',
  'Flag',
];

/**
 * FIDE's fixed-width TXT players list. Column positions are read from the header line (where each label
 * starts), so the small layout changes FIDE makes between years do not break the import.
 */
export async function* parseFideTxt(input: Readable): AsyncGenerator<ParsedLine> {
  const lines = readLines(input);
  let line = 0;
  let starts: { label: string; start: number }[] | undefined;
  for await (const text of lines) {
    line += 1;
    if (text.trim() === '') continue;
    if (!starts) {
      const found: { label: string; start: number }[] = [];
      let from = 0;
      for (const label of FIDE_TXT_LABELS) {
        const at = text.indexOf(label, from);
        if (at < 0) continue;
        found.push({ label, start: at });
        from = at + label.length;
      }
      if (!found.some((f) => f.label === 'ID Number') || !found.some((f) => f.label === 'Name')) {
        yield { line, reason: 'the first line is not a FIDE players list header (ID Number, Name, Fed, …)' };
        return;
      }
      starts = found;
      continue;
    }
    const value = (label: string) => {
      const index = starts?.findIndex((s) => s.label === label) ?? -1;
      if (index < 0 || !starts) return undefined;
      const start = starts[index]?.start ?? 0;
      const end = starts[index + 1]?.start;
      return text.slice(start, end);
    };
    try {
      const member = fideMember({
        id: value('ID Number'),
        name: value('Name'),
        fed: value('Fed'),
        sex: value('Sex'),
        title: value('Tit'),
        wtitle: value('WTit'),
        rating: value('SRtng'),
        birthYear: value('B-day'),
      });
      yield { line, member };
    } catch (error) {
      if (!(error instanceof RejectedLine)) throw error;
      yield { line, reason: error.message };
    }
  }
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return XML_ENTITIES[entity] ?? '';
  });
}

function xmlField(player: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(player);
  return match?.[1] === undefined ? undefined : decodeXml(match[1]);
}

/**
 * FIDE's XML players list (`<playerslist><player>…</player>`), read as a stream one player element at a
 * time: the whole file (hundreds of MB) never sits in memory. "line" is the player's position.
 */
export async function* parseFideXml(input: Readable): AsyncGenerator<ParsedLine> {
  let buffer = '';
  let index = 0;
  input.setEncoding('utf8');
  for await (const chunk of input as AsyncIterable<string>) {
    buffer += chunk;
    for (;;) {
      const end = buffer.indexOf('</player>');
      if (end < 0) break;
      const start = buffer.lastIndexOf('<player>', end);
      const player = start < 0 ? '' : buffer.slice(start + 8, end);
      buffer = buffer.slice(end + 9);
      index += 1;
      try {
        const member = fideMember({
          id: xmlField(player, 'fideid'),
          name: xmlField(player, 'name'),
          fed: xmlField(player, 'country'),
          sex: xmlField(player, 'sex'),
          title: xmlField(player, 'title'),
          wtitle: xmlField(player, 'w_title'),
          rating: xmlField(player, 'rating'),
          birthYear: xmlField(player, 'birthday'),
        });
        yield { line: index, member };
      } catch (error) {
        if (!(error instanceof RejectedLine)) throw error;
        yield { line: index, reason: error.message };
      }
    }
    if (buffer.length > 1_000_000) {
      yield { line: index + 1, reason: 'the file is not a FIDE XML players list' };
      return;
    }
  }
}
