import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { localizedCsv, type ExportColumn } from './export-texts.js';

type Row = { name: string; paid: boolean; points: number; club: string };
const columns: ExportColumn<Row>[] = [
  ['name', (r) => r.name],
  ['photo', (r) => r.paid],
  ['points', (r) => r.points],
  ['clubName', (r) => r.club],
  [{ label: 'Buchholz' }, (r) => r.points * 2],
];
const rows: Row[] = [
  { name: 'Lotte Peeters', paid: true, points: 4.5, club: 'CRELEL Liège' },
  { name: '=cmd', paid: false, points: 3, club: 'KSK Brugge; Oost' },
];

describe('a CSV in the reader’s language', () => {
  it('is what a Belgian spreadsheet opens as columns: `;`, decimal commas, yes/no and headers in Dutch', () => {
    const csv = localizedCsv('nl', columns, rows);
    expect(csv.startsWith('\uFEFFNaam;Foto;Punten;Club;Buchholz\r\n')).toBe(true);
    expect(parse(csv, { bom: true, delimiter: ';' })).toEqual([
      ['Naam', 'Foto', 'Punten', 'Club', 'Buchholz'],
      ['Lotte Peeters', 'ja', '4,5', 'CRELEL Liège', '9'],
      ["'=cmd", 'nee', '3', 'KSK Brugge; Oost', '6'],
    ]);
  });

  it('is comma-separated with decimal points in English, and in each language its own words', () => {
    expect(parse(localizedCsv('en', columns, rows), { bom: true, delimiter: ',' })[1]).toEqual(['Lotte Peeters', 'yes', '4.5', 'CRELEL Liège', '9']);
    expect(parse(localizedCsv('fr', columns, rows), { bom: true, delimiter: ';' })[0]).toEqual(['Nom', 'Photo', 'Points', 'Club', 'Buchholz']);
    expect(parse(localizedCsv('de', columns, rows), { bom: true, delimiter: ';' })[2]![1]).toBe('nein');
  });
});
