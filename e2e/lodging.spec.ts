import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { chooseLanguage, expect, expectAccessible, snapshot, test } from './fixtures';
import { adminToken, loginAsAdmin } from './manager';

const unique = () => randomBytes(4).toString('hex');

type Family = { lastName: string; email: string };

/** Runs the wizard up to the confirmation step: an apartment with both extra nights and half board. */
async function fillWizard(page: Page, family: Family, shots?: string): Promise<void> {
  await page.getByRole('button', { name: /Commencer|Start|Beginnen/ }).click();
  await expect(page.getByTestId('wizard-step')).toContainText('Étape 2');
  // Contact: the specification's messages first, then valid answers.
  await page.getByRole('button', { name: /Suivant|Next|Volgende|Weiter/ }).click();
  await expect(page.getByText("L'e-mail est obligatoire")).toBeVisible();
  await expect(page.getByText("L'adresse est obligatoire")).toBeVisible();
  await page.getByLabel('Téléphone mobile').fill('+999 123');
  await page.getByLabel('Téléphone mobile').blur();
  await expect(page.getByText('Indicatif de pays non valide')).toBeVisible();
  if (shots) await snapshot(page, `${shots}-contact-errors`);
  await page.getByLabel('Prénom').fill('Claire');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(family.lastName);
  await page.getByLabel('Adresse e-mail').fill(family.email);
  await page.getByLabel('Téléphone mobile').fill('+32 475 12 34 56');
  await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Rue de la Station 5, 4000 Liège');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByTestId('wizard-step')).toContainText('Étape 3');

  // Accommodation: no choice yet is refused with the specification's message.
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Choisissez un logement')).toBeVisible();
  await page.getByRole('radio', { name: /Appartement 4 personnes/ }).check();
  await page.getByRole('checkbox', { name: /Nuit supplémentaire avant/ }).check();
  await page.getByRole('checkbox', { name: /Nuit supplémentaire après/ }).check();
  await page.getByLabel('Remarques').fill('Lucas est végétarien');
  if (shots) await snapshot(page, `${shots}-accommodation`);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByTestId('wizard-step')).toContainText('Étape 4');

  // Guests: the requester is already on the list; add the two children.
  await expect(page.getByTestId('guest-0').getByLabel('Prénom')).toHaveValue('Claire');
  await page.getByTestId('guest-0').getByLabel('Date de naissance').fill('1983-06-14');
  await page.getByRole('button', { name: 'Ajouter une personne' }).click();
  await page.getByTestId('guest-1').getByLabel('Prénom').fill('Lucas');
  await page.getByTestId('guest-1').getByRole('textbox', { name: 'Nom', exact: true }).fill(family.lastName);
  await page.getByTestId('guest-1').getByLabel('Date de naissance').fill('2013-03-02');
  await page.getByTestId('guest-1').getByRole('checkbox', { name: 'Participe au tournoi' }).check();
  await page.getByRole('button', { name: 'Ajouter une personne' }).click();
  await page.getByTestId('guest-2').getByLabel('Prénom').fill('Emma');
  await page.getByTestId('guest-2').getByRole('textbox', { name: 'Nom', exact: true }).fill(family.lastName);
  await page.getByTestId('guest-2').getByLabel('Date de naissance').fill('2017-09-30');
  await page.getByTestId('guest-2').getByRole('checkbox', { name: 'Participe au tournoi' }).check();
  if (shots) await snapshot(page, `${shots}-guests`);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByTestId('wizard-step')).toContainText('Étape 5');

  // Meals: apartments offer none or half board.
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Choisissez les repas')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Petit-déjeuner/ })).toHaveCount(0);
  await page.getByRole('radio', { name: /Demi-pension/ }).check();
  if (shots) await snapshot(page, `${shots}-meals`);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByTestId('wizard-step')).toContainText('Étape 6');
}

/** 8 nights AP4 at 100 €, half board for an adult, an under-18 and an under-12, tourist tax for 3 persons. */
const EXPECTED_TOTAL_CENTS = 8 * 10000 + 8 * (4600 + 3000 + 2600) + 8 * 3 * 200;

