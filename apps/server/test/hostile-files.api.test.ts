import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES_ERRORS, PLATFORM_ERRORS } from '@bjk/domain';
import { multipartFile } from './bank-statements.js';
import { finishedUpload } from './game-uploads.js';
import { managerHeaders } from './managers.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * The fuzz test of hostile-input.api.test.ts sends JSON bodies; the results and games routes also take files:
 * multipart uploads (Swar, TRF, PGN), the specification's data URL, and the relay's PGN push. Each class of hostile
 * file found by the hardening probe is sent to each route that takes it: a coded 4xx, never a 5xx.
 */
let ctx: TestContext;
let arbiter: { authorization: string };
let pushToken = '';

const swar = readFileSync(new URL('../../../packages/domain/fixtures/swar/bycco_test_bjk_1_paired.json', import.meta.url), 'utf8');

beforeAll(async () => {
  ctx = await createTestApp();
  arbiter = await managerHeaders(ctx, ['arbiter']);
  const token = await ctx.app.inject({ method: 'POST', url: '/api/v1/games/sources/U10/token', headers: arbiter });
  pushToken = token.json<{ token: string }>().token;
}, 60_000);
afterAll(async () => ctx?.close());

/** The Swar fixture with its first player's name replaced (as JSON text, so escapes reach the parser as written). */
const swarNamed = (jsonName: string) => swar.replace(/"Name"\s*:\s*"[^"]*"/, `"Name": ${jsonName}`);
const pgnGame = (round: string, white = 'Peeters, Anna', extra = '') =>
  `[Round "${round}"]\n[White "${white}"]\n[Black "Dubois, Lucas"]\n${extra}\n1. e4 e5 *\n`;

