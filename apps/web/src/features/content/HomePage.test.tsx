import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicNewsItemSchema, publicPageSchema, type PublicNewsItem } from '@bjk/domain/content';
import { fail, network, ok, renderPage, route } from '../../test/render-page';

const homeText = (language: 'nl' | 'fr', fallback = false) => ({
  slug: 'home',
  language,
  requestedLanguage: fallback ? 'fr' : language,
  fallback,
  title: 'Welkom',
  body: 'Welkom in De Haan',
  bodyHtml: '<p>Welkom in De Haan</p>',
  heroImage: null,
  version: 3,
  updatedAt: '2026-10-01T08:00:00.000Z',
});
const news = (count: number): PublicNewsItem[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    date: '2026-11-01',
    title: `Bericht ${i + 1}`,
    summary: `Samenvatting ${i + 1}`,
    language: 'nl',
    fallback: false,
  }));

describe('the home page', () => {
  it('shows the edition, the organisers welcome text, the key facts and the five latest news entries', async () => {
    await renderPage('/', {
      routes: [
        route('GET /api/v1/page/anon/page/home', ok(publicPageSchema, homeText('nl'))),
        route('GET /api/v1/news/anon', ok(z.array(publicNewsItemSchema), news(6))),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Belgisch Jeugdschaakkampioenschap 2027' })).toBeTruthy();
    expect(screen.getByText('Welkom in De Haan')).toBeTruthy();
    const facts = screen.getByRole('region', { name: 'Kerngegevens' });
    expect(within(facts).getByText('Van 15 februari 2027 tot 21 februari 2027 (6 nachten)', { exact: false })).toBeTruthy();
    expect(within(facts).getByText('Duinenhof vakantiepark, Zeedijk 120, 8420 De Haan')).toBeTruthy();
    const list = within(screen.getByTestId('news-list'));
    expect(list.getAllByRole('link')).toHaveLength(5);
    expect(list.getByRole('link', { name: /Bericht 1/ }).getAttribute('href')).toBe('/news/1');
    expect(screen.getByRole('link', { name: 'Alle nieuws' }).getAttribute('href')).toBe('/news');
    expect(network.sentTo('GET /api/v1/page/anon/page/home')[0]?.query.get('lang')).toBe('nl');
  });

  it('reads the texts in French, saying so when the welcome text is only in Dutch', async () => {
    await renderPage('/', {
      language: 'fr',
      routes: [
        route('GET /api/v1/page/anon/page/home', ok(publicPageSchema, homeText('nl', true))),
        route('GET /api/v1/news/anon', ok(z.array(publicNewsItemSchema), [])),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: "Championnat de Belgique d'échecs de la jeunesse 2027" })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe("Ce texte n'est pas encore traduit ; vous lisez la version en néerlandais.");
    expect(screen.getByText("Pas encore d'actualités.")).toBeTruthy();
    expect(network.sentTo('GET /api/v1/news/anon')[0]?.query.get('lang')).toBe('fr');
  });

  it('shows the facts and news without a welcome text when the organisers unpublished it', async () => {
    await renderPage('/', {
      routes: [
        route('GET /api/v1/page/anon/page/home', fail(404, 'content.page_not_found')),
        route('GET /api/v1/news/anon', ok(z.array(publicNewsItemSchema), news(1))),
      ],
    });
    expect(await screen.findByRole('link', { name: /Bericht 1/ })).toBeTruthy();
    expect(screen.queryByTestId('home-content')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Alle nieuws' })).toBeNull();
  });
});
