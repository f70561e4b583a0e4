import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  deletedGameSchema,
  gameRoundsSchema,
  gameSourceSchema,
  gameUploadJobListSchema,
  gameUploadJobSchema,
  managedGameSchema,
  type GameUploadJob,
} from '@bjk/domain/games';
import { network } from '../../../test/network';
import { ok, renderPage, route, textOf } from '../../../test/render-page';

const source = gameSourceSchema.parse({
  category: 'U14',
  delaySeconds: 900,
  pollUrl: null,
  pollSeconds: 30,
  pollRound: null,
  hasPushToken: false,
  lastPollAt: null,
  lastPollSuccessAt: null,
  lastPollError: null,
  lastPollErrorAt: null,
  pollFailures: 0,
  nextPollAt: null,
  lastPushAt: null,
  gameCount: 0,
});

const job = (change: Partial<GameUploadJob>): GameUploadJob =>
  gameUploadJobSchema.parse({
    id: '0b9d4c0e-8f7e-4a35-9a57-3f1f9e2b7c11',
    category: 'U14',
    round: null,
    status: 'running',
    total: 3000,
    parsed: 3000,
    storable: 3000,
    stored: 1200,
    report: null,
    error: null,
    createdAt: '2027-04-05T09:00:00.000Z',
    startedAt: '2027-04-05T09:00:00.100Z',
    finishedAt: null,
    ...change,
  });

/** The manager's games page with the category's last upload answering `answers` in turn (the last one from then on). */
function routesWith(answers: GameUploadJob[]) {
  let reads = 0;
  return [
    route('GET /api/v1/games/sources', ok(z.array(gameSourceSchema), [source])),
    route('GET /api/v1/games/public/:category/rounds', ok(gameRoundsSchema, { category: 'U14', rounds: [] })),
    route('GET /api/v1/games/manage/:category/:round', ok(z.array(managedGameSchema), [])),
    route('GET /api/v1/games/manage/:category/:round/deleted', ok(z.array(deletedGameSchema), [])),
    route('GET /api/v1/games/uploads', ok(gameUploadJobListSchema, [answers[0]!])),
    route('GET /api/v1/games/uploads/:id', () => ok(gameUploadJobSchema, answers[Math.min(reads++, answers.length - 1)]!)),
  ];
}

describe('the manager’s games page follows a PGN upload', () => {
  it('shows the running upload when it opens again, its progress, then its report once the job is done', async () => {
    const done = job({
      status: 'done',
      stored: 3000,
      finishedAt: '2027-04-05T09:00:40.000Z',
      report: {
        added: 2999,
        grown: 0,
        replaced: 0,
        unchanged: 0,
        stale: 0,
        errors: [{ code: 'results.game_illegal_move', message: 'Ke3 is not legal', game: 17, line: 225, white: 'Peeters, Anna', black: 'Dubois, Lucas' }],
      },
    });
    await renderPage('/mgmt/games', { manager: ['arbiter'], routes: routesWith([job({}), job({ stored: 2400 }), done]) });
    const progress = await screen.findByTestId('upload-progress');
    expect(textOf(progress)).toContain('Partijen opslaan: 1.200 van 3.000 partijen');
    expect(screen.getByRole('progressbar', { name: 'Voortgang van de upload' }).getAttribute('aria-valuenow')).toBe('40');
    const report = await screen.findByTestId('upload-report');
    expect(textOf(report)).toContain('2999 toegevoegd, 0 aangevuld, 0 vervangen, 0 ongewijzigd.');
    expect(textOf(report)).toContain('Partij 17 (regel 225, Peeters, Anna – Dubois, Lucas)');
    expect(screen.queryByTestId('upload-progress')).toBeNull();
    // Read once per state it went through (running, running, done).
    const reads = network.sentTo('GET /api/v1/games/uploads/:id').length;
    expect(reads).toBe(3);
  });

  it('says why an upload failed, in the manager’s language, with the numbers of its coded error', async () => {
    const failed = job({
      status: 'failed',
      total: null,
      parsed: 0,
      storable: null,
      stored: 0,
      finishedAt: '2027-04-05T09:00:01.000Z',
      error: { code: 'results.games_too_many', message: 'too many', details: { games: 5001, maxGames: 5000 } },
    });
    await renderPage('/mgmt/games', { language: 'en', manager: ['arbiter'], routes: routesWith([failed]) });
    expect(await screen.findByText('Too many games at once: 5001, at most 5000 per file or push. Split the file by round.')).toBeTruthy();
    expect(screen.queryByTestId('upload-progress')).toBeNull();
  });
});
