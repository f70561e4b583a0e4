import { chooseLanguage, expect as baseExpect, expectAccessible, snapshot, test, testSavingSettings } from './fixtures';
import type { Page } from '@playwright/test';
import type { EditionSettings } from '@bjk/domain/edition';
import { adminStorageState, adminToken } from './manager';

// Every step re-renders the largest form of the site: seconds each on a loaded machine, so waits of 30 s, not 10.
const expect = baseExpect.configure({ timeout: 30_000 });

const centsText = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

test.describe('edition settings', () => {
  // The largest form of the site (some 240 inputs): rendering it alone takes seconds on a loaded machine.
  test.slow();
  // Each test does one thing: the settings form is the largest page of the site (its accessibility scan alone takes
  // seconds), so the scan and the screenshots have a test of their own, as has the logout check. Every test starts
  // signed in (a session of its own, through the API: the login page is tested in accounts.spec.ts).
  test.use({
    storageState: async ({ playwright, baseURL }, use) => {
      const request = await playwright.request.newContext({ baseURL });
      try {
        await use(await adminStorageState(request, baseURL!));
      } finally {
        await request.dispose();
      }
    },
  });
  /**
   * Opens the settings page and waits for its form: about a second on a loaded machine, but over 10 s (the default
   * wait) at a load of 23 on two cores, and 25 s at a load of 17, where tests failed waiting 30 s for it.
   */
  const openSettings = async (page: Page) => {
    await page.goto('/mgmt/settings');
    await expect(page.getByTestId('settings-form')).toBeVisible({ timeout: 120_000 });
  };
  const readSettings = async (page: Page) => (await (await page.request.get('/api/v1/stay/common')).json()) as { settings: EditionSettings; updatedAt: string };
  /** Puts the settings back as they were before the test, so that no test depends on another having run or not. */
  const restoreSettings = async (page: Page, settings: EditionSettings) => {
    const { updatedAt } = await readSettings(page);
    const token = await adminToken(page);
    const restored = await page.request.put('/api/v1/edition/settings', { headers: { authorization: `Bearer ${token}` }, data: { settings, updatedAt } });
    expect(restored.status()).toBe(200);
  };

  testSavingSettings('an admin changes the organiser’s address and the public footer shows it', async ({ page }) => {
    const before = (await readSettings(page)).settings;
    const address = `Kerkstraat ${Date.now() % 1000}, 9000 Gent`;
    await page.goto('/mgmt');
    await expect(page.getByTestId('mgmt-home')).toBeVisible();
    await page.getByRole('link', { name: 'Instellingen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Instellingen van de editie' })).toBeVisible();

    const fee = page.getByRole('textbox', { name: /^Inschrijvingsgeld\s*\*?$/ });
    await expect(fee).toHaveValue(centsText(before.fees.enrolmentCents));
    await fee.fill('35 euro');
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect(page.getByText('Een bedrag in euro, bv. 35,00').first()).toBeVisible();
    await expect(page.getByText('Een van de verplichte velden is ongeldig')).toBeVisible();
    await fee.fill(String(before.fees.enrolmentCents / 100));

    await page.getByRole('textbox', { name: /^Adres\s*\*?$/ }).fill(address);
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect(page.getByText('Opgeslagen. De publieke site toont de nieuwe instellingen.')).toBeVisible();
    await expect(fee).toHaveValue(centsText(before.fees.enrolmentCents));
    await page.getByTestId('record-history').click();
    await expect(page.getByTestId('record-history')).toContainText(`organiser.address: ${before.organiser.address} → ${address}`);

    await page.getByRole('link', { name: 'Naar de publieke site' }).click();
    await expect(page.locator('footer')).toContainText(address);
    await page.reload();
    await expect(page.locator('footer')).toContainText(address);
  });

  test('after logout the back button shows no settings', async ({ page }) => {
    await openSettings(page);
    await page.goto('/mgmt/logout');
    await expect(page.getByTestId('logged-out')).toBeVisible();
    await page.goBack();
    await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible();
    await expect(page.getByTestId('settings-form')).toHaveCount(0);
  });

  testSavingSettings(
    'undo goes back to the saved values and is off after a save; vk categories are edited and checked; nothing the form does not show is lost',
    async ({ page }) => {
      const read = async () => (await readSettings(page)).settings;
      const before = await read();
      expect(before.events?.length).toBeGreaterThan(0);
      await openSettings(page);
      const undo = page.getByRole('button', { name: 'Wijzigingen ongedaan maken' });
      const save = page.getByRole('button', { name: 'Instellingen opslaan' });
      const reducedFee = page.getByRole('textbox', { name: /^Verminderd inschrijvingsgeld Vlaams kampioenschap/ });
      await expect(undo).toBeDisabled();

      await reducedFee.fill('12,5');
      await expect(undo).toBeEnabled();
      await undo.click();
      await expect(reducedFee).toHaveValue(centsText(before.fees.vk.reducedFeeCents));
      await expect(undo).toBeDisabled();

      // The vk categories: rename one, narrow its birth years, add one; a duplicate code and inverted years are refused.
      const vk = page.getByTestId('vk-category');
      await expect(vk).toHaveCount(before.vk!.categories.length);
      const seniors = vk.nth(2);
      await seniors.getByRole('textbox', { name: /^Nederlands/ }).fill('Veteranen');
      await seniors.getByRole('spinbutton', { name: 'Vroegste geboortejaar' }).fill('1940');
      await page.getByRole('button', { name: 'Categorie Vlaams kampioenschap toevoegen' }).click();
      const added = vk.last();
      await added.getByRole('textbox', { name: /^Categorie/ }).fill('BOYS');
      for (const [language, text] of [
        ['Nederlands', 'Beloften'],
        ['Frans', 'Espoirs'],
        ['Duits', 'Nachwuchs'],
        ['Engels', 'Prospects'],
      ]) {
        await added.getByRole('textbox', { name: new RegExp(`^${language}`) }).fill(text!);
      }
      await added.getByRole('combobox', { name: 'Wie mag spelen' }).click();
      await page.getByRole('option', { name: 'Vrouwen en meisjes' }).click();
      await added.getByRole('spinbutton', { name: 'Vroegste geboortejaar' }).fill('2010');
      await added.getByRole('spinbutton', { name: 'Laatste geboortejaar' }).fill('2000');
      await reducedFee.fill('22,5');
      await save.click();
      await expect(added.getByText('Een andere categorie heeft al deze code')).toBeVisible();
      await expect(added.getByText('Het laatste geboortejaar mag niet voor het vroegste komen')).toBeVisible();
      await added.getByRole('textbox', { name: /^Categorie/ }).fill('HOPES');
      await added.getByRole('spinbutton', { name: 'Laatste geboortejaar' }).fill('2012');
      await save.click();
      await expect(page.getByText('Opgeslagen. De publieke site toont de nieuwe instellingen.')).toBeVisible();
      await expect(undo).toBeDisabled();
      await expect(reducedFee).toHaveValue('22,50');
      await page
        .getByRole('region', { name: 'Categorieën Vlaams kampioenschap', exact: true })
        .screenshot({ path: '.tmp/screenshots/mgmt-settings-vk-desktop.png' });

      // Exactly these changes reached the server; the programme (events) and every other unshown setting are kept.
      const after = await read();
      const expected = structuredClone(before);
      expected.fees.vk.reducedFeeCents = 2250;
      const vkCategories = expected.vk!.categories;
      vkCategories[2] = { ...vkCategories[2]!, label: { ...vkCategories[2]!.label, nl: 'Veteranen' }, minBirthYear: 1940 };
      vkCategories.push({
        code: 'HOPES',
        label: { nl: 'Beloften', fr: 'Espoirs', de: 'Nachwuchs', en: 'Prospects' },
        gender: 'F',
        minBirthYear: 2010,
        maxBirthYear: 2012,
        color: '#9e9e9e',
      });
      expect(after).toEqual(expected);
      await restoreSettings(page, before);
    },
  );

  testSavingSettings('the prize table: amounts per place and special prizes per category, checked by the shared schema', async ({ page }) => {
    const read = () => readSettings(page);
    const before = (await read()).settings;
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSettings(page);
    const section = page.getByRole('region', { name: 'Prijzen', exact: true });
    const cards = section.getByTestId('prize-category');
    await expect(cards).toHaveCount(before.prizes!.categories.length);
    // Each category shows its prizes in one line; its fields open one category at a time.
    const u10 = cards.nth(1);
    await expect(u10).toContainText('1: € 50,00 · 2: € 30,00 · 3: € 20,00 · 1 bijzondere prijs');
    await expect(u10.getByRole('combobox')).toHaveCount(0);
    await u10.getByRole('button', { name: 'Prijzen van U10 bewerken' }).click();
    await expect(u10.getByRole('combobox', { name: 'Categorie' })).toHaveText('U10');
    const places = u10.getByTestId('prize-place');
    await expect(places).toHaveCount(before.prizes!.categories[1]!.places.length);
    await places
      .nth(0)
      .getByRole('textbox', { name: /^Bedrag/ })
      .fill('55');
    await u10.getByRole('button', { name: 'Plaats toevoegen' }).click();
    const added = places.last();
    await added.getByRole('spinbutton', { name: /^Plaats/ }).fill('3');
    await added.getByRole('textbox', { name: /^Bedrag/ }).fill('10');
    await u10.getByRole('button', { name: 'Bijzondere prijs toevoegen' }).click();
    const special = u10.getByTestId('prize-special').last();
    await special.getByRole('combobox', { name: 'Prijs voor' }).click();
    await page.getByRole('option', { name: 'Beste speler geboren in of na een jaar' }).click();
    const label = { nl: 'Beste -10', fr: 'Meilleur -10', de: 'Beste(r) U10', en: 'Best under 10' };
    for (const [language, text] of [
      ['Nederlands', label.nl],
      ['Frans', label.fr],
      ['Duits', label.de],
      ['Engels', label.en],
    ]) {
      await special.getByRole('textbox', { name: new RegExp(`^${language}`) }).fill(text!);
    }
    await special.getByRole('textbox', { name: /^Bedrag/ }).fill('15');

    // A place given twice and a "best under-N" prize without its year are refused where they are.
    const save = page.getByRole('button', { name: 'Instellingen opslaan' });
    await save.click();
    await expect(added.getByText('Deze plaats heeft al een prijs')).toBeVisible();
    await expect(special.getByText('Vul het geboortejaar in')).toBeVisible();
    await added.getByRole('spinbutton', { name: /^Plaats/ }).fill('4');
    await special.getByRole('spinbutton', { name: 'Geboren in of na' }).fill('2018');
    await save.click();
    await expect(page.getByText('Opgeslagen. De publieke site toont de nieuwe instellingen.')).toBeVisible();
    await expect(u10).toContainText('1: € 55,00 · 2: € 30,00 · 3: € 20,00 · 4: € 10,00 · 2 bijzondere prijzen');
    await section.scrollIntoViewIfNeeded();
    // The whole page is scanned in the last test; here the state only this test reaches: a category opened.
    await expectAccessible(page, 'section[aria-labelledby="s-prizes"]');
    await section.screenshot({ path: '.tmp/screenshots/mgmt-settings-prizes-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await u10.screenshot({ path: '.tmp/screenshots/mgmt-settings-prizes-390.png' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);

    const after = await read();
    const expected = structuredClone(before);
    const u10Prizes = expected.prizes!.categories[1]!;
    u10Prizes.places[0]!.amountCents = 5500;
    u10Prizes.places.push({ place: 4, amountCents: 1000 });
    u10Prizes.special.push({ kind: 'youngest', minBirthYear: 2018, label, amountCents: 1500 });
    expect(after.settings).toEqual(expected);
    // The prize table as it was, for the vouchers other tests print.
    await restoreSettings(page, before);
  });

  testSavingSettings('absence rounds and the retention periods are set in the form, in Dutch and in English', async ({ page }) => {
    // Two sections scanned and shot in two languages at two widths: at a load of 33 on two cores all but the last
    // request passed in 300 s (under a minute on a quiet machine).
    test.setTimeout(600_000);
    const before = (await readSettings(page)).settings;
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSettings(page);
    const absences = page.getByRole('region', { name: 'Afwezigheden en byes', exact: true });
    const rounds = absences.getByTestId('absence-round');
    await expect(rounds).toHaveCount(before.familyAbsences!.rounds.length);
    await absences.getByRole('button', { name: 'Ronde toevoegen' }).click();
    await expect(rounds).toHaveCount(before.familyAbsences!.rounds.length + 1);
    await rounds.last().getByRole('checkbox', { name: 'Een bye van een half punt mag gevraagd worden' }).check();
    const privacy = page.getByRole('region', { name: 'Privacy en bewaartermijnen', exact: true });
    await privacy.getByRole('spinbutton', { name: /^Persoonsgegevens bewaard/ }).fill('12');
    // Fewer than the ten years Belgian accounting law asks are refused where they are typed.
    const accounting = privacy.getByRole('spinbutton', { name: /^Boekhoudstukken bewaard/ });
    await accounting.fill('7');
    const save = page.getByRole('button', { name: 'Instellingen opslaan' });
    await save.click();
    await expect(accounting).toHaveAttribute('aria-invalid', 'true');
    await accounting.fill('10');
    await save.click();
    await expect(page.getByText('Opgeslagen. De publieke site toont de nieuwe instellingen.')).toBeVisible();

    const after = (await readSettings(page)).settings;
    expect(after.retention).toEqual({ personalDataMonths: 12, accountingYears: 10 });
    const added = after.familyAbsences!.rounds.at(-1)!;
    expect(added.round).toBe(Math.max(...before.familyAbsences!.rounds.map((r) => r.round)) + 1);
    expect(added.halfPointBye).toBe(true);
    // A new round's deadline starts on the first day at 09:00 in the edition's zone (February: UTC+1).
    expect(Date.parse(added.deadline)).toBe(Date.parse(`${before.startDate}T09:00:00+01:00`));

    await absences.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'section[aria-labelledby="s-absences"]');
    await expectAccessible(page, 'section[aria-labelledby="s-privacy"]');
    for (const [language, width] of [
      ['nl', 1280],
      ['nl', 390],
      ['en', 390],
      ['en', 1280],
    ] as const) {
      if (language === 'en' && width === 390) await chooseLanguage(page, 'en');
      await page.setViewportSize({ width, height: 900 });
      // By id: the sections' names change with the language.
      await page.locator('section[aria-labelledby="s-absences"]').screenshot({ path: `.tmp/screenshots/mgmt-settings-absences-${language}-${width}.png` });
      await page.locator('section[aria-labelledby="s-privacy"]').screenshot({ path: `.tmp/screenshots/mgmt-settings-privacy-${language}-${width}.png` });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
    }
    await expect(page.getByRole('region', { name: 'Privacy and retention', exact: true })).toBeVisible();
    await restoreSettings(page, before);
  });

  test('is accessible and looks right on a desktop and a phone', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSettings(page);
    await expectAccessible(page);
    await snapshot(page, 'mgmt-settings-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'mgmt-settings-phone');
  });
});
