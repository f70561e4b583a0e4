import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  publishImportSchema,
  tournamentImportSchema,
  tournamentVersionSchema,
  versionDiffSchema,
  type TournamentImport,
  type TournamentVersion,
} from '@bjk/domain/results';
import { click, fail, network, ok, renderPage, route, textOf, type Route } from '../../test/render-page';

const ID = '3f0e8d1c-2b4a-4c6d-8e9f-0a1b2c3d4e5f';
const draft: TournamentImport = {
  id: ID,
  fileName: 'bjk_u12.json',
  format: 'Swar 6.5',
  name: 'BJK 2027 U12',
  players: 48,
  plannedRounds: 9,
  pairedRounds: 4,
  categoryHint: 'U12',
  comparedWithVersion: 3,
  diff: {
    playersAdded: [],
    playersRemoved: ['Maes, Tom'],
    roundsAdded: [4],
    roundsRemoved: [],
    resultsChanged: [{ round: 3, board: 2, white: 'Peeters, Lotte', black: 'Dubois, Marc', before: null, after: '1-0' }],
    unofficialContradicted: [],
  },
  tieBreakRules: 'fide2026',
  tieBreakRulesChoices: ['fide2026', 'fide2023'],
  confirmationRequired: true,
};
const version = (n: number, current: boolean): TournamentVersion => ({
  category: 'U12',
  version: n,
  name: 'BJK 2027 U12',
  fileName: 'bjk_u12.json',
  players: 48,
  pairedRounds: n,
  publishedAt: '2027-02-15T08:00:00.000Z',
  publishedBy: 'arbiter@example.org',
  restoredFrom: null,
  current,
});

const versions = (list: TournamentVersion[]): Route => route('GET /api/v1/results/:category/versions', ok(z.array(tournamentVersionSchema), list));

async function chooseFile(name: string): Promise<void> {
  await act(async () => {
    fireEvent.change(screen.getByTestId('upload-file'), { target: { files: [new File(['{}'], name, { type: 'application/json' })] } });
  });
}

describe('uploading a tournament file', () => {
  it('shows what the file changes before publishing, and publishes what takes a player away only once confirmed', async () => {
    await renderPage('/mgmt/upload_json', {
      manager: ['arbiter'],
      routes: [
        versions([version(3, true)]),
        route('POST /api/v1/results/imports', ok(tournamentImportSchema, draft, 201)),
        route('GET /api/v1/results/imports/:id', ok(tournamentImportSchema, draft)),
        route('POST /api/v1/results/imports/:id/publish', ok(tournamentVersionSchema, version(4, true))),
      ],
    });
    await screen.findByTestId('version-row');
    await chooseFile('bjk_u12.json');
    const preview = await screen.findByTestId('upload-preview');
    expect(textOf(preview)).toContain('bjk_u12.json · Swar 6.5 · 48 spelers · ronde 4 van 9');
    expect(textOf(preview)).toContain('Voorgesteld door het bestand: U12');
    expect(textOf(within(preview).getByTestId('diff-removed'))).toBe('1 speler verwijderd: Maes, Tom');
    expect(textOf(within(preview).getByTestId('diff-rounds'))).toBe('Rondes toegevoegd: 4');
    expect(textOf(within(preview).getByTestId('diff-result-added'))).toContain('Ronde 3, bord 2');

    await click(within(preview).getByTestId('upload-publish'));
    const dialog = await screen.findByTestId('results-confirm');
    expect(textOf(dialog)).toContain('Maes, Tom');
    expect(network.sentTo('POST /api/v1/results/imports/:id/publish')).toHaveLength(0);
    await click(within(dialog).getByTestId('results-confirm-button'));
    expect(textOf(await screen.findByTestId('upload-published'))).toBe('Gepubliceerd: U12, versie 4.');
    expect(network.sent(`POST /api/v1/results/imports/${ID}/publish`, publishImportSchema)).toEqual([{ category: 'U12', confirm: true }]);
  });

  it('asks for the category when the file names none, and previews against the one chosen', async () => {
    await renderPage('/mgmt/upload_json', {
      manager: ['arbiter'],
      routes: [
        versions([]),
        route('POST /api/v1/results/imports', ok(tournamentImportSchema, { ...draft, categoryHint: null, comparedWithVersion: null }, 201)),
        route('GET /api/v1/results/imports/:id', () =>
          ok(tournamentImportSchema, {
            ...draft,
            categoryHint: null,
            comparedWithVersion: null,
            confirmationRequired: false,
            diff: { ...draft.diff, playersRemoved: [] },
          }),
        ),
      ],
    });
    await chooseFile('export.trf');
    const preview = await screen.findByTestId('upload-preview');
    expect(textOf(preview)).toContain('Het bestand noemt geen categorie: kies ze');
    expect(within(preview).getByTestId<HTMLButtonElement>('upload-publish').disabled).toBe(true);
    await act(async () => {
      fireEvent.mouseDown(within(preview).getByRole('combobox', { name: 'Categorie' }));
    });
    await click(await screen.findByRole('option', { name: 'U14' }));
    expect(await within(preview).findByTestId('upload-rules')).toBeTruthy();
    expect(network.sentTo(`GET /api/v1/results/imports/${ID}`).map((r) => r.query.get('category'))).toEqual(['U14']);
    expect(within(preview).getByTestId<HTMLButtonElement>('upload-publish').disabled).toBe(false);
  });

  it('says in the manager’s language why a file was refused, and leaves nothing to publish', async () => {
    await renderPage('/mgmt/upload_json', {
      manager: ['arbiter'],
      language: 'fr',
      routes: [versions([]), route('POST /api/v1/results/imports', fail(400, 'results.unknown_file_format'))],
    });
    await chooseFile('notes.txt');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('results.unknown_file_format');
    expect(alert.textContent).not.toBe('');
    expect(screen.queryByTestId('upload-preview')).toBeNull();
  });

  it('restores an older version only after showing what it changes', async () => {
    await renderPage('/mgmt/upload_json', {
      manager: ['arbiter'],
      routes: [
        versions([version(4, true), version(3, false)]),
        route(
          'GET /api/v1/results/:category/versions/:version/diff',
          ok(versionDiffSchema, {
            category: 'U12',
            version: 3,
            comparedWithVersion: 4,
            diff: { ...draft.diff, playersRemoved: [], resultsChanged: [], roundsAdded: [], roundsRemoved: [4] },
          }),
        ),
        route('POST /api/v1/results/:category/versions/:version/restore', ok(tournamentVersionSchema, { ...version(5, true), restoredFrom: 3 })),
      ],
    });
    await click(await screen.findByTestId('version-restore'));
    const dialog = await screen.findByTestId('results-confirm');
    expect(textOf(dialog)).toContain('Rondes weggenomen: 4');
    expect(network.sentTo('POST /api/v1/results/:category/versions/:version/restore')).toHaveLength(0);
    await click(within(dialog).getByTestId('results-confirm-button'));
    // The versions shown are the first category's until another is chosen.
    expect(network.sentTo('POST /api/v1/results/:category/versions/:version/restore').map((r) => r.path)).toEqual(['/api/v1/results/U8/versions/3/restore']);
  });
});
