import { parse } from 'csv-parse/sync';
import { LODGING_ERRORS, type FieldIssue } from '@bjk/domain';
import { AppError } from '../../platform/errors.js';

export type RoomRecord = { number: string; floor: number; roomType: string; venueCode: string; capacity: number };

const HEADER_ALIASES: Record<string, keyof RoomRecord> = {
  room: 'number',
  roomnr: 'number',
  number: 'number',
  type: 'roomType',
  roomtype: 'roomType',
  venue_code: 'venueCode',
  venuecode: 'venueCode',
  code: 'venueCode',
  capacity: 'capacity',
  persons: 'capacity',
};

/** The floor is the room number's first digit (DOMAIN.md §5: 101–414). */
export function floorOf(roomNumber: string): number {
  const digit = /^\d/.exec(roomNumber)?.[0];
  return digit ? Number(digit) : 0;
}

/**
 * Reads the venue's room list: a header row (room, type, venue_code, capacity; `;` or `,` separated) and one
 * room per line. Every bad line is reported at once with its line number; nothing is imported then.
 */
export function parseRoomsCsv(csv: string, knownRoomTypes: readonly string[]): RoomRecord[] {
  const delimiter = (csv.split('\n')[0] ?? '').includes(';') ? ';' : ',';
  let records: string[][];
  try {
    records = parse(csv, { delimiter, skip_empty_lines: true, trim: true, bom: true, relax_column_count: true });
  } catch (error) {
    throw new AppError(400, LODGING_ERRORS.csvInvalid, `The room list is not valid CSV: ${(error as Error).message}`);
  }
  const [header, ...lines] = records;
  const columns = (header ?? []).map((h) => HEADER_ALIASES[h.toLowerCase().replace(/[\s-]/g, '_')] ?? HEADER_ALIASES[h.toLowerCase().replace(/[\s_-]/g, '')]);
  for (const needed of ['number', 'roomType', 'capacity'] as const) {
    if (!columns.includes(needed)) throw new AppError(400, LODGING_ERRORS.csvInvalid, `The room list lacks a ${needed} column`);
  }
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  const rooms: RoomRecord[] = [];
  lines.forEach((cells, index) => {
    const line = index + 2;
    const value = (key: keyof RoomRecord) => cells[columns.indexOf(key)] ?? '';
    const number = value('number');
    const roomType = value('roomType').toUpperCase();
    const capacity = Number(value('capacity'));
    if (!/^[0-9A-Za-z-]{1,10}$/.test(number)) issues.push({ path: `line ${line}`, code: 'room', message: 'Invalid room number' });
    else if (seen.has(number)) issues.push({ path: `line ${line}`, code: 'room', message: `Room ${number} appears twice` });
    if (!knownRoomTypes.includes(roomType)) issues.push({ path: `line ${line}`, code: 'type', message: `Unknown room type ${roomType}` });
    if (!Number.isInteger(capacity) || capacity < 1 || capacity > 20) issues.push({ path: `line ${line}`, code: 'capacity', message: 'Invalid capacity' });
    seen.add(number);
    rooms.push({ number, floor: floorOf(number), roomType, venueCode: columns.includes('venueCode') ? value('venueCode') : '', capacity });
  });
  if (issues.length > 0) throw new AppError(400, LODGING_ERRORS.csvInvalid, 'The room list has invalid lines', { issues });
  return rooms;
}
