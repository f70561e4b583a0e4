import { parse } from 'csv-parse/sync';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../platform/audit.tables.js';
import { listRoundPairings } from './results.service.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { managerHeaders } from '../../../test/managers.js';
import {
  addResultsCategories,
  domainFixture as fixture,
  enterUnofficialResult,
  publishDraft,
  publishTournament,
  sendTournamentJson,
  uploadResultsFile,
} from '../../../test/results-publishing.js';
import { type TestContext, useTestAppWithManager } from '../../../test/test-app.js';

let ctx: TestContext;
let arbiter: { authorization: string };
type Answer = Awaited<ReturnType<typeof upload>>;
/** The shared, read-only U8 of most tests: BJK 2026 U8 uploaded and published as version 1 before any test. */
let u8: { draft: Answer; published: Answer };

const upload = (name: string, data: Buffer) => uploadResultsFile(ctx, arbiter, name, data);
const publish = (id: string, category: string, confirm?: boolean) => publishDraft(ctx, arbiter, id, { category, confirm });

useTestAppWithManager(['arbiter'], (app) => ({ ctx, headers: arbiter } = app));
beforeAll(async () => {
  // Categories of their own for the tests that publish, beside the demo's U8 … U20.
  await addResultsCategories(ctx, ['X1', 'X2', 'X3', 'X4', 'X5', 'X6', 'X7']);
  const draft = await upload('bjk_u8.json', fixture('swar', 'bycco_bjk2026_u08.json'));
  u8 = { draft, published: await publish(draft.json().id, 'U8') };
}, 60_000);

type SwarRound = { RoundNr: number; OpponentNi: number; Result: string };
type SwarPlayer = { Ni: number; RoundArray?: SwarRound[] };

