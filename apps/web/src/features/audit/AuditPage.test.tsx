import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditPageSchema, auditQuerySchema, type AuditEntry } from '@bjk/domain/audit';
import { network, ok, renderPage, route, textOf, type } from '../../test/render-page';

const entry: AuditEntry = {
  id: 41,
  at: '2026-11-02T09:15:00.000Z',
  actorId: '5f1c6c1e-0d2a-4b8e-9a51-2f7f3c1d9e01',
  actorEmail: 'admin@example.org',
  action: 'accounts.create',
  subjectType: 'account',
  subjectId: 'desk@example.org',
  before: null,
  after: { roles: ['desk'] },
};

const answer = route('GET /api/v1/audit', (request) =>
  ok(auditPageSchema, request.query.get('from') ? { items: [], total: 0, page: 1, pageSize: 50 } : { items: [entry], total: 1, page: 1, pageSize: 50 }),
);

describe('the audit trail', () => {
  it('lists each change with who made it and on what, asking with the filters in the address', async () => {
    await renderPage('/mgmt/audit?area=accounts', { manager: ['admin'], routes: [answer] });
    const row = await screen.findByTestId('audit-row');
    expect(textOf(row)).toContain('admin@example.org');
    expect(textOf(row)).toContain('accounts.create');
    expect(textOf(row)).toContain('account desk@example.org');
    const [query] = network.sentTo('GET /api/v1/audit');
    expect(auditQuerySchema.parse(Object.fromEntries(query!.query))).toMatchObject({ area: 'accounts', pageSize: 50 });
  });

  it('says at once that the end date is before the start date, and asks the server nothing for that range', async () => {
    await renderPage('/mgmt/audit', { manager: ['admin'], routes: [answer] });
    await screen.findByTestId('audit-row');
    await type(screen.getByLabelText('Vanaf'), '2030-01-02');
    await type(screen.getByLabelText('Tot en met'), '2030-01-01');
    expect(await screen.findByText('Ongeldige waarde: de einddatum ligt voor de begindatum')).toBeTruthy();
    expect(network.sentTo('GET /api/v1/audit').filter((r) => r.query.get('to') === '2030-01-01')).toHaveLength(0);

    await type(screen.getByLabelText('Tot en met'), '2030-12-31');
    expect(await screen.findByText('Geen wijzigingen gevonden.')).toBeTruthy();
    expect(screen.queryByText('Ongeldige waarde: de einddatum ligt voor de begindatum')).toBeNull();
    // Every range asked for is one the server accepts.
    await waitFor(() => expect(network.sentTo('GET /api/v1/audit').some((r) => r.query.get('to') === '2030-12-31')).toBe(true));
    for (const sent of network.sentTo('GET /api/v1/audit')) expect(auditQuerySchema.safeParse(Object.fromEntries(sent.query)).success).toBe(true);
  });

  it('tells a manager without access to the audit trail so, without asking for it', async () => {
    await renderPage('/mgmt/audit', { manager: ['arbiter'] });
    expect(await screen.findByText('Je hebt geen toegang tot het auditlog.')).toBeTruthy();
    expect(network.sentTo('GET /api/v1/audit')).toHaveLength(0);
  });
});
