import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { decodeQr, renderPdfRegion } from '../apps/server/test/pdf-files';
import config from '../playwright.config';
import { expect, expectAccessible, test } from './fixtures';
import { adminStorageState, adminToken } from './manager';

const PHONE = { width: 390, height: 844 };
const mm = (v: number) => (v * 72) / 25.4;

/** A guest with a badge, made through the API. */
async function addGuest(request: APIRequestContext, token: string, firstName: string, lastName: string): Promise<number> {
  const response = await request.post(`/api/v1/guest/${encodeURIComponent(firstName)}/${encodeURIComponent(lastName)}/EAT`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

/** The guest's badge as the print module makes it (a PDF), its first badge rendered as a printer would print it. */
async function printedBadge(request: APIRequestContext, token: string, id: number): Promise<Buffer> {
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post('/api/v1/print/jobs', { headers, data: { document: 'badges', selection: { scope: 'person', holder: 'attendee', id } } });
  expect(started.status()).toBe(202);
  const job = (await started.json()) as { id: string };
  const finished = await request.get(`/api/v1/print/jobs/${job.id}?wait=30`, { headers });
  expect(((await finished.json()) as { status: string }).status).toBe('done');
  const pdf = Buffer.from(await (await request.get(`/api/v1/print/jobs/${job.id}/pdf`, { headers })).body());
  // The first badge of the A4 sheet: 90 × 62 mm, its top-left corner at (15 mm, 24.5 mm) (badge-sheet.ts).
  return renderPdfRegion(pdf, 1, { x: mm(15), y: mm(24.5), width: mm(90), height: mm(62) }, 200);
}

/**
 * A Y4M video (what Chromium's fake camera plays, looping) of the badge held up to the camera: the printed badge
 * on a grey background, in 4:2:0 YUV as the format wants.
 */
async function badgeVideo(badge: Buffer, file: string): Promise<void> {
  const width = 640;
  const height = 480;
  const picture = await sharp(badge).resize({ width: 560 }).toBuffer();
  const { data } = await sharp({ create: { width, height, channels: 3, background: { r: 120, g: 120, b: 120 } } })
    .composite([{ input: picture, gravity: 'centre' }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row++)
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      y[row * width + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const j = (row / 2) * (width / 2) + col / 2;
        u[j] = Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[j] = Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  await writeFile(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]));
}

/** CSP violations and uncaught errors on the desks' pages (phones of their own, beside the fixture's page). */
const deskProblems: string[] = [];

async function openDesk(context: BrowserContext, deskName: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => deskProblems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) deskProblems.push(message.text());
  });
  await page.goto('/mgmt/desk');
  // The first visit loads the back office's chunks and the day's roster (photos): slow on a loaded machine.
  await expect(page.getByTestId('desk-online')).toHaveAttribute('data-online', 'true', { timeout: 90_000 });
  await expect(page.getByTestId('desk-roster-loaded')).toContainText(/geladen om \d{2}:\d{2}/);
  await page.getByTestId('desk-name').fill(deskName);
  return page;
}

