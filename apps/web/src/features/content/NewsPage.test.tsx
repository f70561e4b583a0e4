import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicNewsDetailSchema, publicNewsItemSchema } from '@bjk/domain/content';
import { fail, network, ok, renderPage, route } from '../../test/render-page';

const entry = {
  id: 7,
  date: '2026-11-02',
  title: 'Indeling bekend',
  summary: 'De indeling van ronde 1',
  body: 'De indeling van ronde 1 staat online.',
  bodyHtml: '<p>De indeling van ronde 1 staat online.</p>',
  language: 'nl' as const,
  fallback: false,
  previous: { id: 6, title: 'Inschrijvingen open', date: '2026-10-01' },
  next: null,
};

describe('the news', () => {
  it('lists every published entry under the page title, each a link to the entry', async () => {
    await renderPage('/news', {
      routes: [
        route(
          'GET /api/v1/news/anon',
          ok(z.array(publicNewsItemSchema), [
            { id: 7, date: '2026-11-02', title: 'Indeling bekend', summary: 'Ronde 1', language: 'nl', fallback: false },
            { id: 6, date: '2026-10-01', title: 'Inschrijvingen open', summary: 'Schrijf in', language: 'nl', fallback: false },
          ]),
        ),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nieuws' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Indeling bekend/ }).getAttribute('href')).toBe('/news/7');
    expect(screen.getByRole('link', { name: /Inschrijvingen open/ }).textContent).toContain('1 oktober 2026 · Schrijf in');
  });

  it('says there is no news yet, in German', async () => {
    await renderPage('/news', { language: 'de', routes: [route('GET /api/v1/news/anon', ok(z.array(publicNewsItemSchema), []))] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Neuigkeiten' })).toBeTruthy();
    expect(screen.getByText('Noch keine Neuigkeiten.')).toBeTruthy();
    expect(network.sentTo('GET /api/v1/news/anon')[0]?.query.get('lang')).toBe('de');
  });

  it('shows an entry with its date, text and a link to the older one', async () => {
    await renderPage('/news/7', { routes: [route('GET /api/v1/news/anon/:id', ok(publicNewsDetailSchema, entry))] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Indeling bekend' })).toBeTruthy();
    expect(screen.getByText('De indeling van ronde 1 staat online.')).toBeTruthy();
    expect(screen.getByTestId('news-date').textContent).toBe('2 november 2026');
    expect(screen.getByRole('link', { name: '← Vorige: Inschrijvingen open' }).getAttribute('href')).toBe('/news/6');
    expect(screen.queryByTestId('news-next')).toBeNull();
    expect(network.sentTo('GET /api/v1/news/anon/7')).toHaveLength(1);
  });

  it('shows the not-found page for an entry that is not published', async () => {
    await renderPage('/news/99', { routes: [route('GET /api/v1/news/anon/:id', fail(404, 'content.news_not_found'))] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden: /news/99' })).toBeTruthy();
  });

  it('does not ask the server for an address that is no entry number', async () => {
    await renderPage('/news/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden: /news/abc' })).toBeTruthy();
    expect(network.sentTo('GET /api/v1/news/anon/abc')).toHaveLength(0);
  });
});
