import { expect, snapshot, test } from './fixtures';
import { loginAsAdmin } from './manager';

/**
 * The member registry's import as the back office shows it (issue 22): the upload answers at once with a job, the
 * page follows its progress batch by batch, then shows the report and lists the import among the recent ones.
 */
test('a large member import shows its progress while it runs, then its report', async ({ page }) => {
  test.setTimeout(180_000);
  const rows = 100_000;
  // Ids of their own (other specs import a few members each); a second run finds them all unchanged.
  const csv = [
    'idbel;first_name;last_name;birth_year;gender;club_name',
    ...Array.from({ length: rows }, (_, i) => `${7_000_000 + i};Speler;Nummer ${i};2012;M;KSK Test`),
  ].join('\n');
  await page.setViewportSize({ width: 390, height: 900 });
  await loginAsAdmin(page, '/mgmt/members');
  await expect(page.getByTestId('members-count')).toBeVisible();
  await page.getByTestId('members-file').setInputFiles({ name: 'federatie.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('members-import').click();
  // Rows written so far, a batch of 10 000 at a time (in the manager's language: 10.000, 10 000, 10,000).
  const progress = page.getByTestId('members-progress');
  await expect(progress).toContainText(/[1-9]\d?[.,\s\u202f]000\b/, { timeout: 60_000 });
  await expect(page.getByTestId('members-import')).toBeDisabled();
  await snapshot(page, 'mgmt-members-progress-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await snapshot(page, 'mgmt-members-progress-1280');
  const result = page.getByTestId('members-result');
  // Every row read, as the manager reads numbers ("100.000 regels gelezen").
  await expect(result).toContainText(rows.toLocaleString('nl-BE') + ' regels gelezen', { timeout: 120_000 });
  await expect(page.getByTestId('members-recent')).toBeVisible();
  await snapshot(page, 'mgmt-members-done-1280');
  await page.setViewportSize({ width: 390, height: 900 });
  await snapshot(page, 'mgmt-members-done-390');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
});
