import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { gameLinksSchema } from '@bjk/domain/games';
import {
  publicTournamentSchema,
  resultsCategorySummarySchema,
  roundPairingsSchema,
  standingsSchema,
  type PublicTournament,
  type RoundPairings,
  type Standings,
} from '@bjk/domain/results';
import { click, fail, network, ok, renderPage, route, type Route } from '../../test/render-page';

const tournament: PublicTournament = {
  category: 'U12',
  version: 3,
  publishedAt: '2027-02-17T18:00:00.000Z',
  name: 'BJK 2027 U12',
  place: 'De Haan',
  startDate: '2027-02-15',
  endDate: '2027-02-21',
  plannedRounds: 7,
  pairedRounds: 2,
  tieBreaks: [{ name: 'Bucholtz Cut 1', kind: 'buchholz_cut1' }],
  players: [],
};
const standings: Standings = {
  category: 'U12',
  version: 3,
  provisional: false,
  afterRound: 1,
  tieBreaks: tournament.tieBreaks,
  tieBreakRules: null,
  program: 'Swar v6.75',
  rows: [
    { rank: 1, pairingNumber: 4, name: 'Claes, Emma', title: null, federation: 'BEL', rating: 1610, club: 'Leuven Centraal', points: 1, tieBreaks: [0.5] },
    { rank: 2, pairingNumber: 1, name: 'Peeters, Lotte', title: null, federation: 'BEL', rating: 1450, club: 'KSK Brugge', points: 0.5, tieBreaks: [1] },
  ],
};
const pairings: RoundPairings = {
  category: 'U12',
  round: 2,
  pairings: [
    {
      board: 1,
      white: { pairingNumber: 4, name: 'Claes, Emma', fideId: null, points: 1 },
      black: { pairingNumber: 1, name: 'Peeters, Lotte', fideId: null, points: 0.5 },
      result: '1-0',
      unofficialResult: null,
    },
    {
      board: 2,
      white: { pairingNumber: 2, name: 'Maes, Arne', fideId: null, points: 0 },
      black: { pairingNumber: 3, name: 'Wouters, Jan', fideId: null, points: 0.5 },
      result: null,
      unofficialResult: '½-½',
    },
    { board: null, white: { pairingNumber: 5, name: 'Janssens, Mil', fideId: null, points: 0 }, black: null, result: 'bye', unofficialResult: null },
  ],
};

