import { chooseLanguage, expect, expectAccessible, snapshot, test } from './fixtures';

const titles = {
  nl: 'Belgisch Jeugdschaakkampioenschap 2027',
  fr: "Championnat de Belgique d'échecs de la jeunesse 2027",
  de: 'Belgische Jugendschachmeisterschaft 2027',
  en: 'Belgian Youth Chess Championship 2027',
} as const;

test.describe('the site shell', () => {
  test('shows the home page in Dutch by default, with the organiser in the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-title')).toHaveText(titles.nl);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByTestId('footer-iban')).toContainText('BE68 5390 0754 7034');
    await expect(page.getByTestId('footer-vat')).toContainText('BE 0456.789.123');
    await expectAccessible(page);
  });

  for (const language of ['fr', 'de', 'en'] as const) {
    test(`renders the home page in ${language} and keeps the choice after a reload`, async ({ page }) => {
      await page.goto('/');
      await chooseLanguage(page, language);
      await expect(page.getByTestId('home-title')).toHaveText(titles[language]);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByTestId('home-title')).toHaveText(titles[language]);
      await expectAccessible(page);
    });
  }

  test('follows a supported browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-BE' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByTestId('home-title')).toHaveText(titles.fr);
    await context.close();
  });

  test('never uses nor sends an unsupported browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) sent.push(request.headers()['accept-language'] ?? '');
    });
    await page.goto('/');
    await expect(page.getByTestId('home-title')).toHaveText(titles.nl);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((value) => value === 'nl')).toBe(true);
    await context.close();
  });

  test('shows "Page Not Found" with the path for an unknown address', async ({ page }) => {
    await page.goto('/');
    await chooseLanguage(page, 'en');
    const response = await page.goto('/no-such-page');
    // A real not-found for browsers and crawlers: the server knows the web's routes (routes.json of the build).
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toHaveText('Page Not Found: /no-such-page');
    await expectAccessible(page);
    expect((await page.goto('/news'))?.status()).toBe(200);
    expect((await page.goto('/mgmt/reservation_edit?id=1'))?.status()).toBe(200);
    // Behind /mgmt nothing shows, not even "not found", before a manager logs in.
    await page.goto('/mgmt/no-such-page');
    await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible();
  });

  test('keeps every word of the home page heading whole on a phone, in every language', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    for (const language of ['nl', 'de', 'fr', 'en'] as const) {
      await chooseLanguage(page, language);
      const title = page.getByTestId('home-title');
      await expect(title).toBeVisible();
      // A word broken across two lines has two boxes: each word of the heading must have one.
      const broken = await title.evaluate((heading) => {
        const text = heading.firstChild as Text;
        const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
        return words
          .filter((word) => {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
          })
          .map((word) => word[0]);
      });
      expect(broken, `${language}: words broken mid-word`).toEqual([]);
      await snapshot(page, `home-title-${language}-390`);
    }
  });

  test('opens the menu drawer on a phone and looks right at phone and desktop widths', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByTestId('home-title')).toBeVisible();
    await snapshot(page, 'home-phone');
    await page.getByRole('button', { name: 'Menu openen' }).click();
    await expect(page.getByRole('link', { name: 'Home' }).last()).toBeVisible();
    await snapshot(page, 'home-phone-menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no horizontal scrolling on a phone').toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(page.getByTestId('home-title')).toBeVisible();
    await snapshot(page, 'home-desktop');
    await page.goto('/no-such-page');
    await snapshot(page, 'not-found-desktop');
  });
});

test('the API description is browsable at /api/docs under the security policy', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.locator('section.swagger-ui')).toBeVisible();
  await expect(page.getByText('/api/v1/stay/common').first()).toBeVisible();
});
