import { chooseLanguage, expect, expectAccessible, snapshot, test } from './fixtures';
import { adminToken, loginAs, loginAsAdmin } from './manager';

test.describe('information pages and news', () => {
  test('shows the home text, the edition facts and the latest news', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-content')).toContainText('Duinenhof vakantiepark');
    await expect(page.getByTestId('news-list').getByRole('link')).not.toHaveCount(0);
    await expectAccessible(page);
  });

  test('leads to the results and the live games first while the championship runs, and not before', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-content')).toBeVisible();
    await expect(page.getByTestId('home-during')).toHaveCount(0);
    // A day of the championship (15–21 February 2027), in the venue's time zone.
    await page.clock.setFixedTime(new Date('2027-02-17T09:30:00+01:00'));
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const during = page.getByTestId('home-during');
      await expect(during.getByRole('link', { name: 'Uitslagen en rangschikkingen' })).toHaveAttribute('href', '/results');
      await expect(during.getByRole('link', { name: 'Live partijen' })).toHaveAttribute('href', '/games');
      await expectAccessible(page);
      await snapshot(page, `home-during-championship-${width}`);
    }
    await page.getByTestId('home-during').getByRole('link', { name: 'Uitslagen en rangschikkingen' }).click();
    await expect(page).toHaveURL(/\/results$/);
  });

  test('renders every information page from the menu in the visitor language', async ({ page }) => {
    await page.goto('/');
    await chooseLanguage(page, 'fr');
    for (const [path, title] of [
      ['/stay', 'Séjour'],
      ['/catering', 'Repas'],
      ['/reservation', 'Réservation'],
      ['/rules', 'Règlement du tournoi'],
      ['/page/internal-regulations', "Règlement d'ordre intérieur"],
      ['/page/privacy', 'Vie privée'],
      ['/page/covid', 'Santé et covid-19'],
      ['/page/mission', 'Notre mission'],
      ['/page/team', "L'équipe"],
      ['/page/arbiters', 'Arbitres'],
      ['/page/organisers', 'Organisateurs'],
      ['/page/subscriptions', 'Inscriptions'],
      ['/page/contact', 'Contact'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('page-title'), path).toHaveText(title);
    }
    await expectAccessible(page);
    await page.goto('/page/no-such-page');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('walks the news from entry to entry with previous and next', async ({ page }) => {
    await page.goto('/news');
    await page.getByTestId('news-list').getByRole('link').last().click();
    const oldest = await page.getByTestId('news-title').textContent();
    await expect(page.getByTestId('news-previous')).toHaveCount(0);
    await page.getByTestId('news-next').click();
    await expect(page.getByTestId('news-title')).not.toHaveText(oldest ?? '');
    await page.getByTestId('news-previous').click();
    await expect(page.getByTestId('news-title')).toHaveText(oldest ?? '');
    await expectAccessible(page);
  });

  test('looks right on a phone and on a desktop', async ({ page }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByTestId('home-content')).toBeVisible();
      await snapshot(page, `content-home-${width}`);
      await page.goto('/stay');
      await expect(page.getByTestId('page-body')).toContainText('Duinenhof');
      await snapshot(page, `content-stay-${width}`);
      await page.goto('/news');
      await page.getByTestId('news-list').getByRole('link').first().click();
      await expect(page.getByTestId('news-title')).toBeVisible();
      await snapshot(page, `content-news-${width}`);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
    }
  });
});

test.describe('files and sponsors', () => {
  test('lists the public documents by group and downloads them', async ({ page }) => {
    await page.goto('/files');
    const docs = page.getByTestId('files-docs');
    await expect(docs.getByRole('link', { name: /Toernooireglement/ })).toBeVisible();
    const href = await docs.getByRole('link', { name: /Toernooireglement/ }).getAttribute('href');
    const response = await page.request.get(href ?? '');
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectAccessible(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await snapshot(page, `content-files-${width}`);
    }
  });

  test('shows the sponsors in a carousel that can be paused and stays still for reduced motion', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-content')).toBeVisible();
    // The strip loads once the visitor uses the page and it comes near the screen.
    await page.mouse.move(10, 10);
    await page.locator('footer').scrollIntoViewIfNeeded();
    const sponsors = page.getByTestId('sponsors');
    await expect(sponsors.getByRole('link').first()).toBeVisible();
    await page.getByTestId('sponsors-pause').click();
    await expect(page.getByTestId('sponsors-pause')).toHaveAttribute('aria-pressed', 'true');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.getByTestId('sponsors-pause')).toHaveCount(0);
  });
});

