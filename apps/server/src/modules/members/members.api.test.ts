import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerHeaders } from '../../../test/managers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { systemContext } from '../../platform/service-context.js';
import { findMember, seedMembersIfEmpty } from './members.service.js';

let ctx: TestContext;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  headers = await managerHeaders(ctx, ['registrar']);
}, 60_000);
afterAll(async () => ctx?.close());

function upload(format: string, filename: string, content: string, auth: Record<string, string> = headers) {
  const boundary = '----bjkboundary';
  const payload = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${filename}"`,
    'Content-Type: application/octet-stream',
    '',
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/members/import?format=${format}`,
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('the member registry', () => {
  it('seeds the demo members once, on first start only', async () => {
    expect(await seedMembersIfEmpty(systemContext(ctx))).toBeGreaterThanOrEqual(30);
    expect(await seedMembersIfEmpty(systemContext(ctx))).toBe(0);
    expect((await findMember(ctx.db, { idbel: 45107 }))?.lastName).toBe('Willems');
  });

  it('imports a CSV by its header names, upserting and reporting rejected lines with reasons', async () => {
    const csv = [
      'First Name;Last_Name;IDBEL;Birth Year;Gender;Club Id;Club Name;FIDE Federation;Rating National;Rating FIDE;FIDE Title;IDFIDE',
      'Anna;Aerts;90001;2014;F;230;KGSRL;BEL;1400;1380;;9000101',
      'Bram;Bosmans;90002;2012;M;101;KSK Brugge;;1600;;;',
      ';;;2012;M;;;;;;;',
      'Cas;Claes;abc;2012;M;;;;;;;',
      'Dirk;Dierckx;90003;2012;X;;;;;;;',
      'Anna;Aerts-Updated;90001;2014;F;230;KGSRL;BEL;1410;1390;;9000101',
    ].join('\n');
    const response = await upload('csv', 'members.csv', csv);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ format: 'csv', received: 3, inserted: 2, updated: 0, rejected: 3 });
    expect(result.rejections).toEqual([
      { line: 4, reason: 'idbel is missing' },
      { line: 5, reason: 'idbel is not a number: "abc"' },
      { line: 6, reason: 'unknown gender "X"' },
    ]);
    const anna = await findMember(ctx.db, { idbel: 90001 });
    expect(anna).toMatchObject({ lastName: 'Aerts-Updated', ratingNational: 1410, idfide: 9000101, gender: 'F', clubName: 'KGSRL' });

    const again = (await upload('csv', 'members.csv', 'idbel,first_name,last_name,birth_year\n90002,Bram,Bosmans,2011\n')).json();
    expect(again).toMatchObject({ inserted: 0, updated: 1, unchanged: 0, rejected: 0 });
    expect((await findMember(ctx.db, { idbel: 90002 }))?.birthYear).toBe(2011);

    const same = (await upload('csv', 'members.csv', 'idbel,first_name,last_name,birth_year\n90002,Bram,Bosmans,2011\n')).json();
    expect(same).toMatchObject({ inserted: 0, updated: 0, unchanged: 1, rejected: 0 });
  });

  it('reads quoted CSV fields: delimiters, doubled quotes and line breaks inside quotes (as \\n), a BOM and CRLF', async () => {
    const csv = '\uFEFFidbel;first_name;last_name;club_name\r\n90004;"Eva";"De ""Kleine"" Smet";"Club; Gent\r\nCentrum"\r\n\r\n90005;Fien; Fransen ;KSK\r\n';
    const result = (await upload('csv', 'quoted.csv', csv)).json();
    expect(result).toMatchObject({ received: 2, inserted: 2, rejected: 0 });
    expect(await findMember(ctx.db, { idbel: 90004 })).toMatchObject({ firstName: 'Eva', lastName: 'De "Kleine" Smet', clubName: 'Club; Gent\nCentrum' });
    expect(await findMember(ctx.db, { idbel: 90005 })).toMatchObject({ lastName: 'Fransen', clubName: 'KSK' });
    const broken = (await upload('csv', 'q.csv', 'idbel,first_name,last_name\n90006,Gil,Goris\nabc,Hans,Hermans\n')).json();
    expect(broken.rejections).toEqual([{ line: 3, reason: 'idbel is not a number: "abc"' }]);
  });

  it('refuses a CSV whose header names no idbel column', async () => {
    const result = (await upload('csv', 'bad.csv', 'name,year\nX,2010\n')).json();
    expect(result.rejections[0].reason).toMatch(/no idbel column/);
    expect(result.inserted).toBe(0);
  });

  it("imports FIDE's fixed-width players list, updating known players and adding the others", async () => {
    const header =
      'ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag ';
    const row = (id: string, name: string, fed: string, sex: string, tit: string, rating: string, year: string) =>
      `${id.padEnd(15)}${name.padEnd(61)}${fed.padEnd(4)}${sex.padEnd(4)}${tit.padEnd(5)}${''.padEnd(5)}${''.padEnd(15)}${''.padEnd(4)}${rating.padEnd(6)}${'0'.padEnd(4)}${'20'.padEnd(3)}${''.padEnd(6)}${''.padEnd(4)}${''.padEnd(3)}${''.padEnd(6)}${''.padEnd(4)}${''.padEnd(3)}${year.padEnd(6)}`;
    const txt = [
      header,
      row('9000101', 'Aerts, Anna', 'BEL', 'F', 'WCM', '1455', '2014'),
      row('9000999', 'Nouveau, Jean', 'FRA', 'M', 'FM', '2301', '1999'),
      row('x12', 'Broken, Row', 'BEL', 'M', '', '', ''),
    ].join('\n');
    const result = (await upload('fide-txt', 'players_list_foa.txt', txt)).json();
    expect(result).toMatchObject({ received: 2, inserted: 1, updated: 1, rejected: 1 });
    expect(await findMember(ctx.db, { idfide: 9000101 })).toMatchObject({ idbel: 90001, lastName: 'Aerts-Updated', ratingFide: 1455, fideTitle: 'WCM' });
    expect(await findMember(ctx.db, { idfide: 9000999 })).toMatchObject({
      idbel: null,
      firstName: 'Jean',
      lastName: 'Nouveau',
      fideFederation: 'FRA',
      fideTitle: 'FM',
      birthYear: 1999,
    });
  });

  it("imports FIDE's XML players list as a stream", async () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player><fideid>9000999</fideid><name>Nouveau, Jean</name><country>FRA</country><sex>M</sex><title>IM</title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>2402</rating><games>0</games><k>10</k><birthday>1999</birthday><flag></flag></player>
<player><fideid>9000777</fideid><name>D&apos;Hondt, Lies</name><country>BEL</country><sex>F</sex><title></title><w_title>WFM</w_title><o_title></o_title><foa_title></foa_title><rating>2101</rating><games>0</games><k>20</k><birthday>2001</birthday><flag>w</flag></player>
<player><fideid></fideid><name>No Id</name></player>
</playerslist>`;
    const result = (await upload('fide-xml', 'players_list_xml_foa.xml', xml)).json();
    expect(result).toMatchObject({ received: 2, inserted: 1, updated: 1, rejected: 1 });
    expect(await findMember(ctx.db, { idfide: 9000777 })).toMatchObject({ lastName: "D'Hondt", firstName: 'Lies', fideTitle: 'WFM', ratingFide: 2101 });
    expect((await findMember(ctx.db, { idfide: 9000999 }))?.fideTitle).toBe('IM');
  });

  it('merges a FIDE-only player into the federation member who gets that FIDE id', async () => {
    const result = (await upload('csv', 'm.csv', 'idbel,idfide,first_name,last_name\n90010,9000999,Jean,Nouveau\n')).json();
    expect(result).toMatchObject({ inserted: 1, rejected: 0 });
    expect(await findMember(ctx.db, { idfide: 9000999 })).toMatchObject({ idbel: 90010 });
  });

  it('lets only managers with members:write import', async () => {
    expect((await upload('csv', 'm.csv', 'idbel\n1\n', {})).statusCode).toBe(401);
    const arbiter = await managerHeaders(ctx, ['arbiter']);
    expect((await upload('csv', 'm.csv', 'idbel\n1\n', arbiter)).statusCode).toBe(403);
  });
});

