import { animationsDone, expect, expectAccessible, snapshot, test } from './fixtures';
import { E2E_ADMIN, loginAs, loginAsAdmin } from './manager';

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

  test('a name guessed from one address is slowed down, and the login page says how long to wait', async ({ page }) => {
    // A name of its own (unknown names are throttled like existing ones), so no other test's login is slowed.
    const name = `guessed.${Date.now()}@e2e.test`;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/mgmt');
    await page.locator('input[autocomplete="username"]').fill(name);
    await page.locator('input[autocomplete="current-password"]').fill('wrong-password-2');
    // Five free failures, then each attempt must wait 1, 2, 4 … s after the previous one: the server's own
    // Retry-After paces these, until the next attempt has to wait 8 s (a refused attempt is not counted).
    for (;;) {
      const answer = await page.request.post('/api/v1/accounts/anon/login', { data: { logintype: 'email', username: name, password: 'wrong-password-1' } });
      if (answer.status() === 401) continue;
      expect(answer.status()).toBe(429);
      const seconds = Number(answer.headers()['retry-after']);
      if (seconds >= 8) break;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
    // The form was filled before: the click comes well within the 8 s. One refused attempt, on a phone and a desktop.
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('alert')).toHaveText(/^Te veel aanmeldpogingen; wacht \d+ s en probeer het dan opnieuw\.$/);
    await snapshot(page, 'mgmt-login-throttled-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snapshot(page, 'mgmt-login-throttled-1280');
    await expectAccessible(page);
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
      const raw = localStorage.getItem('bjk.mgmt.session');
      if (raw) localStorage.setItem('bjk.mgmt.session', JSON.stringify({ ...JSON.parse(raw), expiresAt: '2000-01-01T00:00:00Z' }));
    });
    await page.reload();
    await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible();
    await expect(page).toHaveURL(/\/mgmt\/somewhere-unknown$/);
  });
});

test('a login lasts across tabs: a record opened in a new tab needs no second login, logging out ends it in both', async ({ page }) => {
  await loginAsAdmin(page, '/mgmt');
  await expect(page.getByTestId('mgmt-home')).toBeVisible();
  const other = await page.context().newPage();
  await other.goto('/mgmt/reservations');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(other.locator('input[autocomplete="current-password"]')).toHaveCount(0);
  await page.goto('/mgmt/logout');
  await expect(page.getByTestId('logged-out')).toBeVisible();
  // The other tab hears of it at once, without a reload.
  await expect(other.locator('input[autocomplete="current-password"]')).toBeVisible();
  await other.close();
});

test.describe('managing manager accounts', () => {
  test('an admin creates a manager, who logs in with the given role; disabling logs them out', async ({ page, browser }) => {
    const email = `desk-${Date.now()}@e2e.test`;
    await loginAsAdmin(page, '/mgmt/accounts');
    await expect(page.getByRole('heading', { level: 1, name: 'Beheerders' })).toBeVisible();
    await page.getByRole('button', { name: 'Nieuwe beheerder' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog.getByText('Geen geldig e-mailadres')).toBeVisible();
    await dialog.getByLabel('E-mailadres').fill(email);
    await dialog.getByLabel('Naam').fill('Dora Desk');
    await dialog.getByLabel('Wachtwoord').fill('short');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog.getByText('Te kort: minstens 12 tekens')).toBeVisible();
    await dialog.getByLabel('Wachtwoord').fill('dora-desk-password-1');
    await dialog.getByRole('checkbox', { name: /Logies/ }).check();
    await expectAccessible(page);
    await snapshot(page, 'mgmt-accounts-create-desktop');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByTestId('account-row').filter({ hasText: email });
    await expect(row).toContainText('Logies');
    await expectAccessible(page);
    await snapshot(page, 'mgmt-accounts-desktop');

    const other = await browser.newPage();
    await loginAs(other, email, 'dora-desk-password-1');
    await expect(other.getByTestId('mgmt-home')).toContainText('Dora Desk');
    await expect(other.getByRole('link', { name: 'Beheerders' })).toHaveCount(0);

    await row.getByRole('button').click();
    await dialog.getByRole('switch', { name: 'Account actief' }).uncheck();
    await dialog.getByTestId('record-history').click();
    await expect(dialog.getByTestId('record-history')).toContainText('accounts.create');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(row).toContainText('uitgeschakeld');

    await other.reload();
    await expect(other.locator('input[autocomplete="current-password"]')).toBeVisible();
    await other.close();

    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'mgmt-accounts-phone');
    await row.getByRole('button').click();
    await expect(dialog.getByLabel('Naam')).toHaveValue('Dora Desk');
    // The dialog fades in; the screenshot waits for the end of the transition.
    await animationsDone(page);
    await snapshot(page, 'mgmt-accounts-edit-phone');
  });
});