test.describe('the programme', () => {
  test('shows the programme per category in the edition time zone with a feed that parses', async ({ page }) => {
    await page.goto('/schedule');
    await expect(page.getByTestId('page-title')).toHaveText('Kalender');
    const programme = page.getByTestId('programme');
    await expect(programme).toContainText('Openingsceremonie');
    await expect(programme).toContainText('19:30');
    await page.getByTestId('programme-category').selectOption('U10');
    await expect(programme).toContainText('Ronde 7 (U8–U10)');
    await expect(programme).not.toContainText('Ronde 9 (U12–U20)');
    await expectAccessible(page);
    const feedUrl = await page.getByTestId('programme-feed').getAttribute('href');
    expect(await page.getByTestId('programme-subscribe').getAttribute('href')).toMatch(/^webcal:\/\//);
    const feed = await page.request.get(feedUrl ?? '');
    expect(feed.headers()['content-type']).toContain('text/calendar');
    const ICAL = (await import('ical.js')).default;
    const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual(expect.arrayContaining(['Openingsceremonie', 'Ronde 1 (U8–U10)']));
    expect(events.every((e) => e.uid.endsWith('@bjk2027.bjk'))).toBe(true);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await snapshot(page, `content-schedule-${width}`);
    }
  });
});

test.describe('editing pages in the back office', () => {
  test('one manager checks out and publishes the stay page while a second is refused; visitors see both languages and the fallback', async ({
    page,
    browser,
  }) => {
    const token = await adminToken(page);
    const suffix = Math.random().toString(36).slice(2, 8);
    const editor = { email: `editor-${suffix}@e2e.test`, password: 'editor-password-123', displayName: `Eva ${suffix}` };
    const created = await page.request.post('/api/v1/accounts', {
      headers: { authorization: `Bearer ${token}` },
      data: { email: editor.email, displayName: editor.displayName, roles: ['editor'], password: editor.password },
    });
    expect(created.status()).toBe(201);

    await loginAsAdmin(page, '/mgmt/pages');
    await page.getByTestId('page-edit-stay').click();
    await page.getByTestId('page-checkout').click();
    await expect(page.getByTestId('page-checkin')).toBeVisible();
    await page.getByTestId('page-title-input').fill('Verblijf aan zee');
    await page.getByTestId('page-body-input').fill('## Welkom\n\nKamers met **zeezicht**.');
    await expect(page.getByTestId('page-preview').getByRole('heading', { name: 'Welkom' })).toBeVisible();
    await expect(page.getByTestId('page-preview').locator('strong')).toHaveText('zeezicht');
    await page.getByTestId('page-tab-en').click();
    await page.getByTestId('page-title-input').fill('Stay by the sea');
    await page.getByTestId('page-body-input').fill('Rooms with a **sea view**.');
    await page.getByTestId('page-tab-de').click();
    await page.getByTestId('page-title-input').fill('');
    await page.getByTestId('page-save').click();
    await expectAccessible(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await snapshot(page, `content-mgmt-editor-${width}`);
    }

    // The second manager sees who holds the lock and cannot check the page out.
    const other = await browser.newContext({ locale: 'en-GB' });
    const second = await other.newPage();
    await loginAs(second, editor.email, editor.password, '/mgmt/pages');
    await second.getByTestId('page-edit-stay').click();
    await expect(second.getByTestId('page-locked')).toContainText('since');
    await expect(second.getByTestId('page-checkout')).toHaveCount(0);
    const refused = await second.request.post('/api/v1/page/checkout/stay', { headers: { authorization: `Bearer ${await loginToken(second, editor)}` } });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).code).toBe('content.page_locked');
    await other.close();

    await page.getByTestId('page-checkin').click();
    await expect(page.getByTestId('page-checkout')).toBeVisible();
    await expect(page.getByTestId('page-versions').getByRole('row')).toHaveCount(2);

    await page.goto('/stay');
    await expect(page.getByTestId('page-title')).toHaveText('Verblijf aan zee');
    await chooseLanguage(page, 'en');
    await expect(page.getByTestId('page-title')).toHaveText('Stay by the sea');
    await expect(page.getByTestId('page-body')).toContainText('sea view');
    await chooseLanguage(page, 'de');
    await expect(page.getByTestId('page-title')).toHaveText('Verblijf aan zee');
    await expect(page.getByTestId('page-fallback')).toBeVisible();
    await expectAccessible(page);
  });

  test('uploads a file with progress and downloads it byte-identical', async ({ page }) => {
    await loginAsAdmin(page, '/mgmt/files');
    const name = `speelschema-${Math.random().toString(36).slice(2, 8)}.pdf`;
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7) % 256))]);
    await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
    await page.getByTestId('file-upload').click();
    await expect(page.getByTestId('file-uploaded')).toContainText(name);
    await expect(page.getByTestId('files-table')).toContainText(name);
    await snapshot(page, 'content-mgmt-files-1280');
    const download = await page.request.get(`/api/v1/filestore/anon/file?group=docs&name=${encodeURIComponent(name)}`);
    expect(download.status()).toBe(200);
    expect(Buffer.compare(await download.body(), bytes)).toBe(0);
    await page.goto('/files');
    await expect(page.getByTestId('files-docs')).toContainText(name);
  });
});

async function loginToken(page: import('@playwright/test').Page, account: { email: string; password: string }): Promise<string> {
  const response = await page.request.post('/api/v1/accounts/anon/login', {
    data: { logintype: 'email', username: account.email, password: account.password },
  });
  return (await response.json()).token as string;
}