test.describe('lodging reservation', () => {
  test('a family books an apartment with two extra nights and half board, in French then English, and gets the e-mail', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const family = { lastName: `Dubois${unique()}`, email: `claire.${unique()}@example.be` };
    await page.goto('/rsv26wizard');
    await chooseLanguage(page, 'fr');
    await expect(page.getByRole('heading', { name: 'Réservation du logement' })).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'lodging-wizard-phone-intro');
    await fillWizard(page, family, 'lodging-wizard-phone');

    await expect(page.getByTestId('price-total')).toHaveText(/1\s?664,00/);
    await expect(page.getByTestId('price-estimate')).toContainText('Taxe de séjour');
    await expectAccessible(page);
    await snapshot(page, 'lodging-wizard-phone-confirm');

    await chooseLanguage(page, 'en');
    await expect(page.getByTestId('price-estimate')).toContainText('Tourist tax');
    await expect(page.getByTestId('price-estimate')).toContainText('Half board: Lucas');
    await page.getByRole('button', { name: 'Confirm the reservation' }).click();
    await expect(page.getByTestId('reservation-received')).toContainText(/R\d{4}-\d{4}/);
    await expectAccessible(page);
    await snapshot(page, 'lodging-wizard-phone-done');
    // One UI system on the public site (issue #25): the wizard, to the received reservation, draws nothing with MUI
    // (the shell's language menu, used above, is MUI's).
    expect(await page.locator('.bjk-wizard [class*="Mui"]').count()).toBe(0);

    const token = await adminToken(page);
    const headers = { authorization: `Bearer ${token}` };
    const list = await (await page.request.get(`/api/v1/stay/reservation?search=${family.lastName}`, { headers })).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      roomType: 'AP4',
      arrivalDate: '2027-02-14',
      departureDate: '2027-02-22',
      mealPlan: 'half',
      guestCount: 3,
      totalCents: EXPECTED_TOTAL_CENTS,
    });
    const outbox = await (await page.request.get(`/api/v1/mail/outbox?search=${encodeURIComponent(family.email)}`, { headers })).json();
    const mail = outbox.items.find((m: { kind: string }) => m.kind === 'lodging.reservation_received');
    expect(mail).toMatchObject({ language: 'en', subject: `Reservation request ${list.items[0].number} received` });

    // "New reservation" keeps the responsible adult and clears the guests.
    await page.getByRole('button', { name: 'New reservation' }).click();
    await expect(page.getByTestId('wizard-step')).toContainText('Accommodation');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('E-mail address')).toHaveValue(family.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Hotel room 2 persons/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('guest-0').getByLabel('First name')).toHaveValue('Claire');
    await expect(page.getByTestId('guest-1')).toHaveCount(0);
    // A missing birth date and too few guests for a double room: "Next" says why it does not go on.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('guest-0')).toContainText('Birth date is required');
    await expect(page.getByTestId('guests-count-error')).toHaveText('This lodging takes 2 to 2 persons.');
    await expect(page.getByTestId('wizard-step')).toContainText('Guests');
    await snapshot(page, 'lodging-wizard-guests-errors-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'lodging-wizard-guests-errors-390');
  });

  test('a double-clicked confirm makes one reservation', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const family = { lastName: `Lambert${unique()}`, email: `lambert.${unique()}@example.be` };
    await page.goto('/rsv26wizard');
    await chooseLanguage(page, 'fr');
    await fillWizard(page, family);
    await expect(page.getByTestId('price-total')).toBeVisible();
    await snapshot(page, 'lodging-wizard-desktop-confirm');
    await page.getByTestId('confirm-reservation').dblclick();
    await expect(page.getByTestId('reservation-received')).toBeVisible();
    await snapshot(page, 'lodging-wizard-desktop-done');
    const token = await adminToken(page);
    const list = await (await page.request.get(`/api/v1/stay/reservation?search=${family.lastName}`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(list.total).toBe(1);
  });

  test('the wizard warns before a likely duplicate (same contact, dates and room type) and makes it only when confirmed', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const family = { lastName: `Martin${unique()}`, email: `martin.${unique()}@example.be` };
    for (const attempt of ['first', 'second']) {
      await page.goto('/rsv26wizard');
      await chooseLanguage(page, 'fr');
      await fillWizard(page, family);
      await page.getByTestId('confirm-reservation').click();
      if (attempt === 'first') await expect(page.getByTestId('reservation-received')).toBeVisible();
    }
    const warning = page.getByTestId('likely-duplicate');
    await expect(warning).toContainText('Vous avez déjà demandé une réservation');
    await expect(page.getByTestId('reservation-received')).toHaveCount(0);
    await expectAccessible(page);
    await snapshot(page, 'lodging-wizard-duplicate-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'lodging-wizard-duplicate-390');
    const token = await adminToken(page);
    const search = async () =>
      (await (await page.request.get(`/api/v1/stay/reservation?search=${family.lastName}`, { headers: { authorization: `Bearer ${token}` } })).json()).total;
    expect(await search()).toBe(1);
    await warning.getByTestId('confirm-duplicate').click();
    await expect(page.getByTestId('reservation-received')).toBeVisible();
    expect(await search()).toBe(2);
  });

  test('the desk assigns a room and downloads the rooming list', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const family = { lastName: `Janssens${unique()}`, email: `janssens.${unique()}@example.be` };
    await page.goto('/rsv26wizard');
    await chooseLanguage(page, 'fr');
    await fillWizard(page, family);
    await page.getByTestId('confirm-reservation').click();
    await expect(page.getByTestId('reservation-received')).toBeVisible();

    await chooseLanguage(page, 'en');
    await loginAsAdmin(page, '/mgmt/reservations');
    await page.getByLabel(/Search/).fill(family.lastName);
    const row = page.locator('[data-testid^="reservation-row-"]').filter({ hasText: family.lastName });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('reservation-totals')).toContainText('1 reservation · 3 guests');
    await expectAccessible(page);
    await snapshot(page, 'lodging-mgmt-list-desktop');
    await row.getByRole('link').click();

    await expect(page.getByRole('heading', { name: /Reservation R\d{4}-\d{4}/ })).toBeVisible();
    await page.getByRole('combobox', { name: 'Free room' }).click();
    const firstFree = page.getByRole('option').first();
    const roomText = (await firstFree.textContent()) ?? '';
    const room = /Room (\d+)/.exec(roomText)?.[1] ?? '';
    await firstFree.click();
    await page.getByTestId('assign-room').click();
    await expect(page.getByTestId('assigned-rooms')).toContainText(`Room ${room}`);
    await expect(page.getByTestId('reservation-history')).toContainText(`Room ${room} assigned`);
    await page.getByLabel('Internal remarks (not shown to the family)').fill('Near the playing hall');
    await page.getByTestId('save-reservation').click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, 'lodging-mgmt-edit-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'lodging-mgmt-edit-phone');

    await page.goto('/mgmt/reservations');
    await expect(page.getByTestId('reservation-totals')).toBeVisible();
    await snapshot(page, 'lodging-mgmt-list-phone');
    // A French-speaking manager gets the workbook in French.
    await chooseLanguage(page, 'fr');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('download-workbook').click();
    const download = await downloading;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Réservations', 'Personnes', 'Repas par jour']);
    const reservations = workbook.getWorksheet('Réservations')!;
    const ours: ExcelJS.Row[] = [];
    reservations.eachRow((r) => {
      if (r.getCell(2).value === family.lastName) ours.push(r);
    });
    expect(ours).toHaveLength(1);
    expect(ours[0]!.getCell(10).value).toBe(room);
    const guests: string[] = [];
    workbook.getWorksheet('Personnes')!.eachRow((r) => {
      if (r.getCell(4).value === family.lastName) guests.push(String(r.getCell(5).value));
    });
    expect(guests).toEqual(['Claire', 'Lucas', 'Emma']);
    const meals = workbook.getWorksheet('Repas par jour')!;
    // Sheet names and headers in the manager's language (French here).
    expect(meals.getRow(1).values).toEqual([undefined, 'Date', 'Repas', 'Adultes', 'Moins de 18', 'Moins de 12', 'Moins de 3', 'Total']);
    expect((reservations.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Numéro', 'Nom', 'Prénom']);
    expect(Number(meals.getRow(2).getCell(7).value)).toBeGreaterThanOrEqual(3);
  });

  test('the desk imports the venue room list and blocks a room', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdmin(page, '/mgmt/rooms');
    await chooseLanguage(page, 'en');
    await expect(page.getByTestId('room-101')).toBeVisible();
    const room = String(500 + Math.floor(Math.random() * 400));
    await page
      .getByTestId('rooms-csv')
      .setInputFiles({ name: 'rooms.csv', mimeType: 'text/csv', buffer: Buffer.from(`room;type;venue_code;capacity\n${room};SD;S${room};3\n`) });
    await expect(page.getByText(/1 rooms added/)).toBeVisible();
    await page.getByLabel(`Room ${room} blocked`).click();
    // The room list is fetched again after the change (and after the reload): seconds on a loaded machine.
    await expect(page.getByLabel(`Room ${room} blocked`)).toBeChecked({ timeout: 30_000 });
    await page.reload();
    await expect(page.getByLabel(`Room ${room} blocked`)).toBeChecked({ timeout: 30_000 });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'lodging-mgmt-rooms-phone');
  });

  test('the not-started and closed phases show their messages', async ({ page }) => {
    await page.goto('/rsv26wizard_notstarted');
    await chooseLanguage(page, 'nl');
    await expect(page.getByTestId('phase-notStarted')).toContainText('Reservatie nog niet gestart');
    await expectAccessible(page);
    await page.goto('/rsv26wizard_closed');
    await expect(page.getByTestId('phase-closed')).toContainText('Reservaties gesloten');
    await expect(page.getByTestId('phase-closed')).toContainText('rechtstreeks boeken');
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'lodging-wizard-phone-closed');
  });
});
