import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editionSettingsSchema } from '@bjk/domain';
import type { Database } from '../../platform/db.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { TEST_NOW, testConfig } from '../../../test/test-app.js';
import { fixedClock } from '../../platform/clock.js';
import { systemContext } from '../../platform/service-context.js';
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
    const ctx = systemContext({ db: database.db, clock: fixedClock(TEST_NOW), config: testConfig() });
    expect(await seedEditionIfEmpty(ctx)).toBe(true);
    expect(await seedEditionIfEmpty(ctx)).toBe(false);
    const edition = await getCurrentEdition(database.db);
    expect(edition.code).toBe('bjk2027');
    expect(editionSettingsSchema.safeParse(edition.settings).success).toBe(true);
  });
});
