import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
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
  if (text === '' || text === '0' && min > 0) return null;
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

/**
 * CSV with a header naming the columns (comma or semicolon separated). Each row needs an idbel and a
 * name; a row that does not parse is reported with its line number and the reason.
 */
export async function* parseMembersCsv(input: Readable): AsyncGenerator<ParsedLine> {
  const parser = input.pipe(
    parse({ delimiter: [',', ';', '\t'], relax_column_count: true, bom: true, skip_empty_lines: true, trim: true, info: true }),
  );
  let columns: Map<keyof Member, number> | undefined;
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    const line = record.info.lines;
    const cells = record.record;
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
    const cell = (field: keyof Member) => {
      const index = columns?.get(field);
      return index === undefined ? undefined : cells[index];
    };
    try {
      const member = emptyMember();
      member.idbel = optionalInt(cell('idbel'), 'idbel', 1, 2_000_000_000);
      if (member.idbel === null) throw new RejectedLine('idbel is missing');
      member.idfide = optionalInt(cell('idfide'), 'idfide', 1, 2_000_000_000);
      member.firstName = optionalText(cell('firstName'), 100) ?? '';
      member.lastName = optionalText(cell('lastName'), 100) ?? '';
      if (member.lastName === '') throw new RejectedLine('last name is missing');
      member.birthDate = birthDate(cell('birthDate'));
      member.birthYear = optionalInt(cell('birthYear'), 'birth year', 1900, 2100) ?? (member.birthDate ? Number(member.birthDate.slice(0, 4)) : null);
      member.gender = gender(cell('gender'));
      member.clubId = optionalInt(cell('clubId'), 'club id', 0, 1_000_000);
      member.clubName = optionalText(cell('clubName'));
      member.fideFederation = optionalText(cell('fideFederation'), 3)?.toUpperCase() ?? null;
      member.ratingNational = optionalInt(cell('ratingNational'), 'national rating', 0, 3500);
      member.ratingFide = optionalInt(cell('ratingFide'), 'FIDE rating', 0, 3500);
      member.fideTitle = title(cell('fideTitle'));
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
const FIDE_TXT_LABELS = ['ID Number', 'Name', 'Fed', 'Sex', 'Tit', 'WTit', 'OTit', 'FOA', 'SRtng', 'SGm', 'SK', 'RRtng', 'RGm', 'Rk', 'BRtng', 'BGm', 'BK', 'B-day', 'Flag'];

/**
 * FIDE's fixed-width TXT players list. Column positions are read from the header line (where each label
 * starts), so the small layout changes FIDE makes between years do not break the import.
 */
export async function* parseFideTxt(input: Readable): AsyncGenerator<ParsedLine> {
  const lines = createInterface({ input, crlfDelay: Infinity });
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
