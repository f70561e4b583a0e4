import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberCountSchema, memberImportJobListSchema, type MemberImportJob } from '@bjk/domain/members';
import { network, ok, renderPage, route, textOf } from '../../test/render-page';

const job = (change: Partial<MemberImportJob>): MemberImportJob => ({
  id: '9b2f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  format: 'csv',
  status: 'done',
  received: 100_000,
  inserted: 99_990,
  updated: 0,
  unchanged: 10,
  rejected: 0,
  bytes: 4_400_000,
  result: null,
  error: null,
  createdBy: 'registrar@example.org',
  createdAt: '2027-01-10T09:00:00.000Z',
  finishedAt: '2027-01-10T09:01:00.000Z',
  ...change,
});

describe('the member registry page', () => {
  it('counts the registry in the manager’s numbers and lists the latest imports, how large and how they ended', async () => {
    await renderPage('/mgmt/members', {
      manager: ['registrar'],
      routes: [
        route('GET /api/v1/members/count', ok(memberCountSchema, { total: 100_052, withIdbel: 100_052, withIdfide: 17 })),
        route(
          'GET /api/v1/members/imports',
          ok(memberImportJobListSchema, [
            job({ id: '1b2f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', status: 'running', received: 30_000, finishedAt: null }),
            job({ format: 'fide-xml', bytes: 800, received: 1 }),
          ]),
        ),
      ],
    });
    expect(textOf(await screen.findByTestId('members-count'))).toBe('100.052 leden (100.052 met stamnummer, 17 met FIDE-id).');
    const recent = within(await screen.findByTestId('members-recent'));
    expect(recent.getByText(/Federatie-CSV · 4,4 MB · bezig$/)).toBeTruthy();
    expect(recent.getByText(/FIDE-spelerslijst \(XML\) · 1 kB · klaar · 1 regel$/)).toBeTruthy();
    expect(network.sentTo('GET /api/v1/members/count')[0]?.headers.get('authorization')).toBe('Bearer test-session-token');
  });
});