/** The Swar file with its first drawn game won by one side: both players' entries, as Swar would write them. */
function withFirstDrawDecided(file: Buffer): Buffer {
  const swar = JSON.parse(file.toString('utf8')) as { Swar: { Player: SwarPlayer[] } };
  const players = swar.Swar.Player;
  const player = players.find((p) => p.RoundArray?.some((r) => r.Result === '½'))!;
  const round = player.RoundArray!.find((r) => r.Result === '½')!;
  const back = players.find((p) => p.Ni === round.OpponentNi)!.RoundArray!.find((r) => r.RoundNr === round.RoundNr)!;
  round.Result = '1';
  back.Result = '0';
  return Buffer.from(JSON.stringify(swar));
}

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('importing and publishing a Swar file', () => {
  it('proposes the category from the file, shows every player as added, and publishes it as version 1', async () => {
    const { draft, published } = u8;
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json()).toMatchObject({ categoryHint: 'U8', players: 26, pairedRounds: 9, comparedWithVersion: null, format: 'Swar v6.75' });
    expect(draft.json().diff.playersAdded).toHaveLength(26);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ version: 1, current: true, players: 26 });
  });

  it('shows the program’s standings with its tie-break columns, and nothing private', async () => {
    const response = await get('/api/v1/results/anon/trn_u8/standings');
    expect(response.statusCode).toBe(200);
    const standings = response.json();
    expect(standings.provisional).toBe(false);
    expect(standings.tieBreaks.map((c: { name: string }) => c.name)).toEqual([
      'Bucholtz Cut 1',
      'Bucholtz',
      'Sonneborn-Berger',
      'Progressif',
      'Direct Encounter',
    ]);
    expect(standings.rows[0]).toMatchObject({ rank: 1, points: 9, tieBreaks: [41.5, 43.5, 43.5, 45, null] });
    const whole = await get('/api/v1/results/anon/U8');
    expect(whole.body).not.toMatch(/birth|nationalId|"sex"|2018|28047/i);
  });

  it('answers 304 to a client that has the current standings', async () => {
    const first = await get('/api/v1/results/anon/U8/standings');
    const again = await get('/api/v1/results/anon/U8/standings', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const trf = await get('/api/v1/results/anon/U8/trf');
    expect((await get('/api/v1/results/anon/U8/trf', { 'if-none-match': trf.headers.etag as string })).statusCode).toBe(304);
  });

  it('never answers from before a change: a new version replaces the kept standings at once', async () => {
    const file = fixture('swar', 'bycco_bjk2026_u08.json');
    await publishTournament(ctx, arbiter, 'U10', file);
    const first = await get('/api/v1/results/anon/U10/standings');
    const again = await get('/api/v1/results/anon/U10/standings', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304); // kept
    expect((await publishTournament(ctx, arbiter, 'U10', withFirstDrawDecided(file))).version).toBe(2);
    expect((await get('/api/v1/results/anon/U10/standings')).json().version).toBe(2);
  });

  it('publishes the same content once however often and however concurrently it is sent, without an Idempotency-Key', async () => {
    const send = () => sendTournamentJson(ctx, arbiter, 'trn_u12', fixture('swar', 'bycco_bjk2025_u20.json'));
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().version)).toEqual([1, 1, 1]);
    expect((await send()).json()).toMatchObject({ version: 1, current: true });
    expect((await get('/api/v1/results/U12/versions', arbiter)).json()).toHaveLength(1);
    const trail = await ctx.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, `${(await getCurrentEdition(ctx.db)).code}/U12`));
    expect(trail.filter((e) => e.action === 'results.published')).toHaveLength(1);
  });

  it('gives back the same draft when the same file is uploaded twice at once (double click)', async () => {
    const file = fixture('swar', 'bycco_test_bjk_2_played.json');
    const [a, b] = await Promise.all([upload('test.json', file), upload('test.json', file)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    // Another file is another draft.
    expect((await upload('test.json', fixture('swar', 'bycco_test_bjk_1_paired.json'))).json().id).not.toBe(a.json().id);
  });

  it('shows pairings with forfeits, a bye and an absence as such', async () => {
    const round5 = (await get('/api/v1/results/anon/U8/pairings/5')).json();
    expect(round5.pairings.find((p: { board: number }) => p.board === 6).result).toMatch(/^(1-0|0-1) FF$/);
    const round6 = (await get('/api/v1/results/anon/U8/pairings/6')).json();
    const results = round6.pairings.map((p: { result: string }) => p.result);
    expect(results.slice(-2)).toEqual(['bye', 'absent']);
    expect(round6.pairings[0].board).toBe(1);
  });

  it('gives the live games the published pairings of a round with names and FIDE ids', async () => {
    const edition = await getCurrentEdition(ctx.db);
    const pairings = await listRoundPairings(ctx.db, edition.code, 'U8', 1);
    expect(pairings).toHaveLength(13);
    expect(pairings[0]).toMatchObject({ board: 1, white: { name: expect.any(String) }, black: { name: expect.any(String) } });
    expect(await listRoundPairings(ctx.db, edition.code, 'U14', 1)).toEqual([]);
  });

  it('exports open data: TRF16 that names every player and CSV standings', async () => {
    const trf = await get('/api/v1/results/anon/U8/trf');
    expect(trf.statusCode).toBe(200);
    expect(trf.body.split('\n').filter((l) => l.startsWith('001'))).toHaveLength(26);
    const csv = await get('/api/v1/results/anon/U8/standings.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    // A byte-order mark first: Excel then reads the accents of a club ("CRELEL Liège") as UTF-8.
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    // Dutch unless asked: a Belgian spreadsheet's separator (;) and decimal comma, headers in the reader's language.
    const nl = parse(csv.body, { bom: true, delimiter: ';' });
    expect(nl[0]).toEqual([
      'Plaats',
      'Naam',
      'Titel',
      'Federatie',
      'Rating',
      'Club',
      'Punten',
      'Bucholtz Cut 1',
      'Bucholtz',
      'Sonneborn-Berger',
      'Progressif',
      'Direct Encounter',
    ]);
    expect(nl).toHaveLength(27);
    expect(nl.slice(1).some((row) => /^\d+,5$/.test(row[6]!))).toBe(true);
    const en = await get('/api/v1/results/anon/U8/standings.csv?lang=en');
    const rows = parse(en.body, { bom: true, delimiter: ',' });
    expect(rows[0]!.slice(0, 7)).toEqual(['Rank', 'Name', 'Title', 'Federation', 'Rating', 'Club', 'Points']);
    expect(rows.map((row) => row[6]!.replace('.', ','))).toEqual(nl.map((row) => row[6]!.replace('Punten', 'Points')));
    expect((await get('/api/v1/results/anon/U8/standings.csv?lang=fr')).body.split('\r\n')[0]).toMatch(/^\uFEFFPlace;Nom;Titre;Fédération;Elo;Club;Points;/);
  });

  it('refuses a broken file with a code naming the field, and writes nothing', async () => {
    const broken = Buffer.from(fixture('swar', 'bycco_bjk2026_u08.json').toString('utf8').replace('"Result" : "1FF"', '"Result" : "7"'));
    const before = (await get('/api/v1/results/anon/categories')).json();
    const response = await upload('broken.json', broken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'results.swar_invalid_field', details: { field: expect.stringMatching(/RoundArray\[4\]\.Result$/) } });
    expect((await get('/api/v1/results/anon/categories')).json()).toEqual(before);
  });

  it('refuses impossible files, Swar and TRF, with a code naming the field, and the public pages stay as they were', async () => {
    const before = (await get('/api/v1/results/anon/categories')).json();
    const swarFile = JSON.parse(fixture('swar', 'bycco_test_bjk_2_played.json').toString('utf8'));
    swarFile.Swar.Player[0].RoundArray[0].RoundNr = 1e9;
    const roundOutOfRange = await upload('broken.json', Buffer.from(JSON.stringify(swarFile)));
    expect(roundOutOfRange.statusCode).toBe(400);
    expect(roundOutOfRange.json()).toMatchObject({
      code: 'results.round_out_of_range',
      details: { field: 'Swar.Player[0].RoundArray[0].RoundNr', value: '1000000000' },
    });
    swarFile.Swar.Player[0].RoundArray[0].RoundNr = 1;
    swarFile.Swar.TournamentDesc.NbOfRounds = 1e9;
    const viaJsonCall = await sendTournamentJson(ctx, arbiter, 'bjk_u14.json', Buffer.from(JSON.stringify(swarFile)));
    expect(viaJsonCall.json()).toMatchObject({ code: 'results.too_many_rounds', details: { field: 'Swar.TournamentDesc.NbOfRounds' } });
    // TRF16 columns: starting rank 5–8, name 15–47, …, points 81–84, rank 86–89, round 1 from column 92.
    const player = `001    1 m    ${'Alpha, A'.padEnd(33)} 1500 BEL ${'123456'.padStart(11)} ${'2015/01/01'.padEnd(10)}  1.0    1     1 w 1`;
    const trf = ['012 Test', 'XXR 9', player].join('\n');
    const self = await upload('self.trf', Buffer.from(trf));
    expect(self.json()).toMatchObject({ code: 'results.paired_with_self', details: { line: 3, value: '1' } });
    expect((await get('/api/v1/results/anon/categories')).json()).toEqual(before);
  });

  it('refuses a team tournament TRF', async () => {
    const response = await upload('icn.trf', fixture('trf', 'frbe_icn_2024-25_r1_fide_trf16_team.txt'));
    expect(response.json()).toMatchObject({ code: 'results.team_tournament', details: { line: 1742 } });
  });

  it('names a TRF upload by its format once ("TRF16", not "TRF TRF16")', async () => {
    const trf = await get('/api/v1/results/anon/U8/trf');
    const draft = await upload('u8.trf', Buffer.from(trf.body));
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().format).toBe('TRF16');
  });

  it('publishes its TRF16 export as another category with the same standings, boards and ratings (the export round-trips)', async () => {
    const trf = await get('/api/v1/results/anon/U8/trf');
    const draft = await upload('copy.trf', Buffer.from(trf.body));
    expect(draft.statusCode, draft.body).toBe(201);
    const published = await publish(draft.json().id, 'X1', true);
    expect(published.statusCode, published.body).toBe(200);
    const [swar, copy] = await Promise.all([get('/api/v1/results/anon/U8/standings'), get('/api/v1/results/anon/X1/standings')]);
    const rows = (body: { rows: { rank: number; name: string; rating: number; points: number; tieBreaks: (number | null)[] }[] }) =>
      // Direct encounter: Swar prints a value only where it broke a tie; ours is computed for every group.
      body.rows.map((r) => [r.rank, r.name, r.rating, r.points, r.tieBreaks.slice(0, 4)]);
    expect(rows(copy.json())).toEqual(rows(swar.json()));
    expect(copy.json().tieBreaks.map((c: { kind: string }) => c.kind)).toEqual(swar.json().tieBreaks.map((c: { kind: string }) => c.kind));
    for (let round = 1; round <= 9; round++) {
      const [a, b] = await Promise.all([get(`/api/v1/results/anon/U8/pairings/${round}`), get(`/api/v1/results/anon/X1/pairings/${round}`)]);
      const boards = (body: { pairings: { board: number | null; white: { name: string }; black: { name: string } | null; result: string | null }[] }) =>
        body.pairings.map((p) => [p.board, p.white.name, p.black?.name ?? null, p.result]);
      expect(boards(b.json()), `round ${round}`).toEqual(boards(a.json()));
    }
  });

  it('previews a second import against the published version: the result that changed', async () => {
    const changed = withFirstDrawDecided(fixture('swar', 'bycco_bjk2026_u08.json'));
    const draft = await upload('bjk_u8.json', changed);
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().comparedWithVersion).toBe(1);
    expect(draft.json().diff.playersAdded).toEqual([]);
    expect(draft.json().diff.resultsChanged.length).toBeGreaterThan(0);
  });

  it('keeps every version and restores an older one as the newest, audited', async () => {
    // Its own category: BJK 2026 U8 as version 1, then BJK 2017 U8 as version 2.
    await publishTournament(ctx, arbiter, 'X2', fixture('swar', 'bycco_bjk2026_u08.json'));
    await publishTournament(ctx, arbiter, 'X2', fixture('swar', 'bycco_bjk2017_u08_swar_v3.json'));
    // First what it changes, then the manager's confirmation: without it nothing is restored.
    const diff = (await get('/api/v1/results/X2/versions/1/diff', arbiter)).json();
    expect(diff).toMatchObject({ category: 'X2', version: 1, comparedWithVersion: 2 });
    expect(diff.diff.playersAdded).toHaveLength(26);
    expect(diff.diff.playersRemoved.length).toBeGreaterThan(0);
    const restore = (confirm: boolean) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/results/X2/versions/1/restore', headers: arbiter, payload: { confirm } });
    const unconfirmed = await restore(false);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ code: 'results.confirmation_required', details: { playersRemoved: diff.diff.playersRemoved.length } });
    expect((await get('/api/v1/results/X2/versions', arbiter)).json()).toHaveLength(2);
    const restored = await restore(true);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ version: 3, restoredFrom: 1, current: true });
    const versions = (await get('/api/v1/results/X2/versions', arbiter)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect((await get('/api/v1/results/anon/X2/standings')).json().rows).toHaveLength(26);
    const trail = await ctx.db.select().from(auditEntries).where(eq(auditEntries.action, 'results.version_restored'));
    expect(trail).toHaveLength(1);
    expect(trail[0]!.after).toMatchObject({ version: 3, restoredFrom: 1 });
  });
});

