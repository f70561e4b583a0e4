import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lateInvitationRequestSchema, lateInvitationSchema, registrationPageSchema, type LateInvitation } from '@bjk/domain/enrolment';
import { click, network, ok, renderPage, route, textOf, type } from '../../test/render-page';

const sent = (player: LateInvitation['player']) =>
  route('POST /api/v1/registration/:kind/invitations', ok(lateInvitationSchema, { id: 'link-1', expiresAt: '2027-02-13T09:00:00.000Z', validDays: 7, player }));
const emptyList = route('GET /api/v1/registration/:kind', ok(registrationPageSchema, { items: [], total: 0, page: 1, pageSize: 50 }));

/** The registrations page of `kind` with the invitation dialog open. */
async function openDialog(kind: 'bjk' | 'vk', answer = sent(null)) {
  await renderPage(kind === 'vk' ? '/mgmt/registrations?kind=vk' : '/mgmt/registrations', { manager: ['registrar'], routes: [emptyList, answer] });
  await click(await screen.findByTestId('late-invitation-open'));
  await screen.findByTestId('late-invitation-form');
}

describe('the late-entry invitation dialog', () => {
  it('refuses an id the wizard’s lookup would refuse, and sends nothing', async () => {
    await openDialog('bjk');
    await type(screen.getByTestId('invite-id'), '2000000001');
    await type(screen.getByTestId('invite-email'), 'family@example.org');
    await click(screen.getByTestId('invite-send'));
    expect(await screen.findByText('Een nummer van 1 tot 2 000 000 000, zoals de inschrijving het opzoekt')).toBeTruthy();
    await type(screen.getByTestId('invite-id'), '0');
    await click(screen.getByTestId('invite-send'));
    expect(screen.getByText('Een nummer van 1 tot 2 000 000 000, zoals de inschrijving het opzoekt')).toBeTruthy();
    expect(network.sentTo('POST /api/v1/registration/bjk/invitations')).toHaveLength(0);
  });

  it('invites by FIDE id a player not in the member list yet, and says the family can enrol once the id appears', async () => {
    await openDialog('vk');
    await click(screen.getByRole('button', { name: 'FIDE-id' }));
    await type(screen.getByTestId('invite-id'), '205001234');
    await type(screen.getByTestId('invite-email'), 'family@example.org');
    await click(screen.getByTestId('invite-send'));
    expect(textOf(await screen.findByTestId('invite-sent'))).toMatch(/^Uitnodiging verstuurd; de link blijft geldig tot /);
    expect(textOf(screen.getByTestId('invite-not-in-registry'))).toContain('Dit nummer staat nog niet in de ledenlijst');
    // The invitation is made for the page's championship (the vk), by the FIDE id only.
    expect(network.sent('POST /api/v1/registration/vk/invitations', lateInvitationRequestSchema)).toEqual([
      { idbel: null, idfide: 205001234, email: 'family@example.org', language: 'nl' },
    ]);
  });

  it('names the member invited by federation id', async () => {
    await openDialog('bjk', sent({ firstName: 'Lotte', lastName: 'Peeters' }));
    await type(screen.getByTestId('invite-id'), '45123');
    await type(screen.getByTestId('invite-email'), 'family@example.org');
    await click(screen.getByTestId('invite-send'));
    expect(textOf(await screen.findByTestId('invite-sent'))).toMatch(/^Uitnodiging voor Lotte Peeters verstuurd/);
    expect(screen.queryByTestId('invite-not-in-registry')).toBeNull();
    expect(network.sent('POST /api/v1/registration/bjk/invitations', lateInvitationRequestSchema)[0]).toMatchObject({ idbel: 45123, idfide: null });
  });
});
