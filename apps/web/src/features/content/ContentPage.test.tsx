import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicPageSchema } from '@bjk/domain/content';
import { fail, network, ok, renderPage, route } from '../../test/render-page';

const stay = {
  slug: 'stay',
  language: 'nl' as const,
  requestedLanguage: 'nl' as const,
  fallback: false,
  title: 'Verblijf',
  body: 'Je logeert in het park.',
  bodyHtml: '<p>Je logeert in het park.</p>',
  heroImage: { group: 'public', name: 'park.jpg' },
  version: 2,
  updatedAt: '2026-10-01T08:00:00.000Z',
};

describe('an information page', () => {
  it('shows the organisers text with its image under its title', async () => {
    await renderPage('/stay', { routes: [route('GET /api/v1/page/anon/page/:slug', ok(publicPageSchema, stay))] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verblijf' })).toBeTruthy();
    expect(screen.getByText('Je logeert in het park.')).toBeTruthy();
    expect(screen.getByTestId('page-hero').getAttribute('src')).toBe('/api/v1/filestore/anon/file?group=public&name=park.jpg');
    expect(network.sentTo('GET /api/v1/page/anon/page/stay')[0]?.query.get('lang')).toBe('nl');
  });

  it('says in English that the page is shown in Dutch when it is not translated', async () => {
    await renderPage('/page/privacy', {
      language: 'en',
      routes: [
        route(
          'GET /api/v1/page/anon/page/:slug',
          ok(publicPageSchema, { ...stay, slug: 'privacy', title: 'Privacy', requestedLanguage: 'en', fallback: true, heroImage: null }),
        ),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeTruthy();
    expect(screen.getByTestId('page-fallback').textContent).toBe('This text is not translated yet; you are reading the Dutch version.');
    expect(network.sentTo('GET /api/v1/page/anon/page/privacy')[0]?.query.get('lang')).toBe('en');
  });

  it('is the not-found page for a page that is not published, without asking for a draft', async () => {
    await renderPage('/page/secret', { routes: [route('GET /api/v1/page/anon/page/:slug', fail(404, 'content.page_not_found'))] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden: /page/secret' })).toBeTruthy();
    expect(network.sentTo('GET /api/v1/page/preview/secret')).toHaveLength(0);
  });

  it('shows a manager who edits pages the draft, marked as one', async () => {
    await renderPage('/page/secret', {
      manager: ['editor'],
      routes: [
        route('GET /api/v1/page/anon/page/:slug', fail(404, 'content.page_not_found')),
        route('GET /api/v1/page/preview/:slug', ok(publicPageSchema, { ...stay, slug: 'secret', title: 'Nog geheim', heroImage: null })),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nog geheim' })).toBeTruthy();
    expect(screen.getByTestId('page-draft').textContent).toBe('Ontwerp: bezoekers zien deze pagina niet. Je ziet ze omdat je de pagina’s beheert.');
    expect(network.sentTo('GET /api/v1/page/preview/secret')[0]?.headers.get('authorization')).toBe('Bearer test-session-token');
  });
});
