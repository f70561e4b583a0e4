import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { waitForMails } from './mail';
import { expect, expectAccessible, test } from './fixtures';
import { adminStorageState, adminToken, importMembersCsv } from './manager';

const SHOTS = '.tmp/screenshots/desk';

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test.beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

test('a registrar mails a late-entry invitation; its link opens the wizard with the late fee for that player', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const tag = randomBytes(3).toString('hex');
  const idbel = 7_700_000 + (Number.parseInt(tag, 16) % 90_000);
  const email = `late-${tag}@example.test`;
  const token = await adminToken(page);
  const csv = [
    'idbel;first_name;last_name;birth_year;gender;club_name;fide_federation;rating_national',
    `${idbel};Lotte;Laat-${tag};2014;F;KSK Test;BEL;1300`,
  ].join('\n');
  await importMembersCsv(page.request, token, csv);

  const manager = await browser.newContext({ baseURL, locale: 'nl-BE', storageState: await adminStorageState(page.request, baseURL!) });
  const mgmt = await manager.newPage();
  await mgmt.goto('/mgmt/registrations');
  await mgmt.getByTestId('late-invitation-open').click();
  await mgmt.getByTestId('invite-id').fill(String(idbel));
  await mgmt.getByTestId('invite-email').fill(email);
  await mgmt.getByTestId('invite-send').click();
  await expect(mgmt.getByTestId('invite-sent')).toBeVisible();
  await expectAccessible(mgmt, '[role="dialog"]');
  await shoot(mgmt, 'late-invitation-dialog');

  const [mail] = await waitForMails(email, { timeoutMs: 90_000 });
  const link = /https?:\/\/\S+\/registration_bjk#invitation=[A-Za-z0-9_.-]+/.exec(mail!.text)?.[0];
  expect(link, 'the mail carries the invitation link').toBeTruthy();

  // The family opens the link on a phone, in a browser of its own.
  const family = await browser.newContext({ baseURL, locale: 'nl-BE', viewport: { width: 390, height: 844 } });
  const phone = await family.newPage();
  await phone.goto(new URL(link!).pathname + new URL(link!).hash);
  await expect(phone.getByTestId('late-invitation')).toContainText('laattijdig', { timeout: 30_000 });
  // The token leaves the address bar (kept in the tab only).
  expect(new URL(phone.url()).hash).toBe('');
  await expectAccessible(phone);
  await shoot(phone, 'late-invitation-wizard');
  // A spent or forged token says so in the visitor's language.
  const other = await family.newPage();
  await other.goto(`/registration_bjk#invitation=${'A'.repeat(22)}.${'B'.repeat(43)}`);
  await expect(other.getByText('Deze link is ongeldig', { exact: false })).toBeVisible({ timeout: 30_000 });
  await expect(other.getByTestId('late-invitation')).toHaveCount(0);
  await family.close();
  await manager.close();
});

test('a manager imports guests from an XLSX: preview with an error per line, then the new lines once', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const tag = randomBytes(3).toString('hex');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Eters');
  sheet.addRow(['Voornaam', 'Naam', 'Categorie', 'E-mail', 'Maaltijden', 'Opmerking', 'Kamer']);
  sheet.addRow(['Zoë', `Brûlé-${tag}`, 'EAT', 'zoe@example.test', 'BO', new Date(Date.UTC(2027, 3, 5)), '12']);
  sheet.addRow([]);
  sheet.addRow(['Jean', `Dœuf-${tag}`, '', '', 'HB', '', '']);
  sheet.addRow(['', `Zonder-${tag}`, 'EAT', 'geen-adres', 'XX', '', '']);
  sheet.getCell('F2').numFmt = 'dd/mm/yyyy';
  const file = path.join(test.info().outputDir, `eters-${tag}.xlsx`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));

  const manager = await browser.newContext({ baseURL, locale: 'nl-BE', storageState: await adminStorageState(page.request, baseURL!) });
  const mgmt = await manager.newPage();
  await mgmt.goto('/mgmt/guests');
  await mgmt.getByTestId('guest-import-file').setInputFiles(file);
  await mgmt.getByTestId('guest-import-preview').click();
  const result = mgmt.getByTestId('guest-import-result');
  await expect(result).toContainText('2 nieuw, 0 al aanwezig, 1 met fouten, 1 lege regels', { timeout: 30_000 });
  await expect(result).toContainText('Kamer');
  await expect(mgmt.getByTestId('guest-import-line-5')).toContainText('voornaam ontbreekt');
  await expect(mgmt.getByTestId('guest-import-line-5')).toContainText('ongeldig e-mailadres');
  await expectAccessible(mgmt);
  await shoot(mgmt, 'guest-import-preview');

  await mgmt.getByTestId('guest-import-commit').click();
  await expect(result).toContainText('Geïmporteerd: 2 nieuw');
  await shoot(mgmt, 'guest-import-done');
  // The same file again adds nothing.
  await mgmt.getByTestId('guest-import-preview').click();
  await expect(result).toContainText('0 nieuw, 2 al aanwezig');
  await expect(mgmt.getByTestId('guest-import-commit')).toBeDisabled();
  await manager.close();
});
