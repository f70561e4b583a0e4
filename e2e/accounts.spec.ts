import { expect, expectAccessible, snapshot, test } from './fixtures';
import { E2E_ADMIN, loginAsAdmin } from './manager';

test.describe('manager login', () => {
  test('a wrong password shows the specification message', async ({ page }) => {
    await page.goto('/mgmt');
    await page.locator('input[autocomplete="username"]').fill(E2E_ADMIN.email);
    await page.locator('input[autocomplete="current-password"]').fill('definitely-wrong');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('alert')).toHaveText('Verkeerde combinatie van gebruikersnaam en wachtwoord');
    await expectAccessible(page);
    await snapshot(page, 'mgmt-login-phone-error');
  });

  test('logs in, survives a reload, logs out, and the back button shows no management page', async ({ page }) => {
    await loginAsAdmin(page);
    await expect(page.getByTestId('mgmt-home')).toBeVisible();
    await expect(page.getByTestId('figure-accounts-enabledManagers')).not.toHaveText('0');
    await page.reload();
    await expect(page.getByTestId('mgmt-home')).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'mgmt-dashboard-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'mgmt-dashboard-phone');
    await page.goto('/mgmt/logout');
    await expect(page.getByTestId('logged-out')).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('mgmt-home')).toHaveCount(0);
    await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible();
  });

  test('an expired or revoked session sends the manager back to the login page on the same address', async ({ page }) => {
    await loginAsAdmin(page, '/mgmt/somewhere-unknown');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.evaluate(() => {
      const raw = sessionStorage.getItem('bjk.mgmt.session');
      if (raw) sessionStorage.setItem('bjk.mgmt.session', JSON.stringify({ ...JSON.parse(raw), expiresAt: '2000-01-01T00:00:00Z' }));
    });
    await page.reload();
    await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible();
    await expect(page).toHaveURL(/\/mgmt\/somewhere-unknown$/);
  });
});
