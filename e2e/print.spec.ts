import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseStructuredMessage } from '../packages/domain/src/structured-message';
import { pdfPageCount, pdfText } from '../apps/server/test/pdf-files';
import { chooseLanguage, expect, expectAccessible, snapshot, test } from './fixtures';
import { adminToken, loginAsAdmin } from './manager';

test.describe('printing', () => {
  test('a manager prints the badge of one guest from the guests page: summary, preview, progress, download', async ({ page }) => {
    const base = randomBytes(3).toString('hex');
    const token = await adminToken(page);
    const guest = await page.request.post(`/api/v1/guest/${encodeURIComponent('Ørjan')}/${encodeURIComponent(`Çağlar-${base}`)}/ARB`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(guest.status()).toBe(200);
    const { id } = (await guest.json()) as { id: number };

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await chooseLanguage(page, 'en');
    await loginAsAdmin(page, '/mgmt/guests');
    await page.getByTestId(`print-badge-${id}`).click();
    await expect(page).toHaveURL(new RegExp(`/mgmt/print\\?holder=attendee&id=${id}`));
    await expect(page.getByTestId('print-summary')).toContainText(`Ørjan Çağlar-${base} (ARB)`);
    await expect(page.getByTestId('print-without-photo')).toContainText(`Ørjan Çağlar-${base}`);

    await page.getByTestId('print-preview').click();
    const preview = page.getByTestId('print-preview-image');
    await expect(preview).toBeVisible();
    // The preview is the PDF's first page rendered by the server: an A4 portrait image.
    const size = await preview.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
    expect(size.height / size.width).toBeCloseTo(297 / 210, 2);
    await expectAccessible(page);
    await snapshot(page, 'print-preview-1280');

    await page.getByTestId('print-produce').click();
    await expect(page.getByTestId('print-progress')).toContainText('Ready: 1 item on 1 page(s)');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('print-download').click();
    const pdf = await readFile(await (await downloading).path());
    expect(await pdfPageCount(pdf)).toBe(1);
    const text = await pdfText(pdf);
    expect(text).toContain('Ørjan');
    expect(text).toContain(`ÇAĞLAR-${base}`.toUpperCase());
    expect(text).toContain('ARB');
    // The sheet's layout and QR codes are checked where they are cheap (badge-sheet.test.ts, print.api.test.ts).
    // Printing marked the badge printed.
    await expect(page.getByTestId('print-summary')).toContainText('1 printed');
  });

  test('the print page switches between the youth and the Flemish championship (vk)', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `Wouters-${randomBytes(3).toString('hex')}`;
    const token = await adminToken(page);
    const organiser = await page.request.post('/api/v1/attendee/vk', {
      headers: { authorization: `Bearer ${token}` },
      data: { firstName: 'Ine', lastName: name, category: 'ORG', email: '', mobile: '', mealsCode: null, enabled: true, remarks: '' },
    });
    expect(organiser.status()).toBe(200);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await chooseLanguage(page, 'en');
    await loginAsAdmin(page, '/mgmt/print');
    await expect(page.getByTestId('print-summary')).toBeVisible();
    await expect(page.getByTestId('print-summary')).not.toContainText(name);
    await page.getByTestId('kind-vk').click();
    await expect(page).toHaveURL(/kind=vk/);
    await expect(page.getByTestId('print-without-photo')).toContainText(`Ine ${name} (ORG)`);

    // One category: the vk's categories and the staff ones (badges), no youth category.
    await page.getByRole('combobox', { name: 'For' }).click();
    await page.getByRole('option', { name: 'One category' }).click();
    await page.getByRole('combobox', { name: 'Category' }).click();
    await expect(page.getByRole('option', { name: 'BOYS' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'U10' })).toHaveCount(0);
    await page.getByRole('option', { name: 'ORG' }).click();
    await expect(page.getByTestId('print-without-photo')).toContainText(`Ine ${name} (ORG)`);
    await expectAccessible(page);
    await snapshot(page, 'print-vk-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'print-vk-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    await page.getByTestId('print-produce').click();
    await expect(page.getByTestId('print-download')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('print-download').click();
    const text = await pdfText(await readFile(await (await downloading).path()));
    expect(text).toContain(name.toUpperCase());
    expect(text).toContain('ORG');

    // Back to the youth championship: its categories again.
    await page.getByTestId('kind-bjk').click();
    await expect(page).not.toHaveURL(/kind=vk/);
    await expect(page.getByTestId('print-summary')).not.toContainText(name);
  });

  test('the print page on a phone: every document and selection fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await chooseLanguage(page, 'en');
    await loginAsAdmin(page, '/mgmt/print');
    await expect(page.getByRole('heading', { name: 'Print' })).toBeVisible();
    await expect(page.getByTestId('print-summary')).toBeVisible();
    await page.getByRole('combobox', { name: 'For' }).click();
    await page.getByRole('option', { name: 'One category' }).click();
    await expect(page.getByRole('combobox', { name: 'Category' })).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'print-badges-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.getByRole('combobox', { name: 'Document' }).click();
    await page.getByRole('option', { name: 'Meals per day' }).click();
    await expect(page.getByRole('combobox', { name: 'For' })).toHaveCount(0);
    await snapshot(page, 'print-meals-390');
  });

  test('a manager adjusts the prize vouchers of a finished category and downloads them', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await adminToken(page);
    // The results of a U8 tournament (a real Swar export), published through the results API as the arbiters do.
    const file = await readFile(path.resolve(import.meta.dirname, '../packages/domain/fixtures/swar/bycco_bjk2026_u08.json'));
    const draft = await page.request.post('/api/v1/results/imports', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { file: { name: 'u8.json', mimeType: 'application/json', buffer: file } },
    });
    expect(draft.status()).toBe(201);
    const published = await page.request.post(`/api/v1/results/imports/${(await draft.json()).id}/publish`, {
      headers: { authorization: `Bearer ${token}` },
      data: { category: 'U8' },
    });
    expect(published.status()).toBe(200);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await chooseLanguage(page, 'en');
    await loginAsAdmin(page, '/mgmt/print');
    await page.getByRole('combobox', { name: 'Document' }).click();
    await page.getByRole('option', { name: 'Prize vouchers' }).click();
    const table = page.getByTestId('vouchers-table');
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(table).toContainText('1st place');
    await expect(table).toContainText('Best girl');
    await page.getByTestId('voucher-amount-0').fill('75');
    await expectAccessible(page);
    await page.getByTestId('print-produce').click();
    await expect(page.getByTestId('print-progress')).toContainText('Ready: 4 items on 1 page(s)');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('print-download').click();
    const pdf = await readFile(await (await downloading).path());
    const text = await pdfText(pdf);
    expect(text).toMatch(/€\s?75\.00/);
    const codes = [...text.matchAll(/\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+/g)].map((m) => parseStructuredMessage(m[0]));
    expect(codes).toHaveLength(4);
    expect(codes.every((c) => c !== null)).toBe(true);
  });
});
