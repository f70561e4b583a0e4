/**
 * Builds bank statement files for tests and benchmarks, field by field after Febelfin CODA 2.x and camt.053.001.02,
 * so an import can name requests whose structured messages exist only at run time.
 */

export type StatementMovement = {
  amountCents: number;
  /** 12 digits, sent as a type-101 structured communication (CODA) or a BBA creditor reference (camt). */
  reference?: string;
  text?: string;
  name?: string;
  account?: string;
};

function record(fields: [number, string][]): string {
  const chars = Array.from({ length: 128 }, () => ' ');
  for (const [position, text] of fields) {
    Array.from(text).forEach((c, i) => {
      chars[position - 1 + i] = c;
    });
  }
  return chars.join('').slice(0, 128);
}

const amount15 = (cents: number) => String(Math.abs(cents) * 10).padStart(15, '0');
const ddmmyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;

export function codaStatement(options: { account: string; date: string; number: number; movements: StatementMovement[]; openingCents?: number }): string {
  const date = ddmmyy(options.date);
  const statementNumber = String(options.number).padStart(3, '0');
  const opening = options.openingCents ?? 0;
  const lines = [
    record([
      [1, '0'],
      [2, '0000'],
      [6, date],
      [12, '300'],
      [15, '05'],
      [35, 'TEST'],
      [61, 'GKCCBEBB'],
      [128, '2'],
    ]),
    record([
      [1, '1'],
      [2, '2'],
      [3, statementNumber],
      [6, options.account],
      [40, 'EUR'],
      [43, opening < 0 ? '1' : '0'],
      [44, amount15(opening)],
      [59, date],
      [65, 'TEST'],
      [126, statementNumber],
    ]),
  ];
  let balance = opening;
  let credits = 0;
  let debits = 0;
  options.movements.forEach((m, index) => {
    const sequence = String(index + 1).padStart(4, '0');
    balance += m.amountCents;
    if (m.amountCents < 0) debits += -m.amountCents;
    else credits += m.amountCents;
    const communication: [number, string][] = m.reference
      ? [
          [62, '1'],
          [63, `101${m.reference}`],
        ]
      : [
          [62, '0'],
          [63, (m.text ?? '').slice(0, 53)],
        ];
    lines.push(
      record([
        [1, '21'],
        [3, sequence],
        [7, '0000'],
        [11, `REF${sequence}`],
        [32, m.amountCents < 0 ? '1' : '0'],
        [33, amount15(m.amountCents)],
        [48, date],
        [54, '00150000'],
        ...communication,
        [116, date],
        [122, statementNumber],
        [126, '1'],
        [128, '0'],
      ]),
      record([
        [1, '23'],
        [3, sequence],
        [7, '0000'],
        [11, m.account ?? 'BE71096123456769'],
        [48, (m.name ?? 'Payer').slice(0, 35)],
        [126, '0'],
        [128, '0'],
      ]),
    );
  });
  lines.push(
    record([
      [1, '8'],
      [2, statementNumber],
      [5, options.account],
      [39, 'EUR'],
      [42, balance < 0 ? '1' : '0'],
      [43, amount15(balance)],
      [58, date],
      [128, '0'],
    ]),
  );
  const count = lines.filter((l) => '1238'.includes(l[0]!)).length;
  lines.push(
    record([
      [1, '9'],
      [17, String(count).padStart(6, '0')],
      [23, amount15(debits)],
      [38, amount15(credits)],
      [128, '2'],
    ]),
  );
  return `${lines.join('\r\n')}\r\n`;
}

const escapeXml = (value: string) => value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export function camtStatement(options: { account: string; date: string; id: string; movements: StatementMovement[] }): string {
  const entries = options.movements.map((m, index) => {
    const remittance = m.reference
      ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>BBA</Issr></Tp><Ref>${m.reference}</Ref></CdtrRefInf></Strd>`
      : `<Ustrd>${escapeXml(m.text ?? '')}</Ustrd>`;
    return `<Ntry><Amt Ccy="EUR">${(Math.abs(m.amountCents) / 100).toFixed(2)}</Amt><CdtDbtInd>${m.amountCents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${options.date}</Dt></BookgDt><ValDt><Dt>${options.date}</Dt></ValDt><AcctSvcrRef>${escapeXml(options.id)}-${index + 1}</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>${escapeXml(m.name ?? 'Payer')}</Nm></Dbtr></RltdPties><RmtInf>${remittance}</RmtInf></TxDtls></NtryDtls></Ntry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>${escapeXml(options.id)}</MsgId><CreDtTm>${options.date}T18:00:00Z</CreDtTm></GrpHdr>
<Stmt><Id>${escapeXml(options.id)}</Id><Acct><Id><IBAN>${options.account}</IBAN></Id></Acct>
${entries.join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}

/** A multipart/form-data body with one file field, for `app.inject`. */
export function multipartFile(
  fileName: string,
  content: string | Buffer,
  field = 'file',
  contentType = 'application/octet-stream',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bjk${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