describe('a publish that takes something away', () => {
  it('says what it removes and is refused until the manager confirms: players, rounds and results taken back', async () => {
    const played = await upload('u18.json', fixture('swar', 'bycco_test_bjk_2_played.json'));
    expect((await publish(played.json().id, 'U18', false)).statusCode).toBe(200);
    // The round-1 pairing file after the played one: round 1's six results taken back.
    // Previewed against U18 (the file proposes another category).
    const preview = async (draft: { json: () => { id: string } }) => (await get(`/api/v1/results/imports/${draft.json().id}?category=U18`, arbiter)).json();
    const back = await upload('u18.json', fixture('swar', 'bycco_test_bjk_1_paired.json'));
    expect(await preview(back)).toMatchObject({ confirmationRequired: true });
    expect((await preview(back)).diff.resultsChanged.filter((c: { after: string | null }) => c.after === null)).toHaveLength(6);
    const refused = await publish(back.json().id, 'U18');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'results.confirmation_required', details: { resultsRemoved: 6, playersRemoved: 0 } });
    expect((await get('/api/v1/results/U18/versions', arbiter)).json()[0].fileName).toBe('u18.json');
    expect((await get('/api/v1/results/U18/versions', arbiter)).json()).toHaveLength(1);
    const confirmed = await publish(back.json().id, 'U18', true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The start list before any pairing: round 1 taken away.
    const start = await upload('u18.json', fixture('swar', 'bycco_test_bjk_0_start.json'));
    expect(await preview(start)).toMatchObject({ confirmationRequired: true, diff: { roundsRemoved: [1] } });
    // Adding only needs no confirmation.
    const again = await upload('u18.json', fixture('swar', 'bycco_test_bjk_2_played.json'));
    expect(await preview(again)).toMatchObject({ confirmationRequired: false });
  });
});