const tournamentFiles: [string, string | Buffer][] = [
  ['a name with a NUL character', swarNamed('"Peeters\\u0000Anna"')],
  ['a name with a lone surrogate', swarNamed('"Peeters\\ud800Anna"')],
  ['raw NUL bytes', Buffer.from([0x7b, 0x00, 0x00, 0x7d])],
  ['binary garbage', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
  ['a cut-off Swar file', swar.slice(0, Math.floor(swar.length / 2))],
  ['a TRF of one line', '012 nothing else\n'],
  ['an empty file', ''],
];

const pgnFiles: [string, string][] = [
  ['a NUL character', pgnGame('1.1', 'Peeters\u0000Anna')],
  ['a board beyond integer', pgnGame('1.99999999999')],
  ['a round beyond integer', pgnGame('99999999999.1')],
  ['a FIDE id and rating beyond integer', pgnGame('1.2', 'Peeters, Anna', '[WhiteFideId "99999999999999"]\n[WhiteElo "99999999999"]')],
  ['only tags of a broken kind', '[Round "1.1"\n[White "x\n'],
  ['binary garbage', String.fromCharCode(...Array.from({ length: 2048 }, (_, i) => 1 + ((i * 7919) % 254)))],
];

function expectCoded4xx(response: { statusCode: number; body: string }, what: string) {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(JSON.parse(response.body), what).toHaveProperty('code');
}

describe('hostile files on the results and games routes', () => {
  it('a results upload, as multipart and as the specification’s data URL, answers each with a coded 4xx', async () => {
    for (const [what, content] of tournamentFiles) {
      const body = multipartFile('file.json', content);
      expectCoded4xx(
        await ctx.app.inject({ method: 'POST', url: '/api/v1/results/imports', headers: { ...arbiter, ...body.headers }, payload: body.payload }),
        `multipart: ${what}`,
      );
      const dataUrl = `data:application/json;base64,${Buffer.from(content).toString('base64')}`;
      expectCoded4xx(
        await ctx.app.inject({ method: 'POST', url: '/api/v1/tournament/json', headers: arbiter, payload: { name: 'bjk_u10.json', jsoncontent: dataUrl } }),
        `data URL: ${what}`,
      );
    }
    // A data URL with bad percent-encoding, and a multipart body cut before its closing boundary.
    expectCoded4xx(
      await ctx.app.inject({ method: 'POST', url: '/api/v1/tournament/json', headers: arbiter, payload: { name: 'trn_u10', jsoncontent: 'data:,%E0%A4%A' } }),
      'bad percent-encoding',
    );
    const cut = multipartFile('file.json', swar);
    expectCoded4xx(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/results/imports',
        headers: { ...arbiter, ...cut.headers },
        payload: cut.payload.subarray(0, cut.payload.length - 40),
      }),
      'truncated multipart',
    );
  });

  it('a PGN, pushed or uploaded, is refused whole with a coded 4xx or taken without the games that cannot be right', async () => {
    for (const [what, pgn] of pgnFiles) {
      const pushed = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/games/push/U10',
        headers: { 'content-type': 'application/x-chess-pgn', authorization: `Bearer ${pushToken}` },
        payload: pgn,
      });
      const body = multipartFile('round.pgn', pgn);
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/games/sources/U10/upload?round=1',
        headers: { ...arbiter, ...body.headers },
        payload: body.payload,
      });
      for (const [how, response] of [
        ['push', pushed],
        ['upload', uploaded],
      ] as const) {
        expect(response.statusCode, `${how}: ${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expectCoded4xx(response, `${how}: ${what}`);
      }
      // An upload taken as a job ends with its report, or failed with a coded error of the games, never a server fault.
      if (uploaded.statusCode === 202) {
        const job = await finishedUpload(ctx, arbiter, uploaded.json().id);
        expect(job.status === 'done' || job.error?.code.startsWith('results.'), `upload: ${what}: ${JSON.stringify(job)}`).toBe(true);
      }
    }
    // The numbers beyond range: the games are named as refused, nothing beyond integer is stored.
    const report = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/games/push/U10',
      headers: { 'content-type': 'application/x-chess-pgn', authorization: `Bearer ${pushToken}` },
      payload: pgnGame('1.99999999999') + '\n' + pgnGame('1.3', 'Janssens, Eva', '[WhiteFideId "99999999999999"]'),
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ errors: [{ game: 1, code: GAMES_ERRORS.outOfRange }] });
    const stored = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/manage/U10/1', headers: arbiter });
    const eva = stored.json<{ white: { name: string; fideId: number | null } }[]>().find((g) => g.white.name === 'Janssens, Eva');
    expect(eva?.white.fideId).toBeNull();
  });

  it('a PGN with more games or bytes than a request may carry is refused whole, naming the limit', async () => {
    const many = Array.from({ length: 5001 }, (_, i) => `[Round "1"]\n[White "W${i}"]\n[Black "B${i}"]\n\n*\n`).join('\n');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/games/push/U10',
      headers: { 'content-type': 'application/x-chess-pgn', authorization: `Bearer ${pushToken}` },
      payload: many,
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ code: GAMES_ERRORS.tooManyGames, details: { games: 5001, maxGames: 5000 } });
    // And more bytes than a push may carry: refused before it is read, naming the limit.
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/games/push/U10',
      headers: { 'content-type': 'application/x-chess-pgn', authorization: `Bearer ${pushToken}` },
      payload: pgnGame('1.1').padEnd(9 * 1024 * 1024, ' '),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: PLATFORM_ERRORS.payloadTooLarge, details: { maxBytes: 8 * 1024 * 1024 } });
  });

  it('a NUL in a PGN or a tournament file is refused as unsafe text, naming where', async () => {
    const pushed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/games/push/U10',
      headers: { 'content-type': 'application/x-chess-pgn', authorization: `Bearer ${pushToken}` },
      payload: pgnGame('1.5', 'Peeters\u0000Anna'),
    });
    expect(pushed.statusCode).toBe(400);
    expect(pushed.json().code).toBe(PLATFORM_ERRORS.validation);
    const body = multipartFile('file.json', swarNamed('"Peeters\\u0000Anna"'));
    const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/v1/results/imports', headers: { ...arbiter, ...body.headers }, payload: body.payload });
    expect(uploaded.statusCode).toBe(400);
    expect(uploaded.json()).toMatchObject({ code: PLATFORM_ERRORS.validation, details: { issues: [{ code: 'unsafe_text' }] } });
    expect(uploaded.json().details.issues[0].path).toMatch(/^file\.players\.0\.name/);
  });
});
