import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountCreateSchema, accountListSchema, accountUpdateSchema, type AccountListItem } from '@bjk/domain/accounts';
import { auditPageSchema } from '@bjk/domain/audit';
import { click, fail, network, ok, renderPage, route, type, type Route } from '../../test/render-page';

const OWN_ID = 'a0000000-0000-4000-8000-000000000001';
const piet: AccountListItem = {
  id: 'b0000000-0000-4000-8000-000000000002',
  email: 'piet@example.org',
  displayName: 'Piet Penning',
  roles: ['treasurer'],
  permissions: ['payments:read', 'payments:write'],
  enabled: true,
  lastLoginAt: null,
  createdAt: '2026-09-01T10:00:00.000Z',
  hasPassword: true,
};
const me: AccountListItem = { ...piet, id: OWN_ID, email: 'manager@example.org', displayName: 'Marie Manager', roles: ['admin'], permissions: [] };

const accounts = (): Route[] => [
  route('GET /api/v1/accounts', ok(accountListSchema, [me, piet])),
  route('GET /api/v1/audit', ok(auditPageSchema, { items: [], total: 0, page: 1, pageSize: 200 })),
];
const dialog = () => within(screen.getByRole('dialog'));

describe('the managers’ accounts', () => {
  it('lists the managers with their roles', async () => {
    await renderPage('/mgmt/accounts', { manager: ['admin'], routes: accounts() });
    const rows = await screen.findAllByTestId('account-row');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Marie Manager'), expect.stringContaining('Piet Penning')]);
    expect(within(rows[1]!).getByText('Penningmeester')).toBeTruthy();
  });

  it('asks a valid e-mail, a name and a long enough password before creating an account', async () => {
    await renderPage('/mgmt/accounts', { manager: ['admin'], routes: accounts() });
    await click(await screen.findByRole('button', { name: 'Nieuwe beheerder' }));
    await type(dialog().getByRole('textbox', { name: /^E-mailadres/ }), 'nieuw@');
    await type(dialog().getByLabelText(/^Wachtwoord/), 'kort');
    await click(dialog().getByRole('button', { name: 'Opslaan' }));
    expect(await dialog().findByText('Geen geldig e-mailadres')).toBeTruthy();
    expect(dialog().getByText('Naam is verplicht')).toBeTruthy();
    expect(dialog().getByText('Te kort: minstens 12 tekens')).toBeTruthy();
    expect(network.sentTo('POST /api/v1/accounts')).toHaveLength(0);
  });

  it('creates an account with the chosen roles, and shows a taken e-mail address in words', async () => {
    await renderPage('/mgmt/accounts', { manager: ['admin'], routes: [...accounts(), route('POST /api/v1/accounts', fail(409, 'accounts.email_taken'))] });
    await click(await screen.findByRole('button', { name: 'Nieuwe beheerder' }));
    await type(dialog().getByRole('textbox', { name: /^E-mailadres/ }), 'piet@example.org');
    await type(dialog().getByRole('textbox', { name: /^Naam/ }), 'Piet Twee');
    await click(dialog().getByRole('checkbox', { name: /Penningmeester/ }));
    await click(dialog().getByRole('button', { name: 'Opslaan' }));
    expect((await dialog().findByRole('alert')).textContent).toBe('Er bestaat al een account met dit e-mailadres.');
    const bodies = network.sent('POST /api/v1/accounts', accountCreateSchema);
    expect(bodies[0]).toEqual({ email: 'piet@example.org', displayName: 'Piet Twee', roles: ['treasurer'] });
  });

  it('saves a manager’s new roles, and asks again before an admin takes their own rights away', async () => {
    await renderPage('/mgmt/accounts', {
      manager: ['admin'],
      routes: [
        ...accounts(),
        route('PUT /api/v1/accounts/:id', (request) => ok(accountListSchema.element, { ...me, ...accountUpdateSchema.parse(request.body) })),
      ],
    });
    await click(await screen.findByRole('button', { name: 'Marie Manager bewerken' }));
    await click(dialog().getByRole('checkbox', { name: /^Beheerder/ }));
    await click(dialog().getByRole('button', { name: 'Opslaan' }));
    expect((await dialog().findByRole('alert')).textContent).toBe('Je neemt jezelf de rechten om accounts te beheren af. Klik nogmaals om te bevestigen.');
    expect(network.sentTo(`PUT /api/v1/accounts/${OWN_ID}`)).toHaveLength(0);
    await click(dialog().getByRole('button', { name: 'Toch opslaan' }));
    await screen.findByRole('button', { name: 'Nieuwe beheerder' });
    expect(network.sent(`PUT /api/v1/accounts/${OWN_ID}`, accountUpdateSchema)).toEqual([{ displayName: 'Marie Manager', roles: [], enabled: true }]);
  });

  it('shows the server’s refusal to take the last admin’s role in French', async () => {
    await renderPage('/mgmt/accounts', {
      manager: ['admin'],
      language: 'fr',
      routes: [...accounts(), route('PUT /api/v1/accounts/:id', fail(409, 'accounts.last_admin'))],
    });
    await click(await screen.findByRole('button', { name: 'Modifier Piet Penning' }));
    await click(dialog().getByRole('switch', { name: 'Compte actif' }));
    await click(dialog().getByRole('button', { name: 'Enregistrer' }));
    expect((await dialog().findByRole('alert')).textContent).toBe('Le dernier administrateur actif ne peut être ni désactivé ni privé du rôle Administrateur.');
  });

  it('tells a manager without the admin role that only admins manage accounts', async () => {
    await renderPage('/mgmt/accounts', { manager: ['treasurer'] });
    expect((await screen.findByTestId('accounts-forbidden')).textContent).toBe('Alleen beheerders met de rol Beheerder (alle rechten) beheren accounts.');
    expect(network.sentTo('GET /api/v1/accounts')).toHaveLength(0);
  });
});
