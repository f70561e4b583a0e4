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
      // The app's own calls (images are the browser's, with its own header).
      if (request.url().includes('/api/') && request.resourceType() === 'fetch') sent.push(request.headers()['accept-language'] ?? '');
    });
    await page.goto('/');
    await expect(page.getByTestId('home-title')).toHaveText(titles.nl);
    // The first page's reads came with its HTML (the server chose Dutch too); the next page's go to the API.
    const carried = Object.keys(JSON.parse((await page.locator('#bjk-page-data').textContent()) ?? '{}') as object).filter((url) => url.includes('lang='));
    expect(carried.length).toBeGreaterThan(0);
    expect(carried.every((url) => url.endsWith('lang=nl'))).toBe(true);
    await page.getByRole('link', { name: 'Kalender' }).first().click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect.poll(() => sent.length).toBeGreaterThan(0);
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

  test('keeps every word of the home page heading whole on a phone, in every language, from 320 px up', async ({ page }) => {
    await page.goto('/');
    for (const [language, width] of [
      ['nl', 320],
      ['de', 320],
      ['nl', 390],
      ['de', 390],
      ['fr', 390],
      ['en', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
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
      expect(broken, `${language} at ${width} px: words broken mid-word`).toEqual([]);
      await snapshot(page, `home-title-${language}-${width}`);
    }
  });

  test('works by keyboard on a phone: skip link, menu drawer and language menu, each control with a visible focus', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByTestId('home-title')).toBeVisible();
    const outline = (locator: ReturnType<typeof page.locator>) => locator.evaluate((element) => getComputedStyle(element).outlineStyle);
    // The skip link is off screen until focused, then on screen; it leads to the page.
    const skip = page.getByRole('link', { name: 'Naar de inhoud' });
    expect((await skip.boundingBox())!.x).toBeLessThan(0);
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    expect((await skip.boundingBox())!.x).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    // The menu button: a focus ring, opens the drawer, Escape closes it and gives the focus back.
    await page.goto('/');
    await expect(page.getByTestId('home-title')).toBeVisible();
    const menuButton = page.getByRole('button', { name: 'Menu openen' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(menuButton).toBeFocused();
    expect(await outline(menuButton)).toBe('solid');
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Nieuws' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
    // The language menu by keyboard: the switcher after the title, arrows and Enter choose.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const switcher = page.getByTestId('language-switcher');
    await expect(switcher).toBeFocused();
    expect(await outline(switcher)).toBe('solid');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Nederlands' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('home-title')).toHaveText(titles.fr);
  });

  test('opens the menu drawer on a phone and looks right at phone and desktop widths', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByTestId('home-title')).toBeVisible();
    await snapshot(page, 'home-phone');
    await page.getByRole('button', { name: 'Menu openen' }).click();
    await expect(page.getByRole('link', { name: 'Home' }).last()).toBeVisible();
    // The drawer's first heading shows below the app bar, not under it.
    const heading = page.getByRole('dialog').getByRole('heading').first();
    await expect(heading).toBeVisible();
    const covered = await heading.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return !element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    });
    expect(covered, 'the first heading of the menu is hidden under the app bar').toBe(false);
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
