import { PNG } from 'pngjs';
import type { Page } from '@playwright/test';
import { chooseLanguage, expect, expectAccessible, snapshot, test } from './fixtures';
import { adminToken, loginAsAdmin } from './manager';

/** A plain coloured PNG, as a sponsor's logo. */
function pngLogo(rgb: [number, number, number]): Buffer {
  const png = new PNG({ width: 320, height: 120 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = rgb[0];
    png.data[i + 1] = rgb[1];
    png.data[i + 2] = rgb[2];
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** A visitor in a browser context of their own (no manager session). */
async function visitorPage(page: Page, options: { reducedMotion?: 'reduce' } = {}): Promise<Page> {
  const context = await page
    .context()
    .browser()!
    .newContext({ ...options, locale: 'nl-BE' });
  return context.newPage();
}

async function snapshotBoth(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await snapshot(page, `${name}-${width}`);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('news in the back office', () => {
  test('a manager writes an entry in two languages with preview; visitors read it on the home page and walk to its neighbours; unpublish and delete', async ({
    page,
  }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const nlTitle = `Loting ronde 1 ${suffix}`;
    const frTitle = `Appariements ronde 1 ${suffix}`;
    await loginAsAdmin(page, '/mgmt/news');
    await expect(page.getByTestId('news-table')).toContainText('2026');
    await page.getByTestId('news-new').click();
    await page.getByTestId('news-date').fill('2026-12-24');
    await page.getByTestId('news-title-input').fill(nlTitle);
    await page.getByTestId('news-body-input').fill('De loting staat **online**.\n\n- bord 1\n- bord 2');
    await expect(page.getByTestId('news-preview').locator('strong')).toHaveText('online');
    await expect(page.getByTestId('news-preview').getByRole('listitem')).toHaveCount(2);
    await page.getByTestId('news-tab-fr').click();
    await page.getByTestId('news-title-input').fill(frTitle);
    await page.getByTestId('news-body-input').fill('Les appariements sont **en ligne**.');
    await expect(page.getByTestId('news-preview').locator('strong')).toHaveText('en ligne');
    await page.getByTestId('news-published').check();
    await expectAccessible(page);
    await snapshotBoth(page, 'content-admin-news-editor');
    // A double click creates the entry once (one idempotency key per new entry).
    await page.getByTestId('news-save').dblclick();
    await expect(page.getByTestId('news-editor')).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: nlTitle });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('nl fr');
    await expect(row).toContainText('Gepubliceerd');
    await snapshotBoth(page, 'content-admin-news-list');

    // Visitors: the newest entry leads the home page's list; its detail page links to the previous one.
    const visitor = await visitorPage(page);
    await visitor.goto('/');
    await expect(visitor.getByTestId('news-list').getByRole('link').first()).toContainText(nlTitle);
    await visitor.getByTestId('news-list').getByRole('link').first().click();
    await expect(visitor.getByTestId('news-title')).toHaveText(nlTitle);
    await expect(visitor.getByTestId('news-next')).toHaveCount(0);
    await visitor.getByTestId('news-previous').click();
    await expect(visitor.getByTestId('news-title')).not.toHaveText(nlTitle);
    await visitor.getByTestId('news-next').click();
    await expect(visitor.getByTestId('news-title')).toHaveText(nlTitle);
    await chooseLanguage(visitor, 'fr');
    await expect(visitor.getByTestId('news-title')).toHaveText(frTitle);
    await expect(visitor.locator('strong', { hasText: 'en ligne' })).toBeVisible();

    // Unpublished: gone for visitors, still listed for managers as a draft.
    await row.getByRole('button', { name: 'Depubliceren' }).click();
    await expect(row).toContainText('Klad');
    await visitor.goto('/news');
    await expect(visitor.getByTestId('news-list')).not.toContainText(frTitle);

    // Deleting asks first; cancelling keeps the entry.
    await row.getByRole('button', { name: `Verwijderen: ${nlTitle}` }).click();
    await expect(page.getByRole('dialog')).toContainText(nlTitle);
    await page.getByRole('dialog').getByRole('button', { name: 'Annuleren' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Verwijderen: ${nlTitle}` }).click();
    await page.getByTestId('news-delete-confirm').click();
    await expect(row).toHaveCount(0);
    await visitor.context().close();
  });
});

test.describe('sponsors in the back office', () => {
  test('a manager adds a sponsor with an uploaded logo, moves it first, and visitors see it in the carousel; hide and remove', async ({ page }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const name = `Strandbar De Golf ${suffix}`;
    await loginAsAdmin(page, '/mgmt/sponsors');
    await expect(page.getByTestId('sponsors-table').getByRole('row')).not.toHaveCount(1);
    await page.getByTestId('sponsor-new').click();
    await page.getByTestId('sponsor-name').fill(name);
    await page.getByTestId('sponsor-url').fill(`https://example.org/golf-${suffix}`);
    await page.getByTestId('sponsor-logo-input').setInputFiles({ name: `golf-${suffix}.png`, mimeType: 'image/png', buffer: pngLogo([0, 105, 148]) });
    await expect(page.getByTestId('sponsor-logo-preview')).toBeVisible();
    await expectAccessible(page);
    await snapshotBoth(page, 'content-admin-sponsor-form');
    await page.getByTestId('sponsor-save').click();
    await expect(page.getByTestId('sponsor-form')).toHaveCount(0);

    // New sponsors come last; two clicks move it first.
    const rows = page.getByTestId('sponsors-table').locator('tbody tr');
    await expect(rows.last()).toContainText(name);
    const count = await rows.count();
    for (let i = 1; i < count; i++) {
      await rows
        .filter({ hasText: name })
        .getByRole('button', { name: `${name} naar boven` })
        .click();
      await expect(rows.nth(count - 1 - i)).toContainText(name);
    }
    await expect(rows.first()).toContainText(name);
    await snapshotBoth(page, 'content-admin-sponsors');

    const visitor = await visitorPage(page, { reducedMotion: 'reduce' });
    await visitor.goto('/');
    await expect(visitor.getByTestId('home-content')).toBeVisible();
    await visitor.mouse.move(10, 10);
    await visitor.locator('footer').scrollIntoViewIfNeeded();
    const first = visitor.getByTestId('sponsors').getByRole('link').first();
    await expect(first).toHaveAttribute('href', `https://example.org/golf-${suffix}`);
    await expect(first.getByRole('img', { name })).toBeVisible();
    await expect.poll(() => first.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

    // Hidden: no longer in the carousel.
    await rows
      .filter({ hasText: name })
      .getByRole('button', { name: `Bewerken: ${name}` })
      .click();
    await page.getByTestId('sponsor-form').getByRole('switch').uncheck();
    await page.getByTestId('sponsor-save').click();
    await expect(rows.filter({ hasText: name })).toContainText('Verborgen');
    await visitor.reload();
    await visitor.mouse.move(10, 10);
    await visitor.locator('footer').scrollIntoViewIfNeeded();
    await expect(visitor.getByTestId('sponsors').getByRole('link').first()).toBeVisible();
    await expect(visitor.getByTestId('sponsors').getByRole('img', { name })).toHaveCount(0);

    await rows
      .filter({ hasText: name })
      .getByRole('button', { name: `Verwijderen: ${name}` })
      .click();
    await page.getByTestId('sponsor-remove-confirm').click();
    await expect(rows.filter({ hasText: name })).toHaveCount(0);
    await visitor.context().close();
  });
});

test.describe('page settings in the back office', () => {
  test('a manager sets a hero image and turns a page into a draft: visitors see the image, then no page; the manager previews the draft', async ({ page }) => {
    const token = await adminToken(page);
    const slug = `vrijwilligers-${Math.random().toString(36).slice(2, 8)}`;
    const created = await page.request.post('/api/v1/page', {
      headers: { authorization: `Bearer ${token}` },
      data: { slug, published: true, menuGroup: 'none', menuOrder: 0, translations: { nl: { title: 'Vrijwilligers', body: 'Help je mee aan de **bar**?' } } },
    });
    expect(created.status()).toBe(201);

    await loginAsAdmin(page, `/mgmt/pages?page=${slug}`);
    await page.getByTestId('page-checkout').click();
    await page.getByTestId('page-hero').click();
    await page.getByRole('option', { name: 'sponsors/kustdrukkerij.png' }).click();
    await expect(page.getByTestId('page-preview-hero')).toBeVisible();
    await page.getByTestId('page-checkin').click();
    await expect(page.getByTestId('page-checkout')).toBeVisible();
    await snapshotBoth(page, 'content-admin-page-settings');

    const visitor = await visitorPage(page);
    await visitor.goto(`/page/${slug}`);
    await expect(visitor.getByTestId('page-title')).toHaveText('Vrijwilligers');
    const hero = visitor.getByTestId('page-hero');
    await expect(hero).toBeVisible();
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(visitor);
    for (const width of [390, 1280]) {
      await visitor.setViewportSize({ width, height: 900 });
      await snapshot(visitor, `content-admin-page-hero-${width}`);
    }

    // Draft: visitors get "page not found", the manager reads it with a notice.
    await page.getByTestId('page-published').uncheck();
    await page.getByTestId('page-settings-save').click();
    await expect(page.getByTestId(`page-row-${slug}`)).toContainText('Klad');
    await visitor.reload();
    await expect(visitor.getByTestId('not-found')).toBeVisible();
    await page.goto(`/page/${slug}`);
    await expect(page.getByTestId('page-draft')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('Vrijwilligers');
    await expectAccessible(page);
    await snapshotBoth(page, 'content-admin-page-draft');
    await visitor.context().close();
  });
});

test.describe('menu placement in the back office', () => {
  /** The links of one group of the public menu, on a phone in the opened drawer, on a desktop at the side. */
  const menuGroup = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('list', { name, exact: true }).getByRole('link');

  async function openDrawer(visitor: Page): Promise<void> {
    await visitor.getByRole('button', { name: 'Menu openen' }).click();
    await expect(visitor.getByRole('dialog')).toBeVisible();
  }

  test('a manager moves a page to another menu group, then hides it: the public menu follows, without a reload for the manager', async ({ page }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const slug = `fietsverhuur-${suffix}`;
    const title = `Fietsverhuur ${suffix}`;
    const token = await adminToken(page);
    const created = await page.request.post('/api/v1/page', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        slug,
        published: true,
        menuGroup: 'practical',
        menuOrder: 15,
        translations: { nl: { title, body: 'Fietsen te huur aan de **receptie**.' }, fr: { title: `Location de vélos ${suffix}`, body: 'Vélos à louer.' } },
      },
    });
    expect(created.status()).toBe(201);

    // A visitor on a phone: the page is in its group, before the fixed reservation wizard (order 30).
    const visitor = await visitorPage(page);
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto('/');
    await openDrawer(visitor);
    const practical = menuGroup(visitor, 'Verblijf en maaltijden');
    await expect(practical.filter({ hasText: title })).toHaveAttribute('href', `/page/${slug}`);
    const texts = await practical.allTextContents();
    expect(texts.indexOf(title)).toBeGreaterThanOrEqual(0);
    expect(texts.indexOf(title)).toBeLessThan(texts.indexOf('Logies reserveren'));
    await practical.filter({ hasText: title }).click();
    await expect(visitor.getByTestId('page-title')).toHaveText(title);

    // The manager sees the public menu, then moves the page first into "about" in the editor.
    await loginAsAdmin(page, `/mgmt/pages?page=${slug}`);
    await page.getByRole('link', { name: 'Naar de publieke site' }).click();
    await expect(menuGroup(page, 'Verblijf en maaltijden').filter({ hasText: title })).toBeVisible();
    await page.goBack();
    await page.getByTestId('page-menu-group').click();
    await page.getByRole('option', { name: 'Over ons' }).click();
    await page.getByTestId('page-menu-order').fill('5');
    await page.getByTestId('page-settings-save').click();
    await expect(page.getByTestId(`page-row-${slug}`)).toContainText('Over ons · 5');
    // Back on the public site (no reload): the menu shows it there already.
    await page.goForward();
    await expect(menuGroup(page, 'Over ons').first()).toHaveText(title);
    await expect(menuGroup(page, 'Verblijf en maaltijden').filter({ hasText: title })).toHaveCount(0);

    await visitor.goto('/');
    await openDrawer(visitor);
    await expect(menuGroup(visitor, 'Over ons').first()).toHaveText(title);
    await expect(menuGroup(visitor, 'Verblijf en maaltijden').filter({ hasText: title })).toHaveCount(0);
    await expectAccessible(visitor);
    await snapshot(visitor, 'menu-drawer-390');
    await visitor.keyboard.press('Escape');
    await expect(visitor.getByRole('dialog')).toBeHidden();
    // On a desktop the menu is always at the side.
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await expect(menuGroup(visitor, 'Over ons').first()).toHaveText(title);
    await snapshot(visitor, 'menu-drawer-1280');
    await visitor.setViewportSize({ width: 390, height: 844 });

    // In French, with the page's French title.
    await chooseLanguage(visitor, 'fr');
    await visitor.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(visitor.getByRole('dialog').getByRole('link', { name: `Location de vélos ${suffix}` })).toBeVisible();
    await visitor.keyboard.press('Escape');

    // Hidden: in no group at all, for the manager and for visitors; the page itself is still there.
    await page.goBack();
    await page.getByTestId('page-menu-group').click();
    await page.getByRole('option', { name: 'Niet in het menu' }).click();
    await page.getByTestId('page-settings-save').click();
    await expect(page.getByTestId(`page-row-${slug}`)).toContainText('Niet in het menu');
    await page.goForward();
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Onze missie' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: title })).toHaveCount(0);
    await chooseLanguage(visitor, 'nl');
    await visitor.reload();
    await openDrawer(visitor);
    await expect(visitor.getByRole('dialog').getByRole('link', { name: 'Onze missie' })).toBeVisible();
    await expect(visitor.getByRole('dialog').getByRole('link', { name: title })).toHaveCount(0);
    await visitor.goto(`/page/${slug}`);
    await expect(visitor.getByTestId('page-title')).toHaveText(title);
    await visitor.context().close();

    // The home page's text has its own fixed entry: the editor says so and offers no placement.
    await page.goto('/mgmt/pages?page=home');
    await expect(page.getByTestId('page-fixed-entry')).toBeVisible();
    await expect(page.getByTestId('page-menu-order')).toBeDisabled();
  });
});

test('when the menu’s pages cannot load, the page shows with the fixed menu entries', async ({ page }) => {
  await page.route('**/api/v1/page/anon/menu*', (route) => route.abort());
  // The page's HTML carries its first reads (the menu's pages among them): served here without them, as by a
  // server whose reads failed, so the menu's pages must come from the network that fails.
  await page.route('**/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="application\/json" id="bjk-page-data">[^<]*<\/script>/, '');
    await route.fulfill({ response, body: html });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByTestId('home-content')).toBeVisible();
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const drawer = page.getByRole('dialog', { name: 'Hoofdmenu' });
  await expect(drawer.getByRole('link', { name: 'Kalender' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Logies reserveren' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Onze missie' })).toHaveCount(0);
  await drawer.getByRole('link', { name: 'Kalender' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
});
