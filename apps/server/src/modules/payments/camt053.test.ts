import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BankStatementCurrencyError, BankStatementFormatError } from './bank-statement.js';
import { parseCamt053 } from './camt053.js';

const fixture = (name: string) => readFile(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('reading a camt.053 statement', () => {
  it('reads booked entries and each detail of a batch as its own movement (version 02)', async () => {
    const [statement, ...others] = parseCamt053(await fixture('statement.camt.053.001.02.xml'));
    expect(others).toHaveLength(0);
    expect(statement).toMatchObject({ format: 'camt053', account: 'BE68539007547034', statementId: '2026-11-20-042' });
    expect(statement?.movements.map((m) => [m.amountCents, m.structuredReference, m.counterpartyName])).toEqual([
      [123_600, '202700000122', 'Jean-François Dûbois'],
      [-4_550, null, null],
      [3_500, '202700000223', 'Zoë Van Dijck'],
      [3_500, '202700000324', 'Marie Lefèvre'],
      [3_500, '202700000425', 'Günther Schäfer'],
      [2_000, null, null],
      // A reversed credit takes the money back out.
      [-3_500, '202700000223', null],
    ]);
    expect(statement?.movements[0]).toMatchObject({
      bookingDate: '2026-11-20',
      valueDate: '2026-11-20',
      counterpartyAccount: 'BE71096123456769',
    });
    expect(statement?.movements[3]?.valueDate).toBe('2026-11-21');
    expect(statement?.movements[5]?.communication).toBe('Gift for the prizes');
  });

  it('gives movements identities that survive a second reading and differ between batch details', async () => {
    const xml = await fixture('statement.camt.053.001.02.xml');
    const first = parseCamt053(xml)[0]?.movements.map((m) => m.identity) ?? [];
    expect(parseCamt053(xml)[0]?.movements.map((m) => m.identity)).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
  });

  it('reads version 08: status codes, party names under Pty, amounts on the detail and date-times', async () => {
    const [statement] = parseCamt053(await fixture('statement.camt.053.001.08.xml'));
    expect(statement?.account).toBe('BE68539007547034');
    expect(statement?.movements).toEqual([
      expect.objectContaining({
        amountCents: 123_600,
        bookingDate: '2026-11-21',
        structuredReference: '202700000122',
        counterpartyName: 'Ærøskøbing Ørsted',
        counterpartyAccount: 'DK5000400440116243',
      }),
      expect.objectContaining({ amountCents: -1_234, counterpartyName: 'Drukkerij Van Hoeck', communication: 'Badges' }),
    ]);
  });

  it('keeps a reference that fails the check as communication, not as a match', () => {
    const xml = `<Document><BkToCstmrStmt><Stmt><Id>S</Id><Acct><Id><IBAN>BE68539007547034</IBAN></Id></Acct>
      <Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-20</Dt></BookgDt>
      <NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Tp><Issr>BBA</Issr></Tp><Ref>202700000199</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls>
      </Ntry></Stmt></BkToCstmrStmt></Document>`;
    const [movement] = parseCamt053(xml)[0]?.movements ?? [];
    expect(movement).toMatchObject({ structuredReference: null, communication: '202700000199' });
  });

  it('refuses other documents, other currencies and entries without an amount', () => {
    expect(() => parseCamt053('<Document><Other/></Document>')).toThrow(BankStatementFormatError);
    expect(() => parseCamt053('not xml at all <')).toThrow(BankStatementFormatError);
    const usd = `<Document><BkToCstmrStmt><Stmt><Acct><Id><IBAN>BE68539007547034</IBAN></Id></Acct>
      <Ntry><Amt Ccy="USD">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-20</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>`;
    expect(() => parseCamt053(usd)).toThrow(BankStatementCurrencyError);
    expect(() => parseCamt053(usd)).toThrow(/USD/);
  });

  it("reads genkgo/camt's samples: a creditor reference of issuer BBA that fails the check stays communication", async () => {
    for (const name of ['genkgo-camt053.001.02.minimal.xml', 'genkgo-camt053.001.08.xml']) {
      const [statement, ...others] = parseCamt053(await fixture(name));
      expect(others).toHaveLength(0);
      expect(statement?.account).toBe('NL26VAYB8060476890');
      expect(statement?.movements).toEqual([
        expect.objectContaining({ amountCents: 885, structuredReference: null, communication: expect.stringContaining('4654654654654654') }),
      ]);
    }
  });
});
