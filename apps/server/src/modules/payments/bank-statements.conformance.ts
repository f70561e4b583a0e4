import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BankStatementCurrencyError } from './bank-statement.js';
import { parseCamt053 } from './camt053.js';
import { decodeStatementBytes, parseCoda } from './coda.js';

/**
 * Every real CODA and camt.053 file in `../shared/data` (Belgian banks' and their parsers' samples, see its
 * SOURCES.md) is read with the right number of movements per statement and the right structured references.
 * A globalised movement counts by its parts, an amount with a breakdown once; references whose check digits fail
 * (php-coda-parser's samples 1, 5, 6, 7, 9; genkgo's `4654654654654654`) are not structured references.
 */
const dataDir = process.env.SHARED_DATA_DIR ?? path.resolve(import.meta.dirname, '../../../../../../shared/data');

type Expected = { movements: number[]; references: string[] } | { currency: string };

const expected: Record<string, Record<string, Expected>> = {
  coda: {
    'oca_Coda_iban_v2_3_multi_statements.txt': { movements: [1, 1], references: [] },
    'oca_Coda_iban_v2_3_single_statement.txt': { movements: [30], references: [] },
    'oca_Ontvangen_CODA.2012-01-11-18.59.15.txt': { movements: [5], references: ['240283842818'] },
    'phpcodaparser_sample1.cod': { movements: [4], references: [] },
    'phpcodaparser_sample2.cod': { movements: [1], references: [] },
    'phpcodaparser_sample3.cod': { movements: [1], references: [] },
    'phpcodaparser_sample4.cod': { movements: [1], references: [] },
    'phpcodaparser_sample5.cod': { movements: [3], references: [] },
    'phpcodaparser_sample6.cod': { movements: [3], references: [] },
    'phpcodaparser_sample7.cod': { movements: [3], references: [] },
    'phpcodaparser_sample8.cod': { movements: [2], references: [] },
    'phpcodaparser_sample9.cod': { movements: [1], references: [] },
    // A SEPA direct debit (communication type 127) whose mandate text carries a valid structured message.
    'phpcodaparser_sample10.cod': { movements: [2], references: ['243690000141'] },
    'phpcodaparser_sample11.cod': { movements: [1], references: [] },
  },
  camt: {
    'genkgo_camt053.001.02.minimal.xml': { movements: [1], references: [] },
    'genkgo_camt053.001.08.xml': { movements: [1], references: [] },
    'oca_test-camt053.001.02.xml': { movements: [4], references: [] },
    // A Swiss statement in francs: refused whole, naming the currency.
    'oca_test-camt053.001.04-txdtls.xml': { currency: 'CHF' },
  },
};

describe.each(Object.keys(expected))('the real %s files in ../shared/data', (folder) => {
  const files = readdirSync(path.join(dataDir, folder)).sort();
  const table = expected[folder]!;

  it('are all known to this check (a new file there needs its expected counts here)', () => {
    expect(files).toEqual(Object.keys(table).sort());
  });

  it.each(files)('%s', (file) => {
    const text = decodeStatementBytes(readFileSync(path.join(dataDir, folder, file)));
    const read = () => (folder === 'coda' ? parseCoda(text) : parseCamt053(text));
    const want = table[file]!;
    if ('currency' in want) {
      expect(read).toThrow(BankStatementCurrencyError);
      expect(read).toThrow(want.currency);
      return;
    }
    const statements = read();
    expect(statements.map((s) => s.movements.length)).toEqual(want.movements);
    const movements = statements.flatMap((s) => s.movements);
    expect(movements.map((m) => m.structuredReference).filter(Boolean)).toEqual(want.references);
    // Each movement keeps an identity of its own, so importing the file twice books nothing twice.
    expect(new Set(movements.map((m) => m.identity)).size).toBe(movements.length);
  });
});
