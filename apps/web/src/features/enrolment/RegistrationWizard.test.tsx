import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { lateInvitationViewSchema, playerLookupSchema, registrationDraftResultSchema, registrationDraftSchema, type PlayerLookup } from '@bjk/domain/enrolment';
import { click, editionSettings, fail, network, ok, renderPage, route, textOf, type, type Route } from '../../test/render-page';
import { lotteMember } from '../../test/people';

const lotte: PlayerLookup = {
  ...lotteMember,
  youth: true,
  adult: false,
  eligibleCategories: ['U12', 'U14', 'U16', 'U18', 'U20'],
  alreadyRegistered: false,
};
const DRAFT_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

/** The member registry: Lotte by her federation id; any other id is unknown. */
const registry = (): Route[] => [
  route('GET /api/v1/registration/idbel/:id', (_, { id }) => (id === '45123' ? ok(playerLookupSchema, lotte) : fail(404, 'enrolment.member_not_found'))),
];

/** From the intro to the lookup, then looks `id` up. */
async function lookUp(id: string) {
  await click(await screen.findByTestId('wizard-next'));
  await type(await screen.findByTestId('lookup-id'), id);
  await click(screen.getByTestId('lookup-search'));
}

/** From the intro to the details form, with Lotte found. */
async function toDetails() {
  await lookUp('45123');
  await screen.findByTestId('lookup-found');
  await click(screen.getByTestId('wizard-next'));
  await click(await screen.findByTestId('wizard-next')); // the nationality step
  await screen.findByTestId('parent-fullName');
}

/** The wizard with a server that saves drafts, on the details form filled in with Lotte's parent. */
async function toFilledDetails() {
  await renderPage('/registration_bjk', {
    routes: [...registry(), route('POST /api/v1/registration/:kind', ok(registrationDraftResultSchema, { id: DRAFT_ID, status: 'draft' }))],
  });
  await toDetails();
  await type(screen.getByTestId('parent-fullName'), 'Anne Peeters');
  await type(screen.getByTestId('parent-email'), 'anne@example.org');
  await type(screen.getByTestId('parent-mobile'), '+32 470 12 34 56');
}

