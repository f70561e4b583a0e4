import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BankStatementFormatError } from './bank-statement.js';
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
    const utf8 = Buffer.from(latin1.split('\r\n').map((line) => line.trimEnd()).join('\n'), 'utf8');
    const [statement] = parseCoda(decodeStatementBytes(utf8));
    expect(statement?.movements[0]?.counterpartyName).toBe('Jean-François Dûbois');
    expect(statement?.movements).toHaveLength(6);
  });

  it('refuses a statement whose movements do not add up to the new balance', async () => {
    const text = decodeStatementBytes(await fixture('statement-latin1.cod'));
    const damaged = text.replace('0000000001236000201126', '0000000001237000201126');
    expect(() => parseCoda(damaged)).toThrow(/old balance to the new one/);
  });

  it('refuses what is not CODA', () => {
    expect(() => parseCoda('hello')).toThrow(BankStatementFormatError);
    expect(() => parseCoda(`${'0'.repeat(127)}1`)).toThrow(/version 2/);
    expect(() => parseCoda('x'.repeat(129))).toThrow(/128 characters/);
  });
});