/** Cuts what the desk page really uses: its requests to the API fail as without a network (the open stream stays). */
async function cutNetwork(page: Page): Promise<void> {
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

async function pickByName(page: Page, name: string): Promise<void> {
  await page.getByTestId('desk-search').fill(name);
  await page
    .getByTestId('desk-search-results')
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(page.getByTestId('desk-card-name')).toContainText(name);
  await page.getByTestId('desk-record').click();
  await expect(page.getByTestId('desk-record')).toHaveCount(0);
}

test.describe('the venue desk', () => {
  let dir: string;
  test.beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'desk-e2e-'));
  });
  test.afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  test.beforeEach(() => {
    deskProblems.length = 0;
  });
  test.afterEach(() => {
    expect(deskProblems, 'CSP violations or page errors on a desk').toEqual([]);
  });

  test("a desk scans a real badge's QR with the phone's camera, keeps scanning offline and sends its queue when the network is back", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const base = randomBytes(3).toString('hex');
    const token = await adminToken(page);
    const lastName = `Camera-${base}`;
    const id = await addGuest(page.request, token, 'Noor', lastName);
    const other = await addGuest(page.request, token, 'Wout', `Offline-${base}`);
    const badge = await printedBadge(page.request, token, id);
    // The badge's QR code says what the desk reads.
    expect(await decodeQr(badge)).toBe(`bjk2027:A${id}`);
    const video = path.join(dir, 'badge.y4m');
    await badgeVideo(badge, video);

    const launch = config.use?.launchOptions ?? {};
    const browser: Browser = await chromium.launch({
      ...launch,
      args: [...(launch.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    try {
      const context = await browser.newContext({
        baseURL,
        locale: 'nl-BE',
        viewport: PHONE,
        permissions: ['camera'],
        storageState: await adminStorageState(page.request, baseURL!),
      });
      const desk = await openDesk(context, 'Desk 1');
      await desk.getByTestId('desk-camera-toggle').click();
      await expect(desk.getByTestId('desk-result')).toHaveAttribute('data-result', 'counted', { timeout: 60_000 });
      await expect(desk.getByTestId('desk-card')).toHaveAttribute('data-badge', `bjk2027:A${id}`);
      await expect(desk.getByTestId('desk-card-name')).toHaveText(`Noor ${lastName}`);
      await expect(desk.getByTestId('desk-card-category')).toHaveText('EAT');
      await expect(desk.getByTestId('desk-queued')).toHaveAttribute('data-count', '0');
      await desk.getByTestId('desk-camera-toggle').click();
      await desk.screenshot({ path: '.tmp/screenshots/desk-scan-390.png', fullPage: true });

      // The hall's Wi-Fi goes down: scans wait on the phone, the page says so.
      await cutNetwork(desk);
      await desk.getByTestId('desk-mode-departure').click();
      await pickByName(desk, lastName);
      await expect(desk.getByTestId('desk-online')).toHaveAttribute('data-online', 'false');
      await desk.getByTestId('desk-mode-arrival').click();
      await pickByName(desk, `Offline-${base}`);
      await expect(desk.getByTestId('desk-queued')).toHaveAttribute('data-count', '2');
      await expect(desk.getByTestId('desk-card-scans').locator('li[data-pending="true"]')).toHaveCount(1);
      await desk.screenshot({ path: '.tmp/screenshots/desk-offline-390.png', fullPage: true });

      // Back: the queue is sent by itself, each scan once.
      await desk.unroute('**/api/**');
      await expect(desk.getByTestId('desk-queued')).toHaveAttribute('data-count', '0', { timeout: 45_000 });
      await expect(desk.getByTestId('desk-online')).toHaveAttribute('data-online', 'true');
      const events = (await (await page.request.get('/api/v1/desk/events?after=0', { headers: { authorization: `Bearer ${token}` } })).json()) as {
        events: { badgeId: string; mode: string }[];
      };
      expect(events.events.filter((e) => e.badgeId === `bjk2027:A${id}`).map((e) => e.mode)).toEqual(['arrival', 'departure']);
      expect(events.events.filter((e) => e.badgeId === `bjk2027:A${other}`).map((e) => e.mode)).toEqual(['arrival']);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  test('two desks offline on one badge: after the sync both show the first scan counted and the second flagged', async ({ browser, page, baseURL }) => {
    test.setTimeout(300_000);
    const base = randomBytes(3).toString('hex');
    const token = await adminToken(page);
    const lastName = `Twice-${base}`;
    const id = await addGuest(page.request, token, 'Lotte', lastName);
    const phone = async () => browser.newContext({ baseURL, locale: 'nl-BE', viewport: PHONE, storageState: await adminStorageState(page.request, baseURL!) });
    const [one, two] = await Promise.all([phone(), phone()]);
    try {
      const desk1 = await openDesk(one, 'Desk 1');
      const desk2 = await openDesk(two, 'Desk 2');
      await cutNetwork(desk1);
      await cutNetwork(desk2);
      // Desk 2 scans first, desk 1 a little later: neither knows of the other.
      await pickByName(desk2, lastName);
      await expect(desk2.getByTestId('desk-queued')).toHaveAttribute('data-count', '1');
      await pickByName(desk1, lastName);
      await expect(desk1.getByTestId('desk-queued')).toHaveAttribute('data-count', '1');
      await expect(desk1.getByTestId('desk-result')).toHaveAttribute('data-result', 'counted');

      // Desk 1 comes back first: its scan counts, for now.
      await desk1.unroute('**/api/**');
      await expect(desk1.getByTestId('desk-queued')).toHaveAttribute('data-count', '0', { timeout: 45_000 });
      await expect(desk1.getByTestId('desk-result')).toHaveAttribute('data-result', 'counted');
      // Desk 2 comes back: it scanned first, so desk 1's scan is the repeat, on both phones.
      await desk2.unroute('**/api/**');
      await expect(desk2.getByTestId('desk-queued')).toHaveAttribute('data-count', '0', { timeout: 45_000 });
      await expect(desk1.getByTestId('desk-result')).toHaveAttribute('data-result', 'repeat', { timeout: 45_000 });
      await expect(desk1.getByTestId('desk-result')).toContainText(/Al ingecheckt om \d{2}:\d{2} door Desk 2/);
      await expect(desk2.getByTestId('desk-result')).toHaveAttribute('data-result', 'counted');
      await expect(desk2.getByTestId('desk-card-scans').locator('li[data-status="repeat"]')).toContainText('Desk 1', { timeout: 45_000 });
      await expect(desk1.getByTestId('desk-card-scans').locator('li')).toHaveCount(2);
      await expectAccessible(desk1);
      await desk1.screenshot({ path: '.tmp/screenshots/desk-merged-390.png', fullPage: true });
      await desk1.setViewportSize({ width: 1280, height: 900 });
      await desk1.screenshot({ path: '.tmp/screenshots/desk-merged-1280.png', fullPage: true });
      const events = (await (await page.request.get('/api/v1/desk/events?after=0', { headers: { authorization: `Bearer ${token}` } })).json()) as {
        events: { badgeId: string; desk: string }[];
      };
      expect(
        events.events
          .filter((e) => e.badgeId === `bjk2027:A${id}`)
          .map((e) => e.desk)
          .sort(),
      ).toEqual(['Desk 1', 'Desk 2']);
    } finally {
      await one.close();
      await two.close();
    }
  });
  test('the desk page opens again and scans with no network at all (service worker and IndexedDB), then sends its queue', async ({ page, baseURL }) => {
    test.setTimeout(300_000);
    const base = randomBytes(3).toString('hex');
    const token = await adminToken(page);
    const lastName = `Reload-${base}`;
    const id = await addGuest(page.request, token, 'Fien', lastName);
    const launch = config.use?.launchOptions ?? {};
    const browser: Browser = await chromium.launch(launch);
    try {
      const context = await browser.newContext({
        baseURL,
        locale: 'nl-BE',
        viewport: PHONE,
        serviceWorkers: 'allow',
        storageState: await adminStorageState(page.request, baseURL!),
      });
      const desk = await openDesk(context, 'Desk 3');
      // The page's own worker controls it and has kept the page (localhost is a secure context).
      await expect.poll(() => desk.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 30_000 }).toMatch(/\/desk-sw\.js$/);
      await expect
        .poll(() => desk.evaluate(async () => Boolean(await (await caches.open('bjk-desk-page-v1')).match('/mgmt/desk'))), { timeout: 30_000 })
        .toBe(true);

      // The Wi-Fi is gone for everything: the page, its worker (Playwright routes a service worker's requests too) and
      // the stream. Proven from the page: nothing reaches the server.
      await context.setOffline(true);
      await context.route('**/*', (route) => route.abort('internetdisconnected'));
      expect(
        await desk.evaluate(() =>
          fetch('/api/health', { cache: 'no-store' }).then(
            () => 'reached',
            () => 'cut',
          ),
        ),
      ).toBe('cut');

      // A reload: the worker answers the page and its files, IndexedDB the roster and the sign-in.
      await desk.reload();
      await expect(desk.getByTestId('desk-online')).toHaveAttribute('data-online', 'false', { timeout: 60_000 });
      await expect(desk.getByTestId('desk-roster-loaded')).toContainText(/geladen om \d{2}:\d{2}/);
      await desk.getByTestId('desk-name').fill('Desk 3');
      await pickByName(desk, lastName);
      await expect(desk.getByTestId('desk-queued')).toHaveAttribute('data-count', '1');
      await expect(desk.getByTestId('desk-result')).toHaveAttribute('data-result', 'counted');
      await desk.screenshot({ path: '.tmp/screenshots/desk/desk-reloaded-offline-390.png', fullPage: true });
      await desk.setViewportSize({ width: 1280, height: 900 });
      await desk.screenshot({ path: '.tmp/screenshots/desk/desk-reloaded-offline-1280.png', fullPage: true });

      // The network is back: the queue goes by itself, once.
      await context.unroute('**/*');
      await context.setOffline(false);
      await expect(desk.getByTestId('desk-queued')).toHaveAttribute('data-count', '0', { timeout: 60_000 });
      await expect(desk.getByTestId('desk-online')).toHaveAttribute('data-online', 'true');
      const events = (await (await page.request.get('/api/v1/desk/events?after=0', { headers: { authorization: `Bearer ${token}` } })).json()) as {
        events: { badgeId: string; mode: string; desk: string }[];
      };
      expect(events.events.filter((e) => e.badgeId === `bjk2027:A${id}`).map((e) => [e.mode, e.desk])).toEqual([['arrival', 'Desk 3']]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