describe('the enrolment wizard', () => {
  it('opens on what is needed, with the fee, and starts with the lookup', async () => {
    await renderPage('/registration_bjk', { routes: registry() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inschrijving BJK 2027' })).toBeTruthy();
    expect(screen.getByText('Stap 1 van 7')).toBeTruthy();
    expect(textOf(await screen.findByText(/Het inschrijvingsgeld bedraagt/))).toContain('bedraagt € 35,00;');
    await click(screen.getByRole('button', { name: 'Start de inschrijving' }));
    expect(await screen.findByRole('heading', { name: 'Zoek de speler' })).toBeTruthy();
    expect(screen.getByText('Stap 2 van 7')).toBeTruthy();
    expect(screen.getByTestId('wizard-next').hasAttribute('disabled')).toBe(true);
  });

  it('finds a player by federation id and goes on only then', async () => {
    await renderPage('/registration_bjk', { routes: registry() });
    await lookUp('45123');
    expect((await screen.findByTestId('lookup-found')).textContent).toBe('Gevonden: Lotte Peeters, geboren in 2015, KSK Brugge.');
    expect(network.sentTo('GET /api/v1/registration/idbel/45123')[0]?.query.get('kind')).toBe('bjk');
    await click(screen.getByTestId('wizard-next'));
    expect(await screen.findByTestId('nationality-belgian')).toBeTruthy();
  });

  it('says in words that an unknown federation id is unknown, and keeps the way on closed', async () => {
    await renderPage('/registration_bjk', { routes: registry() });
    await lookUp('99999');
    expect((await screen.findByRole('alert')).textContent).toBe('Geen deelnemer met dit stamnummer');
    expect(screen.queryByTestId('lookup-found')).toBeNull();
    expect(screen.getByTestId('wizard-next').hasAttribute('disabled')).toBe(true);
  });

  it('stops a player who is already registered', async () => {
    await renderPage('/registration_bjk', {
      routes: [route('GET /api/v1/registration/idbel/:id', ok(playerLookupSchema, { ...lotte, alreadyRegistered: true }))],
    });
    await lookUp('45123');
    expect((await screen.findByTestId('lookup-registered')).textContent).toBe('Deze speler is al ingeschreven.');
    expect(screen.getByTestId('wizard-next').hasAttribute('disabled')).toBe(true);
  });

  it('asks a minor’s parent or attendant, in Dutch, when the details are left empty, and sends nothing', async () => {
    await renderPage('/registration_bjk', { routes: registry() });
    await toDetails();
    expect(within(screen.getByTestId('details-category')).getByText('Min 12')).toBeTruthy();
    await click(screen.getByTestId('wizard-next'));
    expect(
      await screen.findByText('Een minderjarige heeft een aanwezige ouder of een begeleider nodig, met volledige naam, e-mail en gsm-nummer'),
    ).toBeTruthy();
    expect(network.sentTo('POST /api/v1/registration/bjk')).toHaveLength(0);
  });

  it('words invalid and missing contact fields in French', async () => {
    await renderPage('/registration_bjk', { language: 'fr', routes: registry() });
    await toDetails();
    await type(screen.getByTestId('parent-fullName'), 'Anne Peeters');
    await type(screen.getByTestId('parent-email'), 'anne@');
    await type(screen.getByTestId('player-mobile'), '12');
    await click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText('Adresse e-mail non valide')).toBeTruthy();
    expect(screen.getByText('Le numéro de GSM est obligatoire')).toBeTruthy();
    expect(screen.getByText('Numéro de GSM non valide')).toBeTruthy();
    expect(network.sentTo('POST /api/v1/registration/bjk')).toHaveLength(0);
  });

  it('saves the details as a draft with the player’s ids and language, and goes on to the photo', async () => {
    await toFilledDetails();
    await click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText('Stap 5 van 7')).toBeTruthy();
    const [draft] = network.sent('POST /api/v1/registration/bjk', registrationDraftSchema);
    expect(draft).toMatchObject({
      category: 'U12',
      idbel: 45123,
      idfide: null,
      language: 'nl',
      parent: { fullName: 'Anne Peeters', email: 'anne@example.org', mobile: '+32 470 12 34 56' },
      attendant: { fullName: '', email: '', mobile: '' },
    });
    expect(draft?.id).toBeUndefined();
  });

  it('sends the draft once when "next" is clicked twice before the answer', async () => {
    await toFilledDetails();
    const next = screen.getByTestId('wizard-next');
    await act(async () => {
      fireEvent.click(next);
      fireEvent.click(next);
    });
    expect(await screen.findByText('Stap 5 van 7')).toBeTruthy();
    expect(network.sentTo('POST /api/v1/registration/bjk')).toHaveLength(1);
  });

  it('shows the server’s refusal of the draft in the visitor’s language', async () => {
    await renderPage('/registration_bjk', {
      language: 'fr',
      routes: [...registry(), route('POST /api/v1/registration/:kind', fail(409, 'enrolment.already_registered'))],
    });
    await toDetails();
    await type(screen.getByTestId('attendant-fullName'), 'Marc Claes');
    await type(screen.getByTestId('attendant-email'), 'marc@example.org');
    await type(screen.getByTestId('attendant-mobile'), '0470123456');
    await click(screen.getByTestId('wizard-next'));
    expect((await screen.findByRole('alert')).textContent).toBe('Ce joueur est déjà inscrit');
    expect(screen.getByText('Étape 4 sur 7')).toBeTruthy();
  });

  it('says when enrolment has closed, with the late fee, instead of the steps', async () => {
    const closed = editionSettings((s) => {
      s.enrolment = { opensAt: '2026-01-01T00:00:00.000Z', lateFrom: '2026-01-02T00:00:00.000Z', closesAt: '2026-01-03T00:00:00.000Z' };
    });
    await renderPage('/registration_bjk', { edition: closed });
    expect(textOf(await screen.findByTestId('enrolment-closed'))).toContain('met een administratieve kost van € 10,00.');
    expect(screen.queryByTestId('wizard-next')).toBeNull();
  });
});

