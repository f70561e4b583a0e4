import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editionSettingsSchema } from '@bjk/domain';
import type { Database } from '../../platform/db.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { testConfig } from '../../../test/test-app.js';
import { getCurrentEdition, seedEditionIfEmpty } from './edition.service.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => database?.close());

describe('edition settings', () => {
  it('refuses to serve before an edition exists', async () => {
    await expect(getCurrentEdition(database.db)).rejects.toMatchObject({ code: 'edition.not_configured', status: 503 });
  });

  it('seeds the demo edition on first start and leaves it alone afterwards', async () => {
    const file = testConfig().editionSeedFile;
    expect(await seedEditionIfEmpty(database.db, file)).toBe(true);
    expect(await seedEditionIfEmpty(database.db, file)).toBe(false);
    const edition = await getCurrentEdition(database.db);
    expect(edition.code).toBe('bjk2027');
    expect(editionSettingsSchema.safeParse(edition.settings).success).toBe(true);
  });
});