describe('a broken member upload', () => {
  const boundary = '----bjkboundary';
  const cutOff = (content: string) =>
    [`--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="players.txt"', 'Content-Type: application/octet-stream', '', content].join(
      '\r\n',
    );
  const send = (format: string, contentType: string, payload: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/members/import?format=${format}`, headers: { ...headers, 'content-type': contentType }, payload });

  it.each([
    ['fide-txt', 'ID Number      Name                             Fed\n123456         Example, Ann                     BEL\n'],
    ['csv', 'First Name;Last_Name;IDBEL\nAnn;Example;1\n'],
    ['fide-xml', '<playerslist><player><fideid>1</fideid><name>Example, Ann</name></player>'],
  ])('ending before its closing boundary is refused as an unreadable upload (%s), and the server lives on', async (format, content) => {
    const response = await send(format, `multipart/form-data; boundary=${boundary}`, cutOff(content));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('platform.upload_invalid');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/members/count', headers })).statusCode).toBe(200);
  });

  it('without a boundary is refused as an unreadable upload', async () => {
    const response = await send('csv', 'multipart/form-data', cutOff('x'));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('platform.upload_invalid');
  });

  it('without a file is refused as a missing upload', async () => {
    const response = await send('csv', `multipart/form-data; boundary=${boundary}`, `--${boundary}--\r\n`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('platform.upload_missing');
  });
});
