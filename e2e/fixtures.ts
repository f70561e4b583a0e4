import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { lockEditionSettings } from './edition-lock';

/**
 * Every e2e test fails on a Content Security Policy violation or an uncaught page error: the built app
 * must run under the server's strict policy.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use(problems);
      expect(problems, 'CSP violations or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * For tests that save the edition settings: they run one at a time across workers (see edition-lock.ts).
 * The wait has its own timeout, so it does not eat the test's.
 */
export const testSavingSettings = test.extend<{ editionSettingsLock: void }>({
  editionSettingsLock: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use) => {
      const release = await lockEditionSettings();
      try {
        await use();
      } finally {
        release();
      }
    },
    { auto: true, timeout: 180_000 },
  ],
});

export { expect };

/** axe-core finds no accessibility violations on what the page shows now (or in the part `include` selects). */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  // A menu fading out or a dialog growing is half transparent while its transition runs: axe would measure the
  // contrast of that moment (a closing select's options failed it on a loaded machine). Wait until every finite
  // transition and animation has ended; endless ones (progress spinners, skeletons) are not waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/** Saves a screenshot under .tmp/screenshots for people to look at (phone and desktop widths). */
/** Waits for the page's running CSS transitions and animations (a dialog fading in, say) to end: no fixed sleep. */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

export async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `.tmp/screenshots/${name}.png`, fullPage: true });
}

export async function chooseLanguage(page: Page, language: 'nl' | 'fr' | 'de' | 'en'): Promise<void> {
  const names = { nl: 'Nederlands', fr: 'Français', de: 'Deutsch', en: 'English' };
  const item = page.getByRole('menuitem', { name: names[language] });
  // The menu is loaded and placed on first use: on a loaded machine a click can land while MUI still positions
  // and grows it, and is lost (the menu stays open). Click again until the page's language follows.
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId('language-switcher').click();
    await item.click({ timeout: 5_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', language, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}
