import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GAMES_ERRORS, PLATFORM_ERRORS, type GameUploadJob, type InterruptedJob } from '@bjk/domain';
import { bulkJobKinds } from '../../app.js';
import { auditEntries } from '../../platform/audit.tables.js';
import { BULK_JOB_STALE_AFTER_MS, markInterruptedJobs } from '../../platform/bulk-jobs.js';
import { systemContext } from '../../platform/service-context.js';
import { ingestPgn, type IngestProgress } from './games-ingest.service.js';
import { gamesCategory } from './games-sources.service.js';
import { gameUploadJobs, games } from './games.tables.js';
import { finishedUpload, startUpload } from '../../../test/game-uploads.js';
import { managerHeaders } from '../../../test/managers.js';
import { type TestContext, useTestAppWithManager } from '../../../test/test-app.js';

/**
 * A manager's PGN upload is a job the page follows (issue 22): the request answers 202 with the job at once, the job
 * stores the games after the answer and ends with the report or a coded error; an interrupted job resumes to the same
 * counts without duplicating a game.
 */
let ctx: TestContext;
let arbiter: { authorization: string };
useTestAppWithManager(['arbiter'], (app) => ({ ctx, headers: arbiter } = app));

const ROUNDS = 3;
const BOARDS = 40;
const BROKEN = { round: 2, board: 7 };

/**
 * A three-round file as a venue's relay exports it: every game with its Event, Site, Date, ratings, FIDE ids and clocks
 * (`[%clk]` after each move), finished games with their results, the last round still in progress, one game with an
 * illegal move (kept up to it) and the first board of round 1 twice (the file grew: its last copy wins).
 */
function threeRounds(): string {
  const out: string[] = [];
  const moves = ['d4', 'Nf6', 'c4', 'e6', 'Nc3', 'Bb4', 'Qc2', 'O-O', 'a3', 'Bxc3+', 'Qxc3', 'd5'];
  const movetext = (plies: number, illegal: boolean) =>
    moves
      .slice(0, plies)
      .map((san, i) => `${i % 2 === 0 ? `${i / 2 + 1}. ` : ''}${illegal && i === 4 ? 'Ke3' : san} {[%clk 1:${String(29 - i).padStart(2, '0')}:0${i % 10}]}`)
      .join(' ');
  for (let round = 1; round <= ROUNDS; round++) {
    for (let board = 1; board <= BOARDS; board++) {
      const result = round < ROUNDS ? ['1-0', '0-1', '1/2-1/2'][board % 3]! : '*';
      const plies = round < ROUNDS ? 12 : 6;
      const illegal = round === BROKEN.round && board === BROKEN.board;
      const game = (played: number) =>
        [
          '[Event "Belgisch Jeugdkampioenschap U14"]',
          '[Site "Blankenberge"]',
          `[Date "2027.04.0${round + 3}"]`,
          `[Round "${round}.${board}"]`,
          `[White "Speler W${round}-${board}, Anna"]`,
          `[Black "Speler Z${round}-${board}, Lucas"]`,
          `[Result "${result}"]`,
          `[WhiteElo "${1400 + board}"]`,
          `[BlackElo "${1390 + board}"]`,
          `[WhiteFideId "${2_000_000 + round * 100 + board}"]`,
          `[BlackFideId "${3_000_000 + round * 100 + board}"]`,
          '',
          `${movetext(played, illegal)} ${result}`,
          '',
        ].join('\n');
      out.push(game(plies));
      if (round === 1 && board === 1) out.push(game(plies)); // the same game again
    }
  }
  return out.join('\n');
}

const GAMES = ROUNDS * BOARDS;

async function gameCount(category: string): Promise<number> {
  return (await ctx.db.select({ id: games.id }).from(games).where(eq(games.receivedCategory, category))).length;
}

