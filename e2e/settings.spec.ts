import { expect, expectAccessible, snapshot, test } from './fixtures';
import { loginAsAdmin } from './manager';

test.describe('edition settings', () => {
  test('an admin changes the organiser’s address and the public footer shows it; after logout the back button shows nothing', async ({ page }) => {
    const address = `Kerkstraat ${Date.now() % 1000}, 9000 Gent`;
    await loginAsAdmin(page);
    await expect(page.getByTestId('mgmt-home')).toBeVisible();
    await page.getByRole('link', { name: 'Instellingen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Instellingen van de editie' })).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'mgmt-settings-desktop');

    const fee = page.getByRole('textbox', { name: /^Inschrijvingsgeld\s*\*?$/ });
    await expect(fee).toHaveValue('35,00');
    await fee.fill('35 euro');
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect(page.getByText('Een bedrag in euro, bv. 35,00').first()).toBeVisible();
    await expect(page.getByText('Een van de verplichte velden is ongeldig')).toBeVisible();
    await fee.fill('35');

    await page.getByRole('textbox', { name: /^Adres\s*\*?$/ }).fill(address);
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect(page.getByText('Opgeslagen. De publieke site toont de nieuwe instellingen.')).toBeVisible();
    await expect(fee).toHaveValue('35,00');
    await page.getByTestId('record-history').click();
    await expect(page.getByTestId('record-history')).toContainText(`organiser.address: Kerkstraat 12, 9000 Gent → ${address}`);

    await page.getByRole('link', { name: 'Naar de publieke site' }).click();
    await expect(page.locator('footer')).toContainText(address);
    await page.reload();
    await expect(page.locator('footer')).toContainText(address);

    await page.goto('/mgmt/settings');
    await expect(page.getByTestId('settings-form')).toBeVisible();
    await page.goto('/mgmt/logout');
    await expect(page.getByTestId('logged-out')).toBeVisible();
    await page.goBack();
    await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible();
    await expect(page.getByTestId('settings-form')).toHaveCount(0);
  });

  test('looks right on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsAdmin(page, '/mgmt/settings');
    await expect(page.getByTestId('settings-form')).toBeVisible();
    await snapshot(page, 'mgmt-settings-phone');
  });
});