describe('unofficial results during a round', () => {
  const u20 = fixture('swar', 'bycco_bjk2019_u20bg_round1_paired.json');
  // U20 by the specification's tournament name: the one category the official import below publishes again.
  beforeAll(async () => {
    await publishTournament(ctx, arbiter, 'trn_u20', u20);
  });

  const enterIn = (name: string, boardnr: number, result: string | null, headers = arbiter) =>
    enterUnofficialResult(ctx, headers, { name, round: 1, boardnr, unofficial_result: result });
  /** The results of the round's first three boards entered in a category. */
  async function enterThreeBoards(category: string) {
    for (const [board, result] of [
      [1, '1-0'],
      [2, '½-½'],
      [3, '0-1 FF'],
    ] as const) {
      expect((await enterIn(category, board, result)).statusCode).toBe(200);
    }
  }

  it('keeps the results of two arbiters entering different boards at the same moment', async () => {
    await publishTournament(ctx, arbiter, 'X3', u20);
    const other = await managerHeaders(ctx, ['arbiter']);
    const answers = await Promise.all([enterIn('X3', 1, '1-0'), enterIn('X3', 2, '½-½', other), enterIn('X3', 3, '0-1 FF')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const round = (await get('/api/v1/results/anon/X3/unofficial/1')).json();
    expect(round.boards.map((b: { board: number; result: string }) => [b.board, b.result])).toEqual([
      [1, '1-0'],
      [2, '½-½'],
      [3, '0-1 FF'],
    ]);
  });

  it('shows them in the pairings and ranks provisional standings with them', async () => {
    await publishTournament(ctx, arbiter, 'X4', u20);
    await enterThreeBoards('X4');
    const pairings = (await get('/api/v1/results/anon/X4/pairings/1')).json();
    expect(pairings.pairings[0]).toMatchObject({ board: 1, result: null, unofficialResult: '1-0' });
    const standings = (await get('/api/v1/results/anon/X4/standings')).json();
    expect(standings.provisional).toBe(true);
    expect(standings.rows[0].points).toBe(1);
  });

  it('clears a board and refuses a board that is not paired', async () => {
    await publishTournament(ctx, arbiter, 'X5', u20);
    await enterThreeBoards('X5');
    expect((await enterIn('X5', 3, null)).json().boards).toHaveLength(2);
    expect((await enterIn('X5', 99, '1-0')).json().code).toBe('results.board_not_paired');
  });

  it('refuses anyone without the results permission', async () => {
    const editor = await managerHeaders(ctx, ['editor']);
    expect((await enterIn('trn_u20', 1, '0-1', editor)).statusCode).toBe(403);
  });

  it('lets the next official import supersede them, and its preview names the one it contradicts', async () => {
    await enterThreeBoards('trn_u20');
    await enterIn('trn_u20', 3, null);
    const played = Buffer.from(
      u20
        .toString('utf8')
        .replace(/("Tabel" : "1",\s+"OpponentNi" : \d+,\s+"OpponentName" : "[^"]+",\s+"Result" : )"-"(,\s+"Color" : "White")/, '$1"0"$2')
        .replace(/("Tabel" : "1",\s+"OpponentNi" : \d+,\s+"OpponentName" : "[^"]+",\s+"Result" : )"-"(,\s+"Color" : "Black")/, '$1"1"$2'),
    );
    const draft = await upload('u20.json', played);
    expect(draft.json().diff.unofficialContradicted).toEqual([{ round: 1, board: 1, unofficial: '1-0', official: '0-1' }]);
    await publish(draft.json().id, 'U20');
    const round = (await get('/api/v1/results/anon/U20/unofficial/1')).json();
    expect(round.boards.map((b: { board: number }) => b.board)).toEqual([2]);
    // Board 1 now has its official result: an arbiter's entry there is refused, naming it.
    const refused = await enterIn('trn_u20', 1, '1-0');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'results.board_has_official_result', details: { round: 1, board: 1, official: '0-1' } });
  });

  it('records in the audit the value each of two arbiters on one board really replaced', async () => {
    await publishTournament(ctx, arbiter, 'X6', u20);
    const other = await managerHeaders(ctx, ['arbiter']);
    const answers = await Promise.all([enterIn('X6', 5, '1-0'), enterIn('X6', 5, '0-1', other), enterIn('X6', 5, '½-½'), enterIn('X6', 5, '1-0', other)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = (await ctx.db
      .select({ before: auditEntries.before, after: auditEntries.after })
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, `${(await getCurrentEdition(ctx.db)).code}/X6/1/5`))
      .orderBy(asc(auditEntries.id))) as { before: { result: string | null }; after: { result: string | null } }[];
    expect(rows).toHaveLength(4);
    // Each entry's "before" is the previous entry's "after": no two saw the same value.
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.before.result).toBe(rows[i - 1]!.after.result);
    expect(rows[0]!.before.result).toBeNull();
  });
});

type SwarEntry = { RoundNr: number; Tabel: string; OpponentNi: number; OpponentName: string; Color: string };
type SwarFilePlayer = { Ni: number; Name: string; RoundArray: SwarEntry[] };

/**
 * Round 1 of the real U20 2019 file paired again, as a corrected pairing would: boards 1 and 2 change numbers, and
 * the Black players of boards 3 and 4 change places (two new games).
 */
function repaired(file: Buffer): Buffer {
  const swar = JSON.parse(file.toString('utf8')) as { Swar: { Player: SwarFilePlayer[] } };
  const players = swar.Swar.Player;
  const on = (board: number, colour: string) => players.find((p) => p.RoundArray[0]!.Tabel === String(board) && p.RoundArray[0]!.Color === colour)!;
  const [w1, b1, w2, b2, w3, b3, w4, b4] = [1, 2, 3, 4].flatMap((board) => [on(board, 'White'), on(board, 'Black')]);
  for (const p of [w1!, b1!]) p.RoundArray[0]!.Tabel = '2';
  for (const p of [w2!, b2!]) p.RoundArray[0]!.Tabel = '1';
  const meet = (white: SwarFilePlayer, black: SwarFilePlayer, board: number) => {
    Object.assign(white.RoundArray[0]!, { OpponentNi: black.Ni, OpponentName: black.Name, Tabel: String(board) });
    Object.assign(black.RoundArray[0]!, { OpponentNi: white.Ni, OpponentName: white.Name, Tabel: String(board) });
  };
  meet(w3!, b4!, 3);
  meet(w4!, b3!, 4);
  return Buffer.from(JSON.stringify(swar));
}

describe('unofficial results keyed to the pairing, not to the board number', () => {
  const enter = (payload: Record<string, unknown>) => enterUnofficialResult(ctx, arbiter, { name: 'U16', round: 1, ...payload });
  const pairingsOf = async (category: string) =>
    (await get(`/api/v1/results/anon/${category}/pairings/1`)).json<{
      pairings: {
        board: number | null;
        white: { name: string; pairingNumber: number };
        black: { name: string; pairingNumber: number } | null;
        unofficialResult: string | null;
      }[];
    }>().pairings;

  it('follows its players to their new board after a new version re-pairs the round; a result whose game is gone is shown as such and not counted', async () => {
    const file = fixture('swar', 'bycco_bjk2019_u20bg_round1_paired.json');
    const first = await upload('u16.json', file);
    await publish(first.json().id, 'U16');
    const before = await pairingsOf('U16');
    const board = (n: number) => before.find((p) => p.board === n)!;
    for (const [n, result] of [
      [1, '1-0'],
      [3, '0-1'],
    ] as const) {
      const entered = await enter({ boardnr: n, unofficial_result: result, white: board(n).white.pairingNumber, black: board(n).black!.pairingNumber });
      expect(entered.statusCode, entered.body).toBe(200);
    }

    const second = await upload('u16.json', repaired(file));
    const published = await publish(second.json().id, 'U16');
    expect(published.statusCode, published.body).toBe(200);
    const after = await pairingsOf('U16');
    // Board 1's game is on board 2 now: its result went with it; the new board 1 and both re-paired boards have none.
    expect(after.find((p) => p.board === 2)).toMatchObject({ white: { name: board(1).white.name }, unofficialResult: '1-0' });
    expect(after.filter((p) => p.unofficialResult !== null)).toHaveLength(1);
    const round = (await get('/api/v1/results/anon/U16/unofficial/1')).json();
    expect(round.boards).toMatchObject([{ board: 2, white: board(1).white.name, result: '1-0' }]);
    expect(round.stale).toMatchObject([{ board: 3, white: board(3).white.name, black: board(3).black!.name, result: '0-1' }]);
    // Counted: the one that still matches; not the stale one.
    const standings = (await get('/api/v1/results/anon/U16/standings')).json<{ provisional: boolean; rows: { name: string; points: number }[] }>();
    expect(standings.provisional).toBe(true);
    expect(standings.rows.filter((r) => r.points > 0).map((r) => r.name)).toEqual([board(1).white.name]);

    // An arbiter still looking at the old pairings of board 3 is refused instead of writing on the new players.
    const refused = await enter({ boardnr: 3, unofficial_result: '1-0', white: board(3).white.pairingNumber, black: board(3).black!.pairingNumber });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'results.pairing_changed', details: { round: 1, board: 3 } });
  });

  it('takes an arbiter’s result on a TRF category (boards in the pairing programs’ order) and shows it on the open pairings', async () => {
    // The real JaVaFo file with round 4 paired and not played yet: its games' result characters blank.
    const trf = Buffer.from(
      fixture('trf', 'javafo_sample2_open_gros_2010.trf')
        .toString('latin1')
        .split('\n')
        .map((line) => (line.startsWith('001') && /[10=]/.test(line[128] ?? '') ? `${line.slice(0, 128)} ${line.slice(129)}` : line))
        .join('\n'),
      'latin1',
    );
    const draft = await upload('gros.trf', trf);
    expect(draft.statusCode, draft.body).toBe(201);
    await publish(draft.json().id, 'X7');
    const pairings = await pairingsOf('X7');
    expect(pairings.filter((p) => p.black !== null).map((p) => p.board)).toEqual(pairings.filter((p) => p.black !== null).map((_, i) => i + 1));
    const round = 4;
    const open = (await get(`/api/v1/results/anon/X7/pairings/${round}`)).json<{
      pairings: { board: number | null; result: string | null; white: { pairingNumber: number }; black: { pairingNumber: number } | null }[];
    }>().pairings;
    const pending = open.find((p) => p.board !== null && p.result === null);
    expect(pending, 'a game of the last round without a result').toBeDefined();
    const entered = await enterUnofficialResult(ctx, arbiter, { name: 'X7', round, boardnr: pending!.board, unofficial_result: '½-½' });
    expect(entered.statusCode, entered.body).toBe(200);
    const shown = (await get(`/api/v1/results/anon/X7/pairings/${round}`)).json<{ pairings: { board: number | null; unofficialResult: string | null }[] }>();
    expect(shown.pairings.find((p) => p.board === pending!.board)!.unofficialResult).toBe('½-½');
  });
});
