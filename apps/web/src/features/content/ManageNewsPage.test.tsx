import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newsEntrySchema, newsInputSchema, newsPageSchema, type NewsEntry } from '@bjk/domain/content';
import { click, fail, network, ok, renderPage, route, textOf, type, type Route } from '../../test/render-page';

const pairings: NewsEntry = {
  id: 7,
  date: '2026-11-02',
  published: true,
  translations: { nl: { title: 'Indeling bekend', body: 'Ronde 1 staat online.' }, fr: { title: 'Appariements connus', body: 'La ronde 1 est en ligne.' } },
  updatedAt: '2026-11-02T09:00:00.000Z',
};
const draft: NewsEntry = { ...pairings, id: 8, date: '2026-11-03', published: false, translations: { nl: { title: 'Prijsuitreiking', body: '' } } };

const list = (items: NewsEntry[] = [draft, pairings]): Route =>
  route('GET /api/v1/news', ok(newsPageSchema, { items, total: items.length, page: 1, pageSize: 25 }));

describe('the news in the back office', () => {
  it('lists drafts and published entries, newest first, each with its state and languages', async () => {
    await renderPage('/mgmt/news', { manager: ['editor'], routes: [list()] });
    const row = await screen.findByTestId('news-row-7');
    expect(textOf(row)).toContain('Indeling bekend');
    expect(textOf(row)).toContain('nl fr');
    expect(within(row).getByText('Gepubliceerd')).toBeTruthy();
    expect(within(screen.getByTestId('news-row-8')).getByText('Klad')).toBeTruthy();
    expect(network.sentTo('GET /api/v1/news')[0]?.headers.get('authorization')).toBe('Bearer test-session-token');
  });

  it('writes a new entry only once it has a Dutch title, once for a double click, and shows it in the list', async () => {
    const saved: NewsEntry = {
      id: 9,
      date: '2026-11-04',
      published: false,
      translations: { nl: { title: 'Simultaan', body: 'Zaterdag.' } },
      updatedAt: '2026-11-04T08:00:00.000Z',
    };
    let answered = [draft, pairings];
    await renderPage('/mgmt/news', {
      manager: ['editor'],
      routes: [
        route('GET /api/v1/news', () => ok(newsPageSchema, { items: answered, total: answered.length, page: 1, pageSize: 25 })),
        route('POST /api/v1/news', () => {
          answered = [saved, ...answered];
          return ok(newsEntrySchema, saved, 201);
        }),
      ],
    });
    await click(await screen.findByTestId('news-new'));
    expect(screen.getByTestId<HTMLButtonElement>('news-save').disabled).toBe(true);
    await type(screen.getByTestId('news-date'), '2026-11-04');
    await type(screen.getByTestId('news-title-input'), 'Simultaan');
    await type(screen.getByTestId('news-body-input'), 'Zaterdag.');
    const save = screen.getByTestId('news-save');
    await click(save);
    await click(save);
    expect(await screen.findByTestId('news-row-9')).toBeTruthy();
    const sent = network.sentTo('POST /api/v1/news');
    // The second click found the button disabled, or was answered from the same key: one entry either way.
    expect(new Set(sent.map((r) => r.headers.get('idempotency-key'))).size).toBe(1);
    expect(network.sent('POST /api/v1/news', newsInputSchema)[0]).toEqual({
      date: '2026-11-04',
      published: false,
      translations: { nl: { title: 'Simultaan', body: 'Zaterdag.' } },
    });
    expect(screen.queryByTestId('news-editor')).toBeNull();
  });

  it('shows why the server refused a change, in the manager’s language, and keeps the editor open', async () => {
    await renderPage('/mgmt/news?entry=7', {
      manager: ['editor'],
      language: 'de',
      routes: [list(), route('PUT /api/v1/news/:id', fail(404, 'content.news_not_found'))],
    });
    expect(await screen.findByTestId('news-editor')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('news-title-input').value).toBe('Indeling bekend');
    await click(screen.getByTestId('news-save'));
    const alert = await within(screen.getByTestId('news-editor')).findByRole('alert');
    expect(alert.textContent).not.toContain('content.news_not_found');
    expect(alert.textContent).not.toBe('');
    expect(screen.getByTestId('news-editor')).toBeTruthy();
  });

  it('deletes an entry only after the dialog is confirmed', async () => {
    await renderPage('/mgmt/news', { manager: ['editor'], routes: [list(), route('DELETE /api/v1/news/:id', { status: 204 })] });
    await click(await screen.findByTestId('news-delete-8'));
    const dialog = await screen.findByRole('dialog');
    expect(textOf(dialog)).toContain('„Prijsuitreiking” van 3 november 2026 wordt in alle talen verwijderd.');
    expect(network.sentTo('DELETE /api/v1/news/:id')).toHaveLength(0);
    await click(within(dialog).getByTestId('news-delete-confirm'));
    expect(network.sentTo('DELETE /api/v1/news/8')).toHaveLength(1);
  });
});
