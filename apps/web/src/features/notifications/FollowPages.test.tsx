import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { followStatusSchema, followTokenSchema } from '@bjk/domain/notifications';
import { fail, network, ok, renderPage, route } from '../../test/render-page';

const token = `0b7c2f4e-93a1-4c55-9d0e-5a1f3c2b7e10.${'A'.repeat(43)}`;
const status = { channel: 'email' as const, status: 'active' as const, category: 'U12', pairingNumber: 7, name: 'Janssens, Lotte' };

describe('the pages a follow link opens', () => {
  it('names the followed player, stops on a tap (never on opening) and links back to the player', async () => {
    await renderPage(`/follow/unfollow#${token}`, {
      routes: [route('POST /api/v1/follow/status', ok(followStatusSchema, status)), route('POST /api/v1/follow/unfollow', { status: 204 })],
    });
    expect(await screen.findByText('Deze link stopt de e-mails over Janssens, Lotte (U12).')).toBeTruthy();
    // Mail scanners open links: opening asked who is followed, it did not stop anything.
    expect(network.sentTo('POST /api/v1/follow/unfollow')).toHaveLength(0);
    expect(network.sent('POST /api/v1/follow/status', followTokenSchema)).toEqual([{ token }]);
    expect(screen.getByRole('link', { name: 'Naar de uitslagen' }).getAttribute('href')).toBe('/trn_u12?player=7');

    fireEvent.click(screen.getByRole('button', { name: 'Niet meer volgen' }));
    expect((await screen.findByRole('status')).textContent).toBe('Je volgt Janssens, Lotte niet meer.');
    expect(network.sentTo('POST /api/v1/follow/unfollow')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Niet meer volgen' })).toBeNull();
  });

  it('says in the reader’s language that a spent link is no longer valid, and offers the results', async () => {
    await renderPage(`/follow/unfollow#${token}`, {
      language: 'fr',
      routes: [route('POST /api/v1/follow/status', fail(400, 'notifications.token_invalid'))],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Ce lien n'est pas (ou plus) valide");
    expect(screen.queryByRole('button', { name: 'Ne plus suivre' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Vers les résultats' }).getAttribute('href')).toBe('/results');
  });

  it('says a link without its token is incomplete and asks the server nothing', async () => {
    await renderPage('/follow/confirm');
    expect(await screen.findByText('Deze link is onvolledig. Open de link uit de e-mail opnieuw.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bevestigen' })).toBeNull();
    expect(network.requests.filter((r) => r.path.startsWith('/api/v1/follow'))).toEqual([]);
  });

  it('confirms an e-mail follow on a tap, once, and says whom the mails are about', async () => {
    await renderPage(`/follow/confirm#${token}`, { language: 'de', routes: [route('POST /api/v1/follow/confirm', ok(followStatusSchema, status))] });
    const button = await screen.findByRole('button', { name: 'Bestätigen' });
    expect(network.sentTo('POST /api/v1/follow/confirm')).toHaveLength(0);
    fireEvent.click(button);
    expect((await screen.findByRole('status')).textContent).toContain('Janssens, Lotte');
    expect(network.sentTo('POST /api/v1/follow/confirm')).toHaveLength(1);
    expect(network.sent('POST /api/v1/follow/confirm', followTokenSchema)).toEqual([{ token }]);
  });
});
