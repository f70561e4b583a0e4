import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithManager, managerHeaders } from '../../../test/managers.js';
import type { TestContext } from '../../../test/test-app.js';
import { auditEntries } from '../../platform/audit.tables.js';
import { attendees } from './participants.tables.js';

let ctx: TestContext;
let admin: { authorization: string };

beforeAll(async () => ({ ctx, headers: admin } = await appWithManager(['admin'])), 60_000);
afterAll(async () => ctx?.close());

function multipart(file: Buffer, filename: string, fields: Record<string, string> = {}) {
  const boundary = '----bjkguests';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([...parts, head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

const upload = (
  step: 'import/preview' | 'import',
  file: Buffer,
  filename: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = admin,
) => {
  const body = multipart(file, filename, fields);
  return ctx.app.inject({ method: 'POST', url: `/api/v1/attendee/bjk/${step}`, headers: { ...headers, ...body.headers }, payload: body.payload });
};

/** A workbook as a spreadsheet writes it: accents in headers, a date cell, a formula, an empty row, an unknown column. */
async function guestWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Leeg', { state: 'hidden' });
  const sheet = workbook.addWorksheet('Eters');
  sheet.addRow(['Prénom', 'Nom', 'Catégorie', 'E-mail', 'GSM', 'Repas', 'Remarque', 'Kamer']);
  sheet.addRow(['Zoë', 'Van den Brûle', 'EAT', 'Zoe@Example.TEST', '0470 12 34 56', 'bo', new Date(Date.UTC(2027, 3, 5)), '12']);
  sheet.addRow([]);
  sheet.addRow(['Jean-Luc', 'Dœuf', 'guest', '', '', '', { formula: '1+1', result: 2 }, '']);
  sheet.addRow(['', 'Zonder Voornaam', 'EAT', 'not-an-address', '', 'XX', '', '']);
  sheet.addRow(['zoe', 'VAN DEN BRULE', 'EAT', '', '', '', '', '']);
  sheet.getCell('G2').numFmt = 'dd/mm/yyyy';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('guest import', () => {
  it('previews an XLSX line by line, then imports its valid lines once however often it is sent', async () => {
    const file = await guestWorkbook();
    // The file is a real workbook: reopened, it holds what was written (the date as a date).
    const reopened = new ExcelJS.Workbook();
    await reopened.xlsx.load(file as unknown as ArrayBuffer);
    expect(reopened.getWorksheet('Eters')!.getCell('G2').value).toEqual(new Date(Date.UTC(2027, 3, 5)));

    const before = await ctx.db.select().from(attendees);
    const preview = await upload('import/preview', file, 'eters.xlsx');
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ committed: false, format: 'xlsx', ignoredColumns: ['Kamer'], counts: { new: 2, existing: 0, error: 2, empty: 1 } });
    expect(body.lines.map((l: { line: number; status: string }) => [l.line, l.status])).toEqual([
      [2, 'new'],
      [4, 'new'],
      [5, 'error'],
      [6, 'error'],
    ]);
    expect(body.lines[0]).toMatchObject({
      firstName: 'Zoë',
      lastName: 'Van den Brûle',
      email: 'zoe@example.test',
      mobile: '+32470123456',
      mealsCode: 'BO',
      remarks: '2027-04-05',
    });
    expect(body.lines[1]).toMatchObject({ firstName: 'Jean-Luc', lastName: 'Dœuf', category: 'GUEST', remarks: '2' });
    expect(body.lines[2].errors.map((e: { error: string }) => e.error).sort()).toEqual(['emailInvalid', 'firstNameRequired', 'mealsInvalid']);
    // The same person without accents or case is the same line: flagged, pointing at the first.
    expect(body.lines[3].errors).toEqual([{ field: 'line', error: 'duplicateInFile', otherLine: 2 }]);
    expect(await ctx.db.select().from(attendees)).toHaveLength(before.length);

    // A double click: two imports at once add the two lines once.
    const [first, second] = await Promise.all([upload('import', file, 'eters.xlsx'), upload('import', file, 'eters.xlsx')]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect([first.json().counts.new, second.json().counts.new].sort()).toEqual([0, 2]);
    const rows = await ctx.db.select().from(attendees).where(eq(attendees.kind, 'bjk'));
    expect(rows.filter((r) => r.lastName === 'Van den Brûle')).toHaveLength(1);
    expect(rows.find((r) => r.lastName === 'Van den Brûle')).toMatchObject({ category: 'EAT', mealsCode: 'BO', mobile: '+32470123456' });

    const again = await upload('import', file, 'eters.xlsx');
    expect(again.json().counts).toEqual({ new: 0, existing: 2, error: 2, empty: 1 });
    const audit = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'participants.import_attendees')));
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });

  it('reads CSV files with a BOM and semicolons, with commas and quotes, and in Windows-1252', async () => {
    const semicolons = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('Voornaam;Naam;Categorie;Opmerking\r\nAnaïs;Lefèvre;EAT;"twee; drie"\r\n;;;\r\nÉmile;Šimić;;\r\n', 'utf8'),
    ]);
    const a = await upload('import/preview', semicolons, 'eters.csv', { category: 'GUEST' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ format: 'csv', ignoredColumns: [], counts: { new: 2, error: 0, empty: 1 } });
    expect(
      a.json().lines.map((l: { line: number; firstName: string; category: string; remarks: string }) => [l.line, l.firstName, l.category, l.remarks]),
    ).toEqual([
      [2, 'Anaïs', 'EAT', 'twee; drie'],
      [4, 'Émile', 'GUEST', ''],
    ]);

    const commas = Buffer.from('First name,Last name,Category,Remarks\n"Mary, Jr.",O\'Brien,ARB,"said ""hi""\nover two lines"\nPeter,Pan,NOPE,\n', 'utf8');
    const b = await upload('import/preview', commas, 'guests.csv');
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().lines.map((l: { line: number; firstName: string; status: string; remarks: string }) => [l.line, l.firstName, l.status, l.remarks])).toEqual(
      [
        [2, 'Mary, Jr.', 'new', 'said "hi" over two lines'],
        [4, 'Peter', 'error', ''],
      ],
    );
    expect(b.json().lines[1].errors).toEqual([{ field: 'category', error: 'categoryUnknown' }]);

    // "œ" is 0x9C in Windows-1252 (and in no Latin-1): what Excel on Windows writes as "CSV".
    const cp1252 = Buffer.concat([
      Buffer.from('Vorname;Nachname;Kategorie\r\nJürgen;Müller;EAT\r\nFrançois;D', 'latin1'),
      Buffer.from([0x9c]),
      Buffer.from('uf;EAT\r\n', 'latin1'),
    ]);
    const c = await upload('import/preview', cp1252, 'eters.csv');
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().lines.map((l: { firstName: string; lastName: string }) => `${l.firstName} ${l.lastName}`)).toEqual(['Jürgen Müller', 'François Dœuf']);
  });

  it('refuses what it cannot read with a coded error, and managers without the right', async () => {
    const noNames = await upload('import/preview', Buffer.from('E-mail;GSM\r\na@b.test;\r\n'), 'x.csv');
    expect(noNames.statusCode).toBe(422);
    expect(noNames.json()).toMatchObject({ code: 'participants.import_unreadable' });
    const broken = await upload('import/preview', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]), 'x.xlsx');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().code).toBe('participants.import_unreadable');
    expect((await upload('import/preview', Buffer.alloc(0), 'x.csv')).json().code).toBe('participants.import_unreadable');
    expect((await upload('import', Buffer.from('Voornaam;Naam\nA;B\n'), 'x.csv', {}, {})).statusCode).toBe(401);
    const desk = await managerHeaders(ctx, ['desk']);
    expect((await upload('import', Buffer.from('Voornaam;Naam\nA;B\n'), 'x.csv', {}, desk)).statusCode).toBe(403);
  });
});
