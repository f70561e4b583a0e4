import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberImportJob, MemberImportResult } from '@bjk/domain';
import { managerHeaders } from '../../../test/managers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { bulkJobKinds } from '../../app.js';
import { BULK_JOB_STALE_AFTER_MS, markInterruptedJobs } from '../../platform/bulk-jobs.js';
import { systemContext } from '../../platform/service-context.js';
import { stopMemberImports } from './member-imports.service.js';
import { memberImportJobs, members } from './members.tables.js';
import { findMember, seedMembersIfEmpty } from './members.service.js';

let ctx: TestContext;
let headers: { authorization: string };
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bjk-members-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  headers = await managerHeaders(ctx, ['registrar']);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

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

/** The job's state once it ended (the server waits for it: no polling). */
async function finished(id: string): Promise<MemberImportJob> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/members/imports/${id}?wait=30`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MemberImportJob>();
}

/** Uploads a file, which answers the job at once (202), and waits for the job's report. */
async function imported(format: string, filename: string, content: string): Promise<MemberImportResult> {
  const response = await upload(format, filename, content);
  expect(response.statusCode, response.body).toBe(202);
  const job = await finished(response.json<MemberImportJob>().id);
  expect(job).toMatchObject({ status: 'done', error: null });
  return job.result!;
}

/** FIDE's XML players list holding these `<player>` elements. */
const fideXml = (players: string) => `<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n${players}\n</playerslist>`;

describe('the member registry', () => {
  it('seeds the demo members once, on first start only', async () => {
    // An empty registry, whatever the tests before this one imported.
    await ctx.db.delete(members);
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
    const result = await imported('csv', 'members.csv', csv);
    expect(result).toMatchObject({ format: 'csv', received: 3, inserted: 2, updated: 0, rejected: 3 });
    expect(result.rejections).toEqual([
      { line: 4, reason: 'idbel is missing' },
      { line: 5, reason: 'idbel is not a number: "abc"' },
      { line: 6, reason: 'unknown gender "X"' },
    ]);
    const anna = await findMember(ctx.db, { idbel: 90001 });
    expect(anna).toMatchObject({ lastName: 'Aerts-Updated', ratingNational: 1410, idfide: 9000101, gender: 'F', clubName: 'KGSRL' });

    const again = await imported('csv', 'members.csv', 'idbel,first_name,last_name,birth_year\n90002,Bram,Bosmans,2011\n');
    expect(again).toMatchObject({ inserted: 0, updated: 1, unchanged: 0, rejected: 0 });
    expect((await findMember(ctx.db, { idbel: 90002 }))?.birthYear).toBe(2011);

    const same = await imported('csv', 'members.csv', 'idbel,first_name,last_name,birth_year\n90002,Bram,Bosmans,2011\n');
    expect(same).toMatchObject({ inserted: 0, updated: 0, unchanged: 1, rejected: 0 });
  });

  it('reads quoted CSV fields: delimiters, doubled quotes and line breaks inside quotes (as \\n), a BOM and CRLF', async () => {
    const csv = '\uFEFFidbel;first_name;last_name;club_name\r\n90004;"Eva";"De ""Kleine"" Smet";"Club; Gent\r\nCentrum"\r\n\r\n90005;Fien; Fransen ;KSK\r\n';
    const result = await imported('csv', 'quoted.csv', csv);
    expect(result).toMatchObject({ received: 2, inserted: 2, rejected: 0 });
    expect(await findMember(ctx.db, { idbel: 90004 })).toMatchObject({ firstName: 'Eva', lastName: 'De "Kleine" Smet', clubName: 'Club; Gent\nCentrum' });
    expect(await findMember(ctx.db, { idbel: 90005 })).toMatchObject({ lastName: 'Fransen', clubName: 'KSK' });
    const broken = await imported('csv', 'q.csv', 'idbel,first_name,last_name\n90006,Gil,Goris\nabc,Hans,Hermans\n');
    expect(broken.rejections).toEqual([{ line: 3, reason: 'idbel is not a number: "abc"' }]);
  });

  it('refuses a CSV whose header names no idbel column', async () => {
    const result = await imported('csv', 'bad.csv', 'name,year\nX,2010\n');
    expect(result.rejections[0]?.reason).toMatch(/no idbel column/);
    expect(result.inserted).toBe(0);
  });

  it("imports FIDE's fixed-width players list, updating known players and adding the others", async () => {
    const header =
      'ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag ';
    const row = (id: string, name: string, fed: string, sex: string, tit: string, rating: string, year: string) =>
      `${id.padEnd(15)}${name.padEnd(61)}${fed.padEnd(4)}${sex.padEnd(4)}${tit.padEnd(5)}${''.padEnd(5)}${''.padEnd(15)}${''.padEnd(4)}${rating.padEnd(6)}${'0'.padEnd(4)}${'20'.padEnd(3)}${''.padEnd(6)}${''.padEnd(4)}${''.padEnd(3)}${''.padEnd(6)}${''.padEnd(4)}${''.padEnd(3)}${year.padEnd(6)}`;
    // A federation member who has a FIDE id already; the list updates her and adds the player the registry lacks.
    await imported('csv', 'members.csv', 'idbel,idfide,first_name,last_name\n90101,9010101,Anna,Aerts-Updated\n');
    const txt = [
      header,
      row('9010101', 'Aerts, Anna', 'BEL', 'F', 'WCM', '1455', '2014'),
      row('9010999', 'Nouveau, Jean', 'FRA', 'M', 'FM', '2301', '1999'),
      row('x12', 'Broken, Row', 'BEL', 'M', '', '', ''),
    ].join('\n');
    const result = await imported('fide-txt', 'players_list_foa.txt', txt);
    expect(result).toMatchObject({ received: 2, inserted: 1, updated: 1, rejected: 1 });
    expect(await findMember(ctx.db, { idfide: 9010101 })).toMatchObject({ idbel: 90101, lastName: 'Aerts-Updated', ratingFide: 1455, fideTitle: 'WCM' });
    expect(await findMember(ctx.db, { idfide: 9010999 })).toMatchObject({
      idbel: null,
      firstName: 'Jean',
      lastName: 'Nouveau',
      fideFederation: 'FRA',
      fideTitle: 'FM',
      birthYear: 1999,
    });
  });

  it("imports FIDE's XML players list as a stream", async () => {
    // A player the registry knows from an earlier list, as FM; this list makes him IM and adds another.
    const known = await imported(
      'fide-xml',
      'players_list_xml_foa.xml',
      fideXml(
        '<player><fideid>9000999</fideid><name>Nouveau, Jean</name><country>FRA</country><sex>M</sex><title>FM</title><rating>2301</rating><birthday>1999</birthday></player>',
      ),
    );
    expect(known).toMatchObject({ received: 1, rejected: 0 });
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player><fideid>9000999</fideid><name>Nouveau, Jean</name><country>FRA</country><sex>M</sex><title>IM</title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>2402</rating><games>0</games><k>10</k><birthday>1999</birthday><flag></flag></player>
<player><fideid>9000777</fideid><name>D&apos;Hondt, Lies</name><country>BEL</country><sex>F</sex><title></title><w_title>WFM</w_title><o_title></o_title><foa_title></foa_title><rating>2101</rating><games>0</games><k>20</k><birthday>2001</birthday><flag>w</flag></player>
<player><fideid></fideid><name>No Id</name></player>
</playerslist>`;
    const result = await imported('fide-xml', 'players_list_xml_foa.xml', xml);
    expect(result).toMatchObject({ received: 2, inserted: 1, updated: 1, rejected: 1 });
    expect(await findMember(ctx.db, { idfide: 9000777 })).toMatchObject({ lastName: "D'Hondt", firstName: 'Lies', fideTitle: 'WFM', ratingFide: 2101 });
    expect((await findMember(ctx.db, { idfide: 9000999 }))?.fideTitle).toBe('IM');
  });

  it('merges a FIDE-only player into the federation member who gets that FIDE id', async () => {
    await imported(
      'fide-xml',
      'players_list_xml_foa.xml',
      fideXml('<player><fideid>9030999</fideid><name>Nouveau, Jean</name><country>FRA</country><sex>M</sex></player>'),
    );
    expect(await findMember(ctx.db, { idfide: 9030999 })).toMatchObject({ idbel: null });
    const result = await imported('csv', 'm.csv', 'idbel,idfide,first_name,last_name\n90030,9030999,Jean,Nouveau\n');
    expect(result).toMatchObject({ inserted: 1, rejected: 0 });
    expect(await findMember(ctx.db, { idfide: 9030999 })).toMatchObject({ idbel: 90030 });
  });

  it('lets only managers with members:write import', async () => {
    expect((await upload('csv', 'm.csv', 'idbel\n1\n', {})).statusCode).toBe(401);
    const arbiter = await managerHeaders(ctx, ['arbiter']);
    expect((await upload('csv', 'm.csv', 'idbel\n1\n', arbiter)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/members/imports' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/members/imports', headers: arbiter })).statusCode).toBe(403);
    const job = (await upload('csv', 'm.csv', 'idbel\n1\n')).json<MemberImportJob>();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/members/imports/${job.id}`, headers: arbiter })).statusCode).toBe(403);
    await finished(job.id);
  });
});

describe('a member import job', () => {
  const csvOf = (rows: number, from: number) =>
    ['idbel;first_name;last_name;birth_year', ...Array.from({ length: rows }, (_, i) => `${from + i};Speler;Nummer${i};2012`)].join('\n');
  const storedUploads = async () => readdir(path.join(dataDir, 'tmp', 'member-imports')).catch(() => []);

  it('answers 202 at once and shows its progress per batch while it runs, then its report; the stored upload is removed', async () => {
    const response = await upload('csv', 'big.csv', csvOf(50_000, 500_000));
    expect(response.statusCode).toBe(202);
    const job = response.json<MemberImportJob>();
    expect(job).toMatchObject({ format: 'csv', status: 'queued', received: 0, result: null, createdBy: expect.any(String) });
    expect(job.bytes).toBeGreaterThan(1_000_000);
    // The page's poll, as fast as the server answers, until the job ends (the deadline is the test's).
    const seen: MemberImportJob[] = [];
    const deadline = Date.now() + 60_000;
    for (;;) {
      const now = (await ctx.app.inject({ method: 'GET', url: `/api/v1/members/imports/${job.id}`, headers })).json<MemberImportJob>();
      seen.push(now);
      if (now.status === 'done' || now.status === 'failed' || Date.now() > deadline) break;
    }
    const last = seen.at(-1)!;
    expect(last.status).toBe('done');
    // Between the answer and the end the page saw the rows arrive batch by batch (10 000 per batch).
    const partial = seen.filter((s) => s.status === 'running' && s.received > 0 && s.received < 50_000);
    expect(partial.length, JSON.stringify(seen.map((s) => [s.status, s.received]))).toBeGreaterThan(0);
    expect(partial.every((s) => s.inserted % 10_000 === 0)).toBe(true);
    expect(last).toMatchObject({ received: 50_000, inserted: 50_000, updated: 0, rejected: 0, error: null });
    expect(last.result).toMatchObject({ format: 'csv', received: 50_000, inserted: 50_000, rejections: [] });
    expect(last.finishedAt).not.toBeNull();
    expect(await storedUploads()).toEqual([]);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/members/imports', headers })).json<MemberImportJob[]>();
    expect(list.find((j) => j.id === job.id)).toMatchObject({ status: 'done', received: 50_000 });
  }, 90_000);

  it('gives one job for the retries of one upload (Idempotency-Key)', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/v1/members/imports', headers })).json<MemberImportJob[]>().length;
    const keyed = { ...headers, 'idempotency-key': 'member-import-retry-1' };
    const first = await upload('csv', 'm.csv', csvOf(3, 600_000), keyed);
    const retry = await upload('csv', 'm.csv', csvOf(3, 600_000), keyed);
    expect([first.statusCode, retry.statusCode]).toEqual([202, 202]);
    expect(retry.json().id).toBe(first.json().id);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await finished(first.json().id)).result).toMatchObject({ inserted: 3 });
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/v1/members/imports', headers })).json<MemberImportJob[]>();
    expect(after.length).toBe(before + 1);
  });

  it('is unknown when it does not exist', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/members/imports/00000000-0000-4000-8000-000000000000', headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('members.import_not_found');
  });

  /** The state a crash leaves: the job's row still running, its stored upload on disk, part of its rows upserted. */
  async function crashedJob(rows: number, from: number, withFile: boolean): Promise<string> {
    const id = randomUUID();
    const dir = path.join(dataDir, 'tmp', 'member-imports');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${id}.csv`);
    if (withFile) await writeFile(file, csvOf(rows, from));
    const now = ctx.clock.now();
    await ctx.db
      .insert(memberImportJobs)
      .values({ id, format: 'csv', status: 'running', file, bytes: 100, received: 2, inserted: 2, createdBy: 'Crashed', createdAt: now, updatedAt: now });
    // The killed run had upserted the first two rows.
    expect(await imported('csv', 'first.csv', csvOf(2, from))).toMatchObject({ inserted: 2 });
    return id;
  }
  const later = () => new Date(ctx.clock.now().getTime() + BULK_JOB_STALE_AFTER_MS + 1000);

  it('is marked interrupted when its process died, listed, and resumed: the file is read again, nothing is imported twice', async () => {
    const id = await crashedJob(5, 700_000, true);
    expect(await markInterruptedJobs(ctx.database, bulkJobKinds(ctx), ctx.clock.now())).toBe(0);
    expect(await markInterruptedJobs(ctx.database, bulkJobKinds(ctx), later())).toBe(1);
    expect((await finished(id)).status).toBe('interrupted');
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/v1/jobs/interrupted', headers })).json<{ kind: string; id: string }[]>();
    expect(listed).toContainEqual(expect.objectContaining({ kind: 'members', id, action: 'csv' }));
    const arbiter = await managerHeaders(ctx, ['arbiter']);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/jobs/members/${id}/resume`, headers: arbiter })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/jobs/members/${id}/resume`, headers })).statusCode).toBe(202);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/jobs/members/${id}/resume`, headers })).json().code).toBe('platform.job_not_interrupted');
    const done = await finished(id);
    // The upsert is idempotent: the two rows of the killed run are matched again, unchanged; the other three are new.
    expect(done).toMatchObject({ status: 'done', received: 5, inserted: 3, unchanged: 2, updated: 0 });
    expect(await findMember(ctx.db, { idbel: 700_004 })).toMatchObject({ lastName: 'Nummer4' });
    expect(await storedUploads()).toEqual([]);
  });

  it('is left interrupted, its upload kept, by a server stopping while it runs; resumed after, it finishes', async () => {
    const response = await upload('csv', 'stop.csv', csvOf(50_000, 1_000_000));
    const id = response.json<MemberImportJob>().id;
    const deadline = Date.now() + 60_000;
    let seen = (await ctx.app.inject({ method: 'GET', url: `/api/v1/members/imports/${id}`, headers })).json<MemberImportJob>();
    while (seen.received === 0 && seen.status !== 'done' && Date.now() < deadline)
      seen = (await ctx.app.inject({ method: 'GET', url: `/api/v1/members/imports/${id}`, headers })).json<MemberImportJob>();
    expect(seen.status).toBe('running');
    // What the app's close does at a graceful shutdown.
    await stopMemberImports();
    const stopped = await finished(id);
    expect(stopped.status).toBe('interrupted');
    expect(stopped.received).toBeLessThan(50_000);
    expect(await storedUploads()).toEqual([`${id}.csv`]);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/jobs/members/${id}/resume`, headers })).statusCode).toBe(202);
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'done', received: 50_000, updated: 0, rejected: 0 });
    // The rows the first run wrote are found unchanged, the others inserted: each once.
    expect(done.inserted + done.unchanged).toBe(50_000);
    expect(done.unchanged).toBeGreaterThan(0);
    expect(await storedUploads()).toEqual([]);
  }, 90_000);

  it('fails with a code when resumed after its stored upload is gone', async () => {
    const id = await crashedJob(5, 800_000, false);
    await markInterruptedJobs(ctx.database, bulkJobKinds(ctx), later());
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/jobs/members/${id}/resume`, headers })).statusCode).toBe(202);
    expect(await finished(id)).toMatchObject({ status: 'failed', error: 'members.import_file_gone', result: null });
    expect(await findMember(ctx.db, { idbel: 800_004 })).toBeUndefined();
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
    // No job and no stored file are left of it.
    expect(await readdir(path.join(dataDir, 'tmp', 'member-imports'))).toEqual([]);
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
