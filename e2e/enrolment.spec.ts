import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForMails } from './mail';
import { chooseLanguage, expect, expectAccessible, snapshot, test } from './fixtures';
import { adminToken, loginAsAdmin } from './manager';

type Language = 'nl' | 'fr' | 'de' | 'en';

/** Federation ids of this run's own players: the e2e database is shared by every spec. */
const base = 700_000 + Math.floor(Math.random() * 200_000) * 10;
const players = {
  nl: { idbel: base + 1, first: 'Noor', last: `Claes${base}`, year: 2015 },
  fr: { idbel: base + 2, first: 'Léa', last: `Dubois${base}`, year: 2013 },
  de: { idbel: base + 3, first: 'Lukas', last: `Weber${base}`, year: 2011 },
  en: { idbel: base + 4, first: 'Sam', last: `Smith${base}`, year: 2017 },
  adult: { idbel: base + 5, first: 'Adam', last: `Adult${base}`, year: 1980 },
  mobile: { idbel: base + 6, first: 'Mo', last: `Bile${base}`, year: 2014 },
  again: { idbel: base + 7, first: 'Ann', last: `Again${base}`, year: 2016 },
  office: { idbel: base + 8, first: 'Omer', last: `Office${base}`, year: 2012 },
};

let photo: Buffer;