/** The browser's EventSource as far as the results stream uses it: the test plays the server's side. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener() {}
  close() {
    this.readyState = 2;
  }
}

const published = (): Route[] => [
  route(
    'GET /api/v1/results/anon/categories',
    ok(z.array(resultsCategorySummarySchema), [
      { category: 'U10', name: 'BJK 2027 U10', version: 1, players: 20, plannedRounds: 7, pairedRounds: 2, publishedAt: '2027-02-17T18:00:00.000Z' },
      { category: 'U12', name: 'BJK 2027 U12', version: 3, players: 5, plannedRounds: 7, pairedRounds: 2, publishedAt: '2027-02-17T18:00:00.000Z' },
    ]),
  ),
  route('GET /api/v1/results/anon/:category', ok(publicTournamentSchema, tournament)),
  route('GET /api/v1/results/anon/:category/standings', ok(standingsSchema, standings)),
  route('GET /api/v1/results/anon/:category/pairings/:round', ok(roundPairingsSchema, pairings)),
  route('GET /api/v1/games/public/:category/boards', ok(gameLinksSchema, { category: 'U12', games: [] })),
];

describe('a category’s results page', () => {
  it('shows the standings after the last round with a result, with the tie-break in words', async () => {
    await renderPage('/trn_u12', { routes: published() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Uitslagen U12' })).toBeTruthy();
    expect((await screen.findByTestId('results-tournament')).textContent).toBe('BJK 2027 U12 · ronde 2 van 7');
    const table = await screen.findByRole('table', { name: 'Rangschikking' });
    expect(within(table).getByRole('columnheader', { name: 'Buchholz zonder laagste' })).toBeTruthy();
    const rows = within(table).getAllByTestId('standings-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 7)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', 'Claes, Emma', 'BEL', 'Leuven Centraal', '1610', '1', '0,5'],
      ['2', 'Peeters, Lotte', 'BEL', 'KSK Brugge', '1450', '½', '1'],
    ]);
    expect(screen.getByText('Rangschikking na ronde 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'U10' }).getAttribute('href')).toBe('/trn_u10');
  });

  it('shows the last round’s pairings on their tab: official, unofficial and a bye', async () => {
    await renderPage('/trn_u12', { routes: published() });
    await click(await screen.findByRole('tab', { name: 'Paringen' }));
    const table = await screen.findByRole('table', { name: 'Ronde 2' });
    expect(window.location.search).toBe('?tab=pairings');
    const results = within(table)
      .getAllByTestId('pairing-result')
      .map((cell) => cell.textContent);
    expect(results).toEqual(['1-0', '½-½(onofficieel)', 'bye']);
    expect(screen.getByRole('button', { name: 'Ronde 1' })).toBeTruthy();
    // The round being played, above the tabs: one game of two has an (unofficial) result.
    expect(screen.getByTestId('current-round-count').textContent).toContain('2 van 2 uitslagen binnen');
    expect(network.sentTo('GET /api/v1/results/anon/U12/pairings/2').length).toBeGreaterThan(0);
  });

  it('shows a pairings request the API refuses with its own message, never as a server error', async () => {
    await renderPage('/trn_u12', {
      routes: [...published(), route('GET /api/v1/results/anon/:category/pairings/:round', fail(400, 'platform.validation'))],
    });
    await click(await screen.findByRole('tab', { name: 'Paringen' }));
    expect(await screen.findByText('Een van de verplichte velden is ongeldig', { exact: false })).toBeTruthy();
    expect(screen.queryByText(/500|Algemene serverfout/)).toBeNull();
  });

  it('says so when the category has no published results yet', async () => {
    await renderPage('/trn_u14', {
      routes: [...published(), route('GET /api/v1/results/anon/:category', fail(404, 'results.not_published'))],
    });
    expect(await screen.findByTestId('results-not-published')).toBeTruthy();
    expect(screen.getByTestId('results-not-published').textContent).toBe('Voor deze categorie zijn nog geen uitslagen gepubliceerd.');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('applies an unofficial result the live stream announces, keeping the table on screen while it reads again', async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    let current = pairings;
    await renderPage('/trn_u12?tab=pairings', {
      routes: [...published(), route('GET /api/v1/results/anon/:category/pairings/:round', () => ok(roundPairingsSchema, current))],
    });
    const table = await screen.findByRole('table', { name: 'Ronde 2' });
    expect(within(table).getAllByTestId('pairing-result')[1]!.textContent).toBe('½-½(onofficieel)');
    const stream = FakeEventSource.opened.find((source) => source.url === '/api/v1/results/anon/U12/events')!;
    await act(async () => {
      stream.readyState = 1;
      stream.onopen?.();
    });
    // The arbiter corrects board 2; the server announces the change on the category's stream.
    current = { ...pairings, pairings: pairings.pairings.map((p) => (p.board === 2 ? { ...p, unofficialResult: '0-1' } : p)) };
    const before = network.sentTo('GET /api/v1/results/anon/U12/pairings/2').length;
    await act(async () => stream.onmessage?.({ data: 'U12' }));
    await vi.waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Ronde 2' })).getAllByTestId('pairing-result')[1]!.textContent).toBe('0-1(onofficieel)'),
    );
    expect(network.sentTo('GET /api/v1/results/anon/U12/pairings/2').length).toBeGreaterThan(before);
    expect(screen.queryByTestId('results-live-paused')).toBeNull();
  });

  it('says in words, translated, that the standings could not be read, and keeps the tabs', async () => {
    await renderPage('/trn_u12', {
      language: 'fr',
      routes: [...published(), route('GET /api/v1/results/anon/:category/standings', fail(500, 'platform.internal'))],
    });
    expect(await screen.findByText('Erreur générale du serveur', { exact: false })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Appariements' })).toBeTruthy();
  });
});
