import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The e2e server's first admin (playwright.config.ts starts it with these bootstrap variables). */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password-123' };

/** Logs in through the back office's login page; the page at `path` shows once logged in. */
export async function loginAsAdmin(page: Page, path = '/mgmt'): Promise<void> {
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password, path);
}

export async function loginAs(page: Page, email: string, password: string, path = '/mgmt'): Promise<void> {
  await page.goto(path);
  await page.locator('input[autocomplete="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  // The password hash (scrypt, ~32 MiB) and the back office's first chunks: seconds on a loaded machine, not ten.
  await expect(page.locator('input[autocomplete="current-password"]')).toHaveCount(0, { timeout: 30_000 });
}

/** A bearer token for API calls made by the test itself (set-up through the API instead of the UI). */
export async function adminToken(page: Page): Promise<string> {
  const response = await page.request.post('/api/v1/accounts/anon/login', {
    data: { logintype: 'email', username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).token as string;
}

/**
 * A browser state already signed in as the e2e admin: one login through the API (the login page has its own
 * tests in accounts.spec.ts), its session put where the back office keeps it. For `test.use({ storageState })`;
 * each test gets a session of its own, so one that logs out ends no other's.
 */
export async function adminStorageState(request: APIRequestContext, baseURL: string) {
  const response = await request.post('/api/v1/accounts/anon/login', {
    data: { logintype: 'email', username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
  const { token, expiresAt, account } = (await response.json()) as { token: string; expiresAt: string; account: unknown };
  return {
    cookies: [],
    origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: 'bjk.mgmt.session', value: JSON.stringify({ token, expiresAt, account }) }] }],
  };
}

/**
 * Imports members from a CSV through the API, as set-up: the import answers its job at once (202) and the
 * server holds the job's state until it ends (`wait`), so the test goes on with the members stored. Answers the report.
 */
export async function importMembersCsv(request: APIRequestContext, token: string, csv: string): Promise<{ received: number; inserted: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post('/api/v1/members/import?format=csv', {
    headers,
    multipart: { file: { name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(started.status(), await started.text()).toBe(202);
  const job = await request.get(`/api/v1/members/imports/${(await started.json()).id}?wait=30`, { headers });
  const ended = await job.json();
  expect(ended.status, JSON.stringify(ended)).toBe('done');
  return ended.result;
}
