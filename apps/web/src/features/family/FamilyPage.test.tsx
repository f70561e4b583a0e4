import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consentChoicesSchema, consentsSchema } from '@bjk/domain/consents';
import { familyOverviewSchema, type FamilyChild, type FamilyOverview } from '@bjk/domain/family';
import { click, fail, network, ok, renderPage, route } from '../../test/render-page';

const child: FamilyChild = {
  registrationId: '0b6f4a52-8f4e-4f0e-9a51-3c2d7c1e5a10',
  kind: 'bjk',
  firstName: 'Lotte',
  lastName: 'Peeters',
  birthYear: 2015,
  category: 'U12',
  status: 'confirmed',
  relation: ['parent'],
  email: '',
  mobile: '',
  parent: { fullName: 'An Peeters', email: 'an@example.be', mobile: '+32470123456' },
  attendant: { fullName: '', email: '', mobile: '' },
  consent: true,
  consents: { badgePhoto: true, webPhoto: false, publicName: true, changedAt: null, changedBy: 'enrolment' },
  hasPhoto: false,
  badge: 'none',
  payment: null,
  results: null,
  absences: [],
};
const overview = (consents: FamilyChild['consents'] = child.consents): FamilyOverview => ({
  email: 'an@example.be',
  optionalConsents: { badgePhoto: true, webPhoto: true, publicName: true },
  sessionExpiresAt: '2027-02-17T18:00:00.000Z',
  children: [{ ...child, consents }],
  reservations: [],
  absenceRounds: [],
  maxHalfPointByes: 2,
  privacyRequests: [],
});

describe('My family', () => {
  it('asks for the address to mail a sign-in link to when the family has no session', async () => {
    await renderPage('/family', { routes: [route('GET /api/v1/family/me', fail(401, 'family.session_required'))] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn gezin' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mail me een aanmeldlink' })).toBeTruthy();
    expect(screen.queryByTestId('family-signed-in')).toBeNull();
  });

  it('saves a consent at once and shows it as the server has it then', async () => {
    let stored = child.consents;
    await renderPage('/family', {
      routes: [
        route('GET /api/v1/family/me', () => ok(familyOverviewSchema, overview(stored))),
        route('PUT /api/v1/family/children/:id/consents', (request) => {
          stored = { ...consentChoicesSchema.parse(request.body), changedAt: '2027-02-16T09:00:00.000Z', changedBy: 'family' };
          return ok(consentsSchema, stored);
        }),
      ],
    });
    const consents = await screen.findByTestId('family-consents');
    const web = within(consents).getByTestId<HTMLInputElement>('family-consent-webPhoto');
    expect(web.checked).toBe(false);
    const reads = network.sentTo('GET /api/v1/family/me').length;
    await click(web);
    expect(await screen.findByTestId('family-consents-saved')).toBeTruthy();
    expect(network.sent('PUT /api/v1/family/children/:id/consents', consentChoicesSchema)).toEqual([{ badgePhoto: true, webPhoto: true, publicName: true }]);
    // The page read the family again before saying "saved": the box is ticked as stored, and when and by whom.
    expect(network.sentTo('GET /api/v1/family/me').length).toBe(reads + 1);
    expect(screen.getByTestId<HTMLInputElement>('family-consent-webPhoto').checked).toBe(true);
    expect(screen.getByTestId('family-consents-changed').textContent).toContain('door de familie');
  });

  it('shows a refused change with its own text in the family’s language, and keeps the page', async () => {
    await renderPage('/family', {
      language: 'de',
      routes: [
        route('GET /api/v1/family/me', ok(familyOverviewSchema, overview())),
        route('PUT /api/v1/family/children/:id/consents', fail(404, 'family.not_found')),
      ],
    });
    await click(await screen.findByTestId('family-consent-webPhoto'));
    expect(await screen.findByText('Dies gehört nicht zu Ihrer Familie (oder existiert nicht mehr).', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('family-signed-in')).toBeTruthy();
  });

  it('signs out and asks for a sign-in link again', async () => {
    let signedIn = true;
    await renderPage('/family', {
      routes: [
        route('GET /api/v1/family/me', () => (signedIn ? ok(familyOverviewSchema, overview()) : fail(401, 'family.session_required'))),
        route('POST /api/v1/family/session/sign-out', () => ((signedIn = false), { status: 204 })),
      ],
    });
    await click(await screen.findByRole('button', { name: 'Afmelden' }));
    expect(await screen.findByRole('button', { name: 'Mail me een aanmeldlink' })).toBeTruthy();
    expect(screen.queryByTestId('family-signed-in')).toBeNull();
  });
});
