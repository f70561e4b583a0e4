import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicParticipantListSchema, type PublicParticipant } from '@bjk/domain/enrolment';
import { fail, network, ok, renderPage, route } from '../../test/render-page';

const player = (
  id: number,
  firstName: string,
  lastName: string,
  category: string,
  ratingFide: number | null,
  clubName: string | null = 'KSK Brugge',
): PublicParticipant => ({
  id,
  firstName,
  lastName,
  clubName,
  category,
  ratingFide,
  ratingNational: ratingFide === null ? null : ratingFide - 20,
});
const players = [
  player(1, 'Lotte', 'Peeters', 'U12', 1450),
  player(2, 'Arne', 'Maes', 'U10', null, null),
  player(3, 'Emma', 'Claes', 'U12', 1610, 'Leuven Centraal'),
];

const names = () =>
  within(screen.getByTestId('participants-table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.bjk-participants-name')?.textContent);

describe('the public list of participants', () => {
  it('lists the players by name with club, category and ratings, and counts them', async () => {
    await renderPage('/participants_bjk', {
      routes: [route('GET /api/v1/participant/public/:kind', ok(publicParticipantListSchema, { items: players, unnamed: [] }))],
    });
    expect(await screen.findByText('3 spelers')).toBeTruthy();
    expect(names()).toEqual(['Claes Emma', 'Maes Arne', 'Peeters Lotte']);
    const arne = screen.getByRole('row', { name: /Maes Arne/ });
    expect(
      within(arne)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Maes Arne', 'U10', '—', '—']);
    expect(network.sentTo('GET /api/v1/participant/public/bjk')).toHaveLength(1);
  });

  it('counts the players not named at their family’s request, per category filter, without naming them', async () => {
    const unnamed = [
      { category: 'U12', count: 2 },
      { category: 'U10', count: 1 },
    ];
    await renderPage('/participants_bjk', {
      routes: [route('GET /api/v1/participant/public/:kind', ok(publicParticipantListSchema, { items: players, unnamed }))],
    });
    expect((await screen.findByTestId('participants-unnamed')).textContent).toBe('En 3 spelers zonder naam op deze lijst (op vraag van de familie).');
    fireEvent.change(screen.getByLabelText('Categorie'), { target: { value: 'U10' } });
    expect(screen.getByTestId('participants-unnamed').textContent).toBe('En 1 speler zonder naam op deze lijst (op vraag van de familie).');
  });

  it('filters by category and by a name or club typed in the search, and sorts by rating', async () => {
    await renderPage('/participants_bjk', {
      routes: [route('GET /api/v1/participant/public/:kind', ok(publicParticipantListSchema, { items: players, unnamed: [] }))],
    });
    await screen.findByText('3 spelers');
    fireEvent.change(screen.getByLabelText('Sorteren op'), { target: { value: 'rating' } });
    expect(names()).toEqual(['Claes Emma', 'Peeters Lotte', 'Maes Arne']);
    fireEvent.change(screen.getByLabelText('Categorie'), { target: { value: 'U12' } });
    expect(await screen.findByText('2 spelers')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Zoek naam of club'), { target: { value: 'leuven' } });
    expect(await screen.findByText('1 speler')).toBeTruthy();
    expect(names()).toEqual(['Claes Emma']);
    fireEvent.change(screen.getByLabelText('Zoek naam of club'), { target: { value: 'nobody' } });
    expect(await screen.findByText('Nog geen deelnemers.')).toBeTruthy();
  });

  it('offers the edition’s player categories only, in French', async () => {
    await renderPage('/participants_bjk', {
      language: 'fr',
      routes: [route('GET /api/v1/participant/public/:kind', ok(publicParticipantListSchema, { items: [], unnamed: [] }))],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Participants' })).toBeTruthy();
    const options = within(screen.getByLabelText('Catégorie'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Toutes les catégories', 'U8', 'U10', 'U12', 'U14', 'U16', 'U18', 'U20']);
  });

  it('shows a failed load as an error in words', async () => {
    await renderPage('/participants_bjk', { routes: [route('GET /api/v1/participant/public/:kind', fail(503, 'platform.db_unavailable'))] });
    expect((await screen.findByRole('alert')).textContent).toBe('Kan geen verbinding maken met de databankserver');
  });
});
