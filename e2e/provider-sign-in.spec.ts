import { expect, expectAccessible, snapshot, test } from './fixtures';
import { E2E_ADMIN } from './manager';

/** playwright.config.ts starts a loopback identity provider (e2e/oidc-provider.ts) and configures the app with it. */
test.describe('sign-in through the identity provider', () => {
  test('a manager signs in with the provider’s button and lands on the page they wanted, the token gone from the address', async ({ page }) => {
    const authorize: URL[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/authorize') authorize.push(new URL(request.url()));
    });
    await page.goto('/mgmt/settings');
    const button = page.getByRole('button', { name: 'Aanmelden met E2E ID' });
    await expect(button).toBeVisible();
    await expect(page.getByRole('separator')).toContainText('of');
    await expectAccessible(page);
    await snapshot(page, 'mgmt-login-provider-desktop');

    await button.click();
    await expect(page.getByTestId('settings-form')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/mgmt/settings');
    expect(page.url()).not.toContain('id_token');
    expect(authorize).toHaveLength(1);
    const params = Object.fromEntries(authorize[0]!.searchParams);
    expect(params).toMatchObject({
      response_type: 'id_token',
      scope: 'openid email',
      client_id: 'bjk-e2e',
      redirect_uri: new URL('/mgmt/login', page.url()).href,
    });
    expect(params.state).toMatch(/^[\w-]{32}$/);
    expect(params.nonce).toMatch(/^[\w-]{32}$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('bjk.mgmt.oidc'))).toBeNull();

    // The return address with the token is not in the history: back goes to where the manager was before.
    await page.goBack();
    expect(page.url()).not.toContain('id_token');
    await page.goto('/mgmt/accounts');
    await expect(page.getByText(E2E_ADMIN.email).first()).toBeVisible();
  });

  test('an answer this tab did not ask for is refused, and /mgmt/login still logs in with a password', async ({ page }) => {
    await page.goto('/mgmt/login#id_token=aaa.bbb.ccc&state=forged-state');
    await expect(page.getByRole('alert')).toHaveText('Deze aanmelding is niet in dit tabblad gestart of werd al gebruikt. Begin opnieuw.');
    expect(page.url()).not.toContain('id_token');
    await page.locator('input[autocomplete="username"]').fill(E2E_ADMIN.email);
    await page.locator('input[autocomplete="current-password"]').fill(E2E_ADMIN.password);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByTestId('mgmt-home')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/mgmt');
  });

  test('a provider sign-in with an address that has no manager account is refused in words, and the password form stays', async ({ page }) => {
    // The provider signs in whoever the request hints at: here someone the back office does not know.
    await page.route('**/authorize?*', (route) => route.continue({ url: `${route.request().url()}&login_hint=stranger%40e2e.test` }));
    await page.goto('/mgmt/rooms');
    await page.getByRole('button', { name: 'Aanmelden met E2E ID' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Er is geen actief beheerdersaccount voor het e-mailadres waarmee je je aanmeldde. Vraag een beheerder er een aan te maken.',
    );
    expect(new URL(page.url()).pathname).toBe('/mgmt/login');
    await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible();
    await expectAccessible(page);
  });

  test('the login page with the provider’s button on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/mgmt');
    await expect(page.getByRole('button', { name: 'Aanmelden met E2E ID' })).toBeVisible();
    await snapshot(page, 'mgmt-login-provider-phone');
  });
});
