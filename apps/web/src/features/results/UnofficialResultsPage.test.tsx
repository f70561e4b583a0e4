import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resultsCategorySummarySchema, roundPairingsSchema, unofficialResultInputSchema, unofficialRoundSchema, type Pairing } from '@bjk/domain/results';
import { click, fail, network, ok, renderPage, route, textOf, type Route } from '../../test/render-page';

const player = (pairingNumber: number, name: string, points = 1) => ({ pairingNumber, name, fideId: null, points });
const pairings: Pairing[] = [
  { board: 1, white: player(3, 'Peeters, Lotte'), black: player(8, 'Dubois, Marc'), result: null, unofficialResult: '½-½' },
  { board: 2, white: player(5, 'Janssens, Emma'), black: player(1, 'Maes, Tom'), result: '1-0', unofficialResult: null },
  { board: 3, white: player(2, 'Claes, Noor'), black: player(6, 'Wouters, Jan'), result: null, unofficialResult: null },
  { board: null, white: player(9, 'Lambert, Zoë'), black: null, result: 'bye', unofficialResult: null },
];
const summary = { category: 'U12', name: 'BJK 2027 U12', version: 4, players: 9, plannedRounds: 9, pairedRounds: 3, publishedAt: '2027-02-15T08:00:00.000Z' };
const entered = { category: 'U12', round: 3, boards: [], stale: [] };

const page = (extra: Route[] = []): Route[] => [
  route('GET /api/v1/results/anon/categories', ok(z.array(resultsCategorySummarySchema), [summary])),
  route('GET /api/v1/results/anon/:category/pairings/:round', ok(roundPairingsSchema, { category: 'U12', round: 3, pairings })),
  route('GET /api/v1/results/anon/:category/unofficial/:round', ok(unofficialRoundSchema, entered)),
  ...extra,
];

describe('the arbiters’ results', () => {
  it('opens the newest paired round, counts the boards with a result and shows official results read-only', async () => {
    await renderPage('/mgmt/unofficial_results', { manager: ['arbiter'], routes: page() });
    expect((await screen.findByTestId('unofficial-progress')).textContent).toBe('2 van 3 borden hebben een uitslag');
    expect(network.sentTo('GET /api/v1/results/anon/U12/pairings/3')).toHaveLength(1);
    expect(textOf(screen.getByTestId('board-1'))).toContain('Peeters, Lotte – Dubois, Marc');
    expect(within(screen.getByTestId('board-1')).getByRole('button', { name: '½-½' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(screen.getByTestId('board-2')).getByText('Officiële uitslag: 1-0')).toBeTruthy();
    expect(within(screen.getByTestId('board-2')).queryByRole('button')).toBeNull();
    // A bye has no board to enter.
    expect(screen.queryByText(/Lambert/)).toBeNull();
  });

  it('saves one board’s result with one tap, naming the players the arbiter saw', async () => {
    await renderPage('/mgmt/unofficial_results', {
      manager: ['arbiter'],
      routes: page([route('POST /api/v1/tournament/unofficial_result', ok(unofficialRoundSchema, entered))]),
    });
    await click(within(await screen.findByTestId('board-3')).getByRole('button', { name: '0-1' }));
    expect(network.sent('POST /api/v1/tournament/unofficial_result', unofficialResultInputSchema)).toEqual([
      { name: 'U12', round: 3, boardnr: 3, unofficial_result: '0-1', white: 2, black: 6 },
    ]);
  });

  it('clears a result entered here, and cannot clear where none was entered', async () => {
    await renderPage('/mgmt/unofficial_results', {
      manager: ['arbiter'],
      routes: page([route('POST /api/v1/tournament/unofficial_result', ok(unofficialRoundSchema, entered))]),
    });
    const board3 = within(await screen.findByTestId('board-3'));
    expect(board3.getByRole('button', { name: 'Wissen' }).hasAttribute('disabled')).toBe(true);
    await click(within(screen.getByTestId('board-1')).getByRole('button', { name: 'Wissen' }));
    expect(network.sent('POST /api/v1/tournament/unofficial_result', unofficialResultInputSchema)[0]).toMatchObject({ boardnr: 1, unofficial_result: null });
  });

  it('says in the arbiter’s language that the board was re-paired, on that board', async () => {
    await renderPage('/mgmt/unofficial_results', {
      manager: ['arbiter'],
      language: 'en',
      routes: page([route('POST /api/v1/tournament/unofficial_result', fail(409, 'results.pairing_changed', { round: 3, board: 3 }))]),
    });
    await click(within(await screen.findByTestId('board-3')).getByRole('button', { name: '1-0' }));
    expect((await within(screen.getByTestId('board-3')).findByRole('alert')).textContent).toContain('Round 3, board 3 has other players now');
  });

  it('lists results entered for games that are no longer paired, so they can be entered again', async () => {
    await renderPage('/mgmt/unofficial_results', {
      manager: ['arbiter'],
      // The page's own answer for the round's entries, over the default one (a later route wins).
      routes: page([
        route(
          'GET /api/v1/results/anon/:category/unofficial/:round',
          ok(unofficialRoundSchema, {
            ...entered,
            stale: [{ round: 3, board: 4, white: 'Claes, Noor', black: 'Maes, Tom', result: '1-0', updatedAt: '2027-02-15T10:00:00.000Z' }],
          }),
        ),
      ]),
    });
    expect(textOf(await screen.findByTestId('unofficial-stale'))).toContain('Toen bord 4: Claes, Noor – Maes, Tom: 1-0');
  });
});
