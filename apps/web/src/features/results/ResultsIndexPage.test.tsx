import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resultsCategorySummarySchema } from '@bjk/domain/results';
import { fail, ok, renderPage, route } from '../../test/render-page';

describe('the results index', () => {
  it('links every category with published results, with its players and rounds', async () => {
    await renderPage('/results', {
      routes: [
        route(
          'GET /api/v1/results/anon/categories',
          ok(z.array(resultsCategorySummarySchema), [
            { category: 'U10', name: 'BJK 2027 U10', version: 1, players: 20, plannedRounds: 7, pairedRounds: 2, publishedAt: '2027-02-17T18:00:00.000Z' },
          ]),
        ),
      ],
    });
    const card = await screen.findByTestId('results-category-U10');
    expect(card.getAttribute('href')).toBe('/trn_u10');
    expect(card.textContent).toContain('20 spelers · ronde 2 van 7');
  });

  it('says when nothing is published yet', async () => {
    await renderPage('/results', { routes: [route('GET /api/v1/results/anon/categories', ok(z.array(resultsCategorySummarySchema), []))] });
    expect(await screen.findByText('Er zijn nog geen uitslagen gepubliceerd.')).toBeTruthy();
  });

  it('shows a failed load in words', async () => {
    await renderPage('/results', { routes: [route('GET /api/v1/results/anon/categories', fail(500, 'platform.internal'))] });
    expect((await screen.findByRole('alert')).textContent).toBe('Algemene serverfout');
  });
});
