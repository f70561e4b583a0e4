import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BankStatementCurrencyError, BankStatementFormatError } from './bank-statement.js';
import { decodeStatementBytes, parseCoda } from './coda.js';

const fixture = (name: string) => readFile(path.join(import.meta.dirname, 'fixtures', name));

describe('reading a CODA statement', () => {
  it('reads every movement of a Latin-1 statement with signs, dates, names and structured messages', async () => {
    const [statement, ...others] = parseCoda(decodeStatementBytes(await fixture('statement-latin1.cod')));
    expect(others).toHaveLength(0);
    expect(statement?.format).toBe('coda');
    expect(statement?.account).toBe('BE68539007547034');
    expect(statement?.statementId).toBe('2026-11-19/042');
    expect(statement?.movements.map((m) => [m.amountCents, m.structuredReference, m.counterpartyName])).toEqual([
      [123_600, '202700000122', 'Jean-François Dûbois'],
      [-4_550, null, null],
      [3_500, '202700000223', 'Zoë Van Dijck'],
      [3_500, '202700000324', 'Marie Lefèvre'],
      [3_500, '202700000425', 'Günther Schäfer'],
      [2_000, null, null],
    ]);
    const first = statement?.movements[0];
    expect(first).toMatchObject({
      bookingDate: '2026-11-20',
      valueDate: '2026-11-20',
      counterpartyAccount: 'BE71096123456769',
      communication: null,
    });
    expect(statement?.movements[1]?.communication).toBe('Bankkosten november');
    expect(statement?.movements[2]?.communication).toBe('Inschrijving ***202/7000/00223*** Zoë Van Dijck U10');
  });

  it('gives each movement an identity that is the same every time the file is read', async () => {
    const bytes = await fixture('statement-latin1.cod');
    const once = parseCoda(decodeStatementBytes(bytes))[0]?.movements.map((m) => m.identity);
    const twice = parseCoda(decodeStatementBytes(bytes))[0]?.movements.map((m) => m.identity);
    expect(once).toEqual(twice);
    expect(new Set(once).size).toBe(6);
  });

  it('reads the same statement saved as UTF-8 and with trailing blanks stripped', async () => {
    const latin1 = decodeStatementBytes(await fixture('statement-latin1.cod'));
    const utf8 = Buffer.from(
      latin1
        .split('\r\n')
        .map((line) => line.trimEnd())
        .join('\n'),
      'utf8',
    );
    const [statement] = parseCoda(decodeStatementBytes(utf8));
    expect(statement?.movements[0]?.counterpartyName).toBe('Jean-François Dûbois');
    expect(statement?.movements).toHaveLength(6);
  });

  it('counts a globalised transfer by its parts and an amount with a breakdown once', async () => {
    // Written after the KBC statement in OCA's tests: a loan repayment (type 3) broken down into capital and
    // interest (type 8), and two transfers the bank booked as one amount (type 2, details of type 6).
    const [statement] = parseCoda(decodeStatementBytes(await fixture('statement-globalised.cod')));
    expect(statement?.movements.map((m) => [m.amountCents, m.structuredReference, m.counterpartyName])).toEqual([
      [3_500, '202700001132', 'Anna Peeters'],
      [-47_904, null, null],
      [3_500, '202700001233', 'Pieter Claes'],
      [3_500, '202700001334', 'Lotte Wouters'],
      [-1_250, null, null],
    ]);
    expect(statement?.movements[1]?.communication).toBe('Aflossing investeringskrediet Kapitaal Intrest');
  });

  it("reads a statement whose new balance its movements do not reach, as banks' own samples are", async () => {
    const text = decodeStatementBytes(await fixture('statement-globalised.cod'));
    const inconsistent = text.replace('0000000000613460120127', '0000000000731700120127');
    expect(parseCoda(inconsistent)[0]?.movements).toHaveLength(5);
  });

  it('refuses a statement in another currency than the euro, naming it', async () => {
    const text = decodeStatementBytes(await fixture('statement-globalised.cod'));
    const dollars = text.replace('BE68539007547034                  EUR0', 'BE68539007547034                  USD0');
    expect(() => parseCoda(dollars)).toThrow(BankStatementCurrencyError);
    expect(() => parseCoda(dollars)).toThrow(/USD/);
  });

  it('refuses what is not CODA', () => {
    expect(() => parseCoda('hello')).toThrow(BankStatementFormatError);
    expect(() => parseCoda(`${'0'.repeat(127)}1`)).toThrow(/version 2/);
    expect(() => parseCoda('x'.repeat(129))).toThrow(/128 characters/);
  });
});
