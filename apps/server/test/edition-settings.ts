import type { EditionSettings } from '@bjk/domain';
import { managerHeaders } from './managers.js';
import type { TestContext } from './test-app.js';

/** Changes some of the edition's settings as an admin would on the settings page; answers the saved settings. */
export async function changeEditionSettings(ctx: TestContext, change: Partial<EditionSettings>): Promise<EditionSettings> {
  const headers = await managerHeaders(ctx, ['admin']);
  const current = (await ctx.app.inject({ method: 'GET', url: '/api/v1/stay/common' })).json();
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/edition/settings',
    headers,
    payload: { settings: { ...current.settings, ...change }, updatedAt: current.updatedAt },
  });
  if (saved.statusCode !== 200) throw new Error(`settings not saved: ${saved.statusCode} ${saved.body}`);
  return saved.json().settings;
}
