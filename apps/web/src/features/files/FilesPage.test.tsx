import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fileGroupSchema, storedFileSchema } from '@bjk/domain/files';
import { ok, renderPage, route } from '../../test/render-page';

const groups = z.array(fileGroupSchema).parse([
  { code: 'documents', public: true, label: { nl: 'Documenten', fr: 'Documents' } },
  { code: 'sponsors', public: true, label: { nl: 'Sponsors' } },
  { code: 'empty', public: true, label: { nl: 'Leeg' } },
]);
const files = z.array(storedFileSchema).parse([
  {
    group: 'documents',
    name: 'reglement.pdf',
    displayName: { nl: 'Reglement', fr: 'Règlement' },
    contentType: 'application/pdf',
    size: 250_000,
    updatedAt: '2026-10-01T08:00:00.000Z',
  },
  { group: 'sponsors', name: 'logo.png', displayName: {}, contentType: 'image/png', size: 10_000, updatedAt: '2026-10-01T08:00:00.000Z' },
]);
const routes = [
  route('GET /api/v1/filestore/anon/groups', ok(z.array(fileGroupSchema), groups)),
  route('GET /api/v1/filestore/anon/files', ok(z.array(storedFileSchema), files)),
];

describe('the public documents', () => {
  it('lists the documents by group, in the visitor’s language, without the sponsors’ logos or empty groups', async () => {
    await renderPage('/files', { language: 'fr', routes });
    const group = await screen.findByRole('region', { name: 'Documents' });
    const link = within(group).getByRole('link', { name: /Règlement/ });
    expect(link.getAttribute('href')).toBe('/api/v1/filestore/anon/file?group=documents&name=reglement.pdf');
    expect(link.getAttribute('download')).toBe('reglement.pdf');
    expect(screen.queryByRole('region', { name: 'Sponsors' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Leeg' })).toBeNull();
  });

  it('says there are no documents yet', async () => {
    await renderPage('/files', {
      routes: [
        route('GET /api/v1/filestore/anon/groups', ok(z.array(fileGroupSchema), groups)),
        route('GET /api/v1/filestore/anon/files', ok(z.array(storedFileSchema), [])),
      ],
    });
    expect(await screen.findByText('Nog geen bestanden.')).toBeTruthy();
  });
});
