import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

/**
 * The home page's JavaScript budget: 120 kB gzip for everything a first visit to / downloads (a parent
 * on a phone). A size, not a time, so it is checked here; `npm run bench` reports it too.
 */
test('the home page loads at most 120 kB of JavaScript (gzip)', async ({ page }) => {
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('home-title')).toBeVisible();
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({ type: 'home JS (gzip)', description: `${(total / 1024).toFixed(1)} kB` });
  const listing = [...sizes.entries()].map(([url, size]) => `${new URL(url).pathname} ${(size / 1024).toFixed(1)} kB`).join('\n');
  expect(
    total,
    `home JS is ${(total / 1024).toFixed(1)} kB gzip:\n${listing}\nKeep heavy pieces off the home page: lazy pages via lazyPage(), ` +
      'no MUI, TanStack Query or form libraries in the shell and the home page (static CSS, decision 0003), Markdown rendered to HTML on the server.',
  ).toBeLessThanOrEqual(120 * 1024);
});

/**
 * Public pages whose first view is drawn without MUI (plain elements, `shared/ui/plain`, `lazyPage(…, { mui: false })`):
 * a phone on a slow connection shows them without MUI's and emotion's JavaScript (Lighthouse mobile, decision 0003).
 * MUI draws through emotion, which adds `<style data-emotion>` to the page; none may appear on these first views.
 * A page joins with one line once it is converted.
 */
const FIRST_VIEWS_WITHOUT_MUI: { path: string; ready: string }[] = [
  { path: '/', ready: 'h1' },
  { path: '/stay', ready: 'h1' },
  { path: '/rules', ready: 'h1' },
  { path: '/schedule', ready: '[data-testid="programme"] h2' },
  { path: '/news', ready: '[data-testid="news-list"] a' },
  { path: '/news/1', ready: '[data-testid="news-title"]' },
  { path: '/files', ready: '[data-testid="files-docs"] a' },
  { path: '/registration_bjk', ready: '[data-testid="wizard-next"]' },
  { path: '/games', ready: 'h1' },
  { path: '/games/U12', ready: 'h1' },
  { path: '/rsv26wizard', ready: '[data-testid="wizard-step"]' },
  { path: '/rsv26wizard_closed', ready: '[data-testid="phase-closed"]' },
  { path: '/results', ready: 'h1' },
  // Published or not (another spec may have published it), the category page is ready once it says which.
  { path: '/trn_u12', ready: '[data-testid="results-not-published"], [data-testid="standings-table"]' },
  { path: '/participants_bjk', ready: '[data-testid="participants-count"]' },
  { path: '/payment/no-such-payment-link-000000', ready: '[role="alert"]' },
  // Without a family session: the form that mails a sign-in link.
  { path: '/family', ready: 'input[type="email"]' },
  { path: '/family/welcome', ready: 'h1' },
];

for (const { path, ready } of FIRST_VIEWS_WITHOUT_MUI) {
  test(`the first view of ${path} loads and draws nothing with MUI, nor loads TanStack Query`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.locator(ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator(ready).first()).toBeVisible();
    expect(await page.locator('style[data-emotion], [class*="Mui"]').count()).toBe(0);
    // Nor downloads it, not even to preload what comes next (the enrolment wizard's next step, issue #25).
    expect(scripts.filter((script) => /MuiProvider/.test(script))).toEqual([]);
    // The public site's one data cache is the resource cache (decision 0019): TanStack Query's chunks stay away.
    // Found by what it says, not by a chunk's name: its provider's message when a query runs without it.
    const withQueries: string[] = [];
    for (const script of new Set(scripts)) if ((await (await page.request.get(script)).text()).includes('No QueryClient set')) withQueries.push(script);
    expect(withQueries).toEqual([]);
  });
}