describe('the wizard of the vk championship and late-entry invitations', () => {
  const TOKEN = `${'A'.repeat(22)}.${'B'.repeat(43)}`;
  /** The invitation the manager's mail links to, as the server reads it (not spent). */
  const invitation = (kind: 'bjk' | 'vk', ids: { idbel: number | null; idfide: number | null }) =>
    route('POST /api/v1/registration/invitation', ok(lateInvitationViewSchema, { kind, ...ids, expiresAt: '2027-02-10T09:00:00.000Z' }));
  const forgetToken = () => onTestFinished(() => window.sessionStorage.clear());

  it('opens at /registration_vk with the vk championship’s name and fee, and looks players up for the vk', async () => {
    const edition = editionSettings();
    await renderPage('/registration_vk', {
      routes: [route('GET /api/v1/registration/idbel/:id', ok(playerLookupSchema, { ...lotte, eligibleCategories: [edition.vk!.categories[0]!.code] }))],
      edition,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inschrijving BJK 2027 – Vlaams (VK)' })).toBeTruthy();
    expect(textOf(await screen.findByText(/Het inschrijvingsgeld bedraagt/))).toContain(
      `bedraagt € ${(edition.fees.vk.feeCents / 100).toFixed(2).replace('.', ',')}`,
    );
    await lookUp('45123');
    await screen.findByTestId('lookup-found');
    expect(network.sentTo('GET /api/v1/registration/idbel/45123')[0]?.query.get('kind')).toBe('vk');
  });

  it('says at /registration_vk that an edition without the vk takes no such enrolments', async () => {
    await renderPage('/registration_vk', { edition: editionSettings((s) => delete s.vk) });
    expect((await screen.findByTestId('enrolment-not-offered')).textContent).toBe('Dit kampioenschap neemt dit jaar geen inschrijvingen.');
    expect(screen.queryByTestId('wizard-next')).toBeNull();
  });

  it('takes an invitation made for the vk from the BJK wizard to the vk one, and starts the lookup with the invited FIDE id', async () => {
    forgetToken();
    await renderPage(`/registration_bjk#invitation=${TOKEN}`, { routes: [invitation('vk', { idbel: null, idfide: 205001234 })] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inschrijving BJK 2027 – Vlaams (VK)' })).toBeTruthy();
    expect(window.location.pathname).toBe('/registration_vk');
    expect(window.location.hash).toBe('');
    expect(await screen.findByTestId('late-invitation')).toBeTruthy();
    await click(await screen.findByTestId('wizard-next'));
    expect((await screen.findByTestId('lookup-id')).getAttribute('value')).toBe('205001234');
    expect(screen.getByRole('button', { name: 'FIDE-id', pressed: true })).toBeTruthy();
    // Read again on the vk page: the token stayed in the tab.
    expect(network.sentTo('POST /api/v1/registration/invitation')).toHaveLength(2);
  });

  it('keeps an invitation made for the BJK on the BJK wizard, the lookup starting with the invited federation id', async () => {
    forgetToken();
    await renderPage(`/registration_bjk#invitation=${TOKEN}`, { routes: [...registry(), invitation('bjk', { idbel: 45123, idfide: null })] });
    expect(await screen.findByTestId('late-invitation')).toBeTruthy();
    expect(window.location.pathname).toBe('/registration_bjk');
    await click(await screen.findByTestId('wizard-next'));
    expect((await screen.findByTestId('lookup-id')).getAttribute('value')).toBe('45123');
    await click(screen.getByTestId('lookup-search'));
    expect((await screen.findByTestId('lookup-found')).textContent).toContain('Lotte Peeters');
  });
});