describe('a manager’s upload is a job the page follows', () => {
  it('answers 202 with the queued job before any game is stored, then the job ends with the report of the three rounds', async () => {
    const started = await startUpload(ctx, arbiter, 'U14', threeRounds());
    expect(started.statusCode, started.body).toBe(202);
    const queued = started.json<GameUploadJob>();
    // The answer is the job as stored before a game was read: nothing checked, nothing stored, no report.
    expect(queued).toMatchObject({
      category: 'U14',
      round: null,
      status: 'queued',
      total: null,
      parsed: 0,
      storable: null,
      stored: 0,
      report: null,
      error: null,
    });
    // An answer given after the games were stored would find them all here.
    expect(await gameCount('U14')).toBeLessThan(GAMES);

    const job = await finishedUpload(ctx, arbiter, queued.id);
    expect(job).toMatchObject({ status: 'done', total: GAMES + 1, parsed: GAMES + 1, storable: GAMES, stored: GAMES, error: null });
    expect(job.report).toMatchObject({ added: GAMES, grown: 0, replaced: 0, unchanged: 0, stale: 0 });
    const brokenIndex = (BROKEN.round - 1) * BOARDS + BROKEN.board + 1; // the repeated game counts in the file's numbering
    expect(job.report!.errors).toEqual([
      expect.objectContaining({
        code: GAMES_ERRORS.illegalMove,
        game: brokenIndex,
        line: (brokenIndex - 1) * 14 + 1,
        kept: true,
        white: `Speler W${BROKEN.round}-${BROKEN.board}, Anna`,
        round: `${BROKEN.round}.${BROKEN.board}`,
      }),
    ]);
    expect(job.startedAt).not.toBeNull();
    expect(job.finishedAt).not.toBeNull();
    expect(await gameCount('U14')).toBe(GAMES);

    // The list of recent uploads has it; the audit entry is written when the job ends; the stored text is dropped.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/uploads?category=U14', headers: arbiter });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<GameUploadJob[]>().map((j) => [j.id, j.status])).toEqual([[queued.id, 'done']]);
    const { edition } = await gamesCategory(ctx.db, 'U14');
    const [audit] = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'results.games_uploaded'), eq(auditEntries.subjectId, `${edition}/U14`)));
    expect(audit?.after).toMatchObject({ job: queued.id, added: GAMES, errors: 1 });
    const [row] = await ctx.db.select({ pgn: gameUploadJobs.pgn }).from(gameUploadJobs).where(eq(gameUploadJobs.id, queued.id));
    expect(row?.pgn).toBeNull();

    // The same file again: every game found again, none added.
    const again = await startUpload(ctx, arbiter, 'U14', threeRounds());
    expect((await finishedUpload(ctx, arbiter, again.json<GameUploadJob>().id)).report).toMatchObject({ added: 0, unchanged: GAMES });
    expect(await gameCount('U14')).toBe(GAMES);
  });

  it('refuses at once what the request shows (unknown category, empty file, a character not allowed), and a file of too many games ends failed with its code', async () => {
    const unknown = await startUpload(ctx, arbiter, 'U99', '[Round "1"]\n\n1. e4 *\n');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, GAMES_ERRORS.unknownCategory]);
    const empty = await startUpload(ctx, arbiter, 'U12', '  \n');
    expect([empty.statusCode, empty.json().code]).toEqual([400, GAMES_ERRORS.emptyPgn]);
    const unsafe = await startUpload(ctx, arbiter, 'U12', '[Round "1"]\n[White "A\u0000"]\n\n1. e4 *\n');
    expect([unsafe.statusCode, unsafe.json().code]).toEqual([400, PLATFORM_ERRORS.validation]);
    expect(unsafe.json().details.issues).toMatchObject([{ path: 'file', code: 'unsafe_text' }]);

    const many = Array.from({ length: 5001 }, (_, i) => `[Round "1"]\n[White "W${i}"]\n[Black "B${i}"]\n\n*\n`).join('\n');
    const started = await startUpload(ctx, arbiter, 'U12', many);
    expect(started.statusCode, started.body).toBe(202);
    const job = await finishedUpload(ctx, arbiter, started.json<GameUploadJob>().id);
    expect(job).toMatchObject({ status: 'failed', report: null, error: { code: GAMES_ERRORS.tooManyGames, details: { games: 5001, maxGames: 5000 } } });
    expect(await gameCount('U12')).toBe(0);
  });

  it('gives a retry or a double click with the same Idempotency-Key the same job, not a second one', async () => {
    const key = randomUUID();
    const text = '[Round "4.1"]\n[White "Claes, Noah"]\n[Black "Maes, Louise"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n';
    const [first, second] = await Promise.all([
      startUpload(ctx, arbiter, 'U16', text, { idempotencyKey: key }),
      startUpload(ctx, arbiter, 'U16', text, { idempotencyKey: key }),
    ]);
    expect([first.statusCode, second.statusCode], second.body).toEqual([202, 202]);
    expect(second.json<GameUploadJob>().id).toBe(first.json<GameUploadJob>().id);
    const job = await finishedUpload(ctx, arbiter, first.json<GameUploadJob>().id);
    expect(job.report).toMatchObject({ added: 1 });
    const later = await startUpload(ctx, arbiter, 'U16', text, { idempotencyKey: key });
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.json<GameUploadJob>().id).toBe(job.id);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/uploads?category=U16', headers: arbiter });
    expect(list.json<GameUploadJob[]>()).toHaveLength(1);
  });

  it('marks a job its process no longer runs interrupted, lists it, and resumes it to the counts of an uninterrupted run without a duplicate', async () => {
    const text = threeRounds();
    // What a crash leaves: the job "running", silent since its process died, round 1 stored and counted.
    const firstRun: IngestProgress[] = [];
    const round1 = text.slice(0, text.indexOf('[Event "Belgisch Jeugdkampioenschap U14"]\n[Site "Blankenberge"]\n[Date "2027.04.05"]'));
    const target = await gamesCategory(ctx.db, 'U18');
    await ingestPgn(systemContext(ctx), target, round1, {
      source: 'upload',
      onProgress: (progress) => void firstRun.push(progress),
    });
    const last = firstRun.at(-1)!;
    expect(last.stored).toBe(BOARDS);
    const silentSince = new Date(ctx.clock.now().getTime() - BULK_JOB_STALE_AFTER_MS - 1000);
    const id = randomUUID();
    await ctx.db.insert(gameUploadJobs).values({
      id,
      ...target,
      status: 'running',
      pgn: text,
      total: GAMES + 1,
      parsed: GAMES + 1,
      storable: GAMES,
      stored: BOARDS,
      counts: { stored: BOARDS, ...last.counts },
      createdBy: 'arbiter@example.test',
      createdAt: silentSince,
      startedAt: silentSince,
      updatedAt: silentSince,
    });

    expect(await markInterruptedJobs(ctx.database, bulkJobKinds(ctx), ctx.clock.now())).toBe(1);
    const interrupted = await ctx.app.inject({ method: 'GET', url: '/api/v1/jobs/interrupted', headers: arbiter });
    expect(interrupted.json<InterruptedJob[]>()).toEqual([expect.objectContaining({ kind: 'games', id, action: 'U18', done: BOARDS, total: GAMES })]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/games/uploads/${id}`, headers: arbiter })).json()).toMatchObject({ status: 'interrupted' });

    const resumed = await ctx.app.inject({ method: 'POST', url: `/api/v1/jobs/games/${id}/resume`, headers: arbiter });
    expect(resumed.statusCode, resumed.body).toBe(202);
    const again = await ctx.app.inject({ method: 'POST', url: `/api/v1/jobs/games/${id}/resume`, headers: arbiter });
    expect([again.statusCode, again.json().code]).toEqual([409, PLATFORM_ERRORS.jobNotInterrupted]);
    const job = await finishedUpload(ctx, arbiter, id);
    // The same counts as the uninterrupted upload of the same file (first test): round 1's games counted once, as added.
    expect(job).toMatchObject({ status: 'done', stored: GAMES });
    expect(job.report).toMatchObject({ added: GAMES, grown: 0, replaced: 0, unchanged: 0, stale: 0 });
    expect(job.report!.errors.map((e) => e.code)).toEqual([GAMES_ERRORS.illegalMove]);
    expect(await gameCount('U18')).toBe(GAMES);
  });

  it('is for managers with the results permission only', async () => {
    const editor = await managerHeaders(ctx, ['editor']);
    const id = randomUUID();
    for (const headers of [{}, editor]) {
      const upload = await startUpload(ctx, headers, 'U20', '[Round "1"]\n\n1. e4 *\n');
      const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/games/uploads', headers });
      const one = await ctx.app.inject({ method: 'GET', url: `/api/v1/games/uploads/${id}`, headers });
      const expected = headers === editor ? 403 : 401;
      expect([upload.statusCode, list.statusCode, one.statusCode]).toEqual([expected, expected, expected]);
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: `/api/v1/games/uploads/${id}`, headers: arbiter });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, GAMES_ERRORS.uploadNotFound]);
  });
});
