import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@bjk/domain';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { exportValue, exportValueTable, localizedCsv, type ExportColumn, type ExportValueGroup } from './export-texts.js';

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

describe('coded values in words', () => {
  it('writes a status in the reader’s words and keeps a code it does not know rather than dropping it', () => {
    type Payment = { status: string };
    const paymentColumns: ExportColumn<Payment>[] = [['status', (r, language) => exportValue('paymentStatus', r.status, language)]];
    const payments = [{ status: 'partially_paid' }, { status: 'refunded_in_2031' }];
    expect(parse(localizedCsv('nl', paymentColumns, payments), { bom: true, delimiter: ';' })).toEqual([['Status'], ['Deels betaald'], ['refunded_in_2031']]);
    expect(parse(localizedCsv('en', paymentColumns, payments), { bom: true, delimiter: ',' })[1]).toEqual(['Partially paid']);
    expect(exportValue('gender', null, 'fr')).toBeNull();
  });

  // The web shows these values from its locale files; a CSV must say what the page says.
  const webWords: Record<ExportValueGroup, (language: Language) => Record<string, unknown> | undefined> = {
    registrationStatus: (l) => pick(web(l, 'enrolment'), 'mgmt', 'statuses'),
    paymentStatus: (l) => pick(web(l, 'payments'), 'status'),
    paymentKind: (l) => pick(web(l, 'payments'), 'kind'),
    absenceKind: (l) => pick(web(l, 'familyAdmin'), 'absences', 'kinds'),
    absenceStatus: () => undefined, // the web words these for parents ("sent to the arbiters"); the CSV is the arbiters'
    gender: (l) => pick(web(l, 'enrolment'), 'gender'),
    mealPlan: (l) => labels(pick(web(l, 'lodging'), 'plans')),
    reservationRequestKind: (l) => pick(web(l, 'family'), 'reservation', 'kinds'),
    privacyRequestKind: (l) => pick(web(l, 'familyAdmin'), 'privacy', 'kinds'),
    privacyRequestStatus: (l) => pick(web(l, 'family'), 'privacy', 'status'),
    language: (l) => pick(web(l, 'common'), 'language', 'names'),
  };
  for (const language of LANGUAGES) {
    it(`says in ${language} what the back office says`, () => {
      let compared = 0;
      for (const group of Object.keys(webWords) as ExportValueGroup[]) {
        const words = webWords[group](language);
        if (!words) continue;
        compared++;
        for (const [code, text] of Object.entries(exportValueTable(group))) expect([group, code, words[code]]).toEqual([group, code, text[language]]);
      }
      expect(compared).toBe(10);
    });
  }
});

function web(language: Language, namespace: string): Record<string, unknown> {
  const file = fileURLToPath(new URL(`../../../web/src/locales/${language}/${namespace}.json`, import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

function pick(tree: Record<string, unknown>, ...path: string[]): Record<string, unknown> | undefined {
  let node: unknown = tree;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return node as Record<string, unknown> | undefined;
}

/** `{ code: { label } }` → `{ code: label }`. */
function labels(tree: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return tree && Object.fromEntries(Object.entries(tree).map(([code, value]) => [code, (value as { label?: unknown }).label]));
}
