import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { programmeSchema, publicPageSchema } from '@bjk/domain/content';
import { fail, network, ok, renderPage, route, type } from '../../test/render-page';

const page = {
  slug: 'schedule',
  language: 'nl' as const,
  requestedLanguage: 'nl' as const,
  fallback: false,
  title: 'Programma',
  body: 'Elke ronde begint stipt.',
  bodyHtml: '<p>Elke ronde begint stipt.</p>',
  heroImage: null,
  version: 1,
  updatedAt: '2026-10-01T08:00:00.000Z',
};

const title = (nl: string) => ({ nl, fr: `${nl} (fr)`, de: `${nl} (de)`, en: `${nl} (en)` });

const programme = {
  timeZone: 'Europe/Brussels',
  categories: ['U8', 'U12'],
  events: [
    { id: 'arrival', kind: 'arrival' as const, categories: [], start: '2027-02-14T13:00:00.000Z', title: title('Aankomst'), location: 'Onthaal' },
    { id: 'round-1', kind: 'round' as const, categories: [], start: '2027-02-14T18:30:00.000Z', end: '2027-02-14T22:30:00.000Z', title: title('Ronde 1') },
    // 23:30 UTC is half past midnight in Brussels: the next day's.
    { id: 'night', kind: 'other' as const, categories: [], start: '2027-02-14T23:30:00.000Z', title: title('Nachtrust') },
  ],
};

const routes = [route('GET /api/v1/page/anon/page/:slug', ok(publicPageSchema, page))];

describe('the programme', () => {
  it('shows the organisers text, then the events by day in the edition’s time zone', async () => {
    await renderPage('/schedule', { routes: [...routes, route('GET /api/v1/calendar/anon/events', ok(programmeSchema, programme))] });
    expect(await screen.findByText('Elke ronde begint stipt.')).toBeTruthy();
    const days = await screen.findAllByRole('region');
    expect(days.map((day) => within(day).getByRole('heading', { level: 2 }).textContent)).toEqual(['Zondag 14 februari', 'Maandag 15 februari']);
    expect(
      within(days[0]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['14:00AankomstOnthaal', '19:30–23:30Ronde 1']);
    expect(within(days[1]!).getByRole('listitem').textContent).toBe('00:30Nachtrust');
    expect(screen.getByText('Alle uren in tijdzone Europe/Brussels.')).toBeTruthy();
    expect(screen.getByTestId('programme-feed').getAttribute('href')).toBe('/api/v1/calendar/anon/ics?lang=nl');
  });

  it('reads one category’s programme when chosen, and the calendar links follow the choice', async () => {
    await renderPage('/schedule', {
      language: 'fr',
      routes: [
        ...routes,
        route('GET /api/v1/calendar/anon/events', (request) =>
          ok(programmeSchema, request.query.get('category') === 'U12' ? { ...programme, events: programme.events.slice(1, 2) } : programme),
        ),
      ],
    });
    await type(await screen.findByLabelText('Catégorie'), 'U12');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('programme'))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['19:30–23:30Ronde 1 (fr)']),
    );
    expect(network.sentTo('GET /api/v1/calendar/anon/events').map((r) => r.query.get('category'))).toEqual([null, 'U12']);
    expect(screen.getByTestId('programme-feed').getAttribute('href')).toBe('/api/v1/calendar/anon/ics?lang=fr&category=U12');
  });

  it('keeps the organisers text when the programme cannot be read, and says why in the reader’s words', async () => {
    await renderPage('/schedule', { routes: [...routes, route('GET /api/v1/calendar/anon/events', fail(503, 'platform.busy'))] });
    expect(await screen.findByText('Elke ronde begint stipt.')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('platform.busy');
    expect(screen.queryByTestId('programme')).toBeNull();
  });
});