test.beforeAll(async ({ request }) => {
  photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#6f8fb0' } }).jpeg().toBuffer();
  const login = await request.post('/api/v1/accounts/anon/login', { data: { logintype: 'email', username: 'admin@e2e.test', password: 'e2e-admin-password-123' } });
  const token = (await login.json()).token as string;
  const csv = ['idbel;first_name;last_name;birth_year;gender;club_name;fide_federation;rating_national', ...Object.values(players).map((p) => `${p.idbel};${p.first};${p.last};${p.year};M;KSK Test;BEL;1500`)].join('\n');
  const response = await request.post('/api/v1/members/import?format=csv', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(response.status()).toBe(200);
  expect((await response.json()).inserted).toBe(Object.keys(players).length);
});

async function lookUp(page: Page, idbel: number) {
  await page.getByTestId('lookup-id').fill(String(idbel));
  await page.getByTestId('lookup-search').click();
}

async function startWizard(page: Page, language: Language) {
  await page.goto('/registration_bjk');
  await chooseLanguage(page, language);
  await page.getByTestId('wizard-next').click();
}

async function enrolMinor(page: Page, language: Language, shots = false, player = players[language]) {
  await startWizard(page, language);
  await lookUp(page, player.idbel);
  await expect(page.getByTestId('lookup-found')).toContainText(player.last);
  if (shots) await snapshot(page, `enrolment-lookup-${page.viewportSize()?.width}`);
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('nationality-belgian')).toBeVisible();
  await page.getByTestId('wizard-next').click();

  await page.getByTestId('parent-fullName').fill(`Parent ${player.last}`);
  await page.getByTestId('parent-email').fill(`parent.${player.idbel}@example.test`);
  await page.getByTestId('parent-mobile').fill('+32 470 12 34 56');
  if (shots) {
    await expectAccessible(page);
    await snapshot(page, `enrolment-details-${page.viewportSize()?.width}`);
  }
  await page.getByTestId('wizard-next').click();

  await expect(page.getByTestId('wizard-next')).toBeDisabled();
  await page.getByTestId('photo-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.locator('.reactEasyCrop_Container')).toBeVisible();
  if (shots) await snapshot(page, `enrolment-photo-${page.viewportSize()?.width}`);
  await page.getByTestId('photo-use').click();
  await expect(page.getByTestId('photo-preview')).toBeVisible();
  await page.getByTestId('wizard-next').click();

  await page.getByTestId('wizard-next').click();
  await expect(page.getByRole('alert').filter({ hasText: /./ }).last()).toBeVisible();
  await page.getByTestId('gdpr-consent').check();
  await page.getByTestId('wizard-next').click();

  await expect(page.getByTestId('confirm-summary')).toContainText(player.last);
  if (shots) {
    await expectAccessible(page);
    await snapshot(page, `enrolment-confirm-${page.viewportSize()?.width}`);
  }
  await page.getByTestId('wizard-confirm').click();
  await expect(page.getByTestId('enrolment-done')).toContainText(player.first);
  if (shots) await snapshot(page, `enrolment-done-${page.viewportSize()?.width}`);
}

test.describe('the enrolment wizard', () => {
  for (const language of ['nl', 'fr', 'de', 'en'] as const) {
    test(`a parent on a phone enrols a minor in ${language}, and the confirmation e-mail is written in ${language}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await enrolMinor(page, language, language === 'nl');
      const token = await adminToken(page);
      const outbox = await page.request.get(`/api/v1/mail/outbox?q=${players[language].last}`, { headers: { authorization: `Bearer ${token}` } });
      const mails = (await outbox.json()).items as { to: string[]; language: string; subject: string }[];
      expect(mails).toHaveLength(1);
      expect(mails[0]!.language).toBe(language);
      expect(mails[0]!.to).toContain(`parent.${players[language].idbel}@example.test`);
      // …and the outbox worker delivers it through SMTP, in that language.
      const [delivered] = await waitForMails(`parent.${players[language].idbel}@example.test`);
      expect(delivered!.subject).toBe(mails[0]!.subject);
      expect(delivered!.text).toContain(players[language].last);
    });
  }

  test('explains an unknown id, an adult, an already registered player and a bad mobile number', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await startWizard(page, 'en');
    await lookUp(page, 99_999_999);
    await expect(page.getByRole('alert')).toContainText('No participant with this national ID');
    await lookUp(page, players.adult.idbel);
    await expect(page.getByTestId('lookup-not-youth')).toBeVisible();
    await expect(page.getByTestId('wizard-next')).toBeDisabled();

    await lookUp(page, players.mobile.idbel);
    await expect(page.getByTestId('lookup-found')).toBeVisible();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-next').click();
    await expect(page.getByText('A minor needs a parent present on site or an attendant')).toBeVisible();
    await page.getByTestId('parent-fullName').fill('Some Parent');
    await page.getByTestId('parent-email').fill('some.parent@example.test');
    await page.getByTestId('parent-mobile').fill('+32 12');
    await page.getByTestId('wizard-next').click();
    await expect(page.getByText('Not a valid mobile number')).toBeVisible();
    await page.getByTestId('parent-mobile').fill('+999 1234 5678');
    await page.getByTestId('wizard-next').click();
    await expect(page.getByText('Invalid country code')).toBeVisible();
    await snapshot(page, 'enrolment-errors-1280');
    await page.getByTestId('parent-mobile').fill('0470 12 34 56');
    await page.getByTestId('wizard-next').click();
    // The photo is required: without one the wizard does not go on.
    await expect(page.getByTestId('wizard-next')).toBeDisabled();
  });

  test('says so when the player is already registered', async ({ page }) => {
    await enrolMinor(page, 'en', false, players.again);
    await page.getByTestId('enrolment-new').click();
    await page.getByTestId('wizard-next').click();
    await lookUp(page, players.again.idbel);
    await expect(page.getByTestId('lookup-registered')).toContainText('This player is already registered');
  });
});

test.describe('registrations in the back office', () => {
  test('the manager imports registrations, edits a participant, and the public list shows them', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await enrolMinor(page, 'fr', false, players.office);
    await loginAsAdmin(page, `/mgmt/registrations?q=${players.office.last}`);
    await expect(page.getByTestId('registrations-table')).toContainText(players.office.last);
    await snapshot(page, 'mgmt-registrations-1280');
    await page.getByRole('link', { name: new RegExp(players.office.last) }).click();
    await expect(page.getByTestId('edit-parent.fullName')).toHaveValue(`Parent ${players.office.last}`);
    await expect(page.getByTestId('mgmt-photo')).toBeVisible();
    await page.getByTestId('edit-remarks').fill('Arrives on Monday');
    await page.getByTestId('edit-save').click();
    await expect(page.getByRole('alert').filter({ hasText: /Enregistré|Saved|Opgeslagen|Gespeichert/ })).toBeVisible();
    await expect(page.getByTestId('edit-parent.email')).toHaveValue(`parent.${players.office.idbel}@example.test`);
    await snapshot(page, 'mgmt-registration-edit-1280');

    await page.goto('/mgmt/participants');
    await page.getByTestId('participants-import').click();
    await expect(page.getByTestId('participants-import-result')).toBeVisible();
    await page.getByTestId('mgmt-participants-search').fill(players.office.last);
    await expect(page.getByTestId('mgmt-participants-table')).toContainText(players.office.last);
    await expectAccessible(page);
    await snapshot(page, 'mgmt-participants-1280');
    await page.getByRole('link', { name: new RegExp(players.office.last) }).click();
    await page.getByTestId('edit-ratingFide').fill('1612');
    await page.getByTestId('edit-save').click();
    await expect(page.getByTestId('edit-ratingFide')).toHaveValue('1612');
    await snapshot(page, 'mgmt-participant-edit-1280');

    await page.goto('/mgmt/guests');
    await page.getByTestId('guest-first').fill('Arnaud');
    await page.getByTestId('guest-last').fill(`Arbiter${base}`);
    await page.getByTestId('guest-add').click();
    await expect(page.getByTestId('attendees-table')).toContainText(`Arbiter${base}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/participants_bjk');
    await page.getByTestId('participants-search').fill(players.office.last);
    await expect(page.getByTestId('participants-table')).toContainText(players.office.last);
    await expect(page.getByTestId('participants-table')).toContainText('1612');
    await page.getByTestId('participants-search').fill(`Arbiter${base}`);
    await expect(page.getByTestId('participants-table')).toHaveCount(0);
    await page.getByTestId('participants-search').fill('');
    await expectAccessible(page);
    await snapshot(page, 'participants-public-390');
  });

  test('the manager sees the outbox and the member registry import', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdmin(page, '/mgmt/mail');
    await expect(page.getByTestId('outbox-table')).toBeVisible();
    await snapshot(page, 'mgmt-mail-1280');
    await page.goto('/mgmt/members');
    await expect(page.getByTestId('members-count')).toBeVisible();
    await page.getByTestId('members-file').setInputFiles({ name: 'm.csv', mimeType: 'text/csv', buffer: Buffer.from(`idbel,first_name,last_name\n${base + 9},Imp,Orted${base}\nx,Bad,Line\n`) });
    await page.getByTestId('members-import').click();
    await expect(page.getByTestId('members-result')).toContainText('1');
    await snapshot(page, 'mgmt-members-1280');
  });
});
