import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { waitForMails } from './mail';
import { chooseLanguage, expect, expectAccessible, snapshot, test } from './fixtures';
import { adminToken, importMembersCsv, loginAsAdmin } from './manager';

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
  vk: { idbel: base + 10, first: 'Victor', last: `Vlaming${base}`, year: 1985 },
  steps: { idbel: base + 11, first: 'Stef', last: `Steps${base}`, year: 2014 },
  photos: { idbel: base + 12, first: 'Pia', last: `Photo${base}`, year: 2013 },
};

/** The subject of the confirmation e-mail in each language (confirmation-mail.ts), for the player's full name. */
const confirmationSubject: Record<Language, RegExp> = {
  nl: /inschrijving van .+ bevestigd/,
  fr: /inscription de .+ confirmée/,
  de: /Anmeldung von .+ bestätigt/,
  en: /enrolment of .+ confirmed/,
};

let photo: Buffer;

test.beforeAll(async ({ request }) => {
  photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#6f8fb0' } })
    .jpeg()
    .toBuffer();
  const login = await request.post('/api/v1/accounts/anon/login', {
    data: { logintype: 'email', username: 'admin@e2e.test', password: 'e2e-admin-password-123' },
  });
  const token = (await login.json()).token as string;
  const csv = [
    'idbel;first_name;last_name;birth_year;gender;club_name;fide_federation;rating_national',
    ...Object.values(players).map((p) => `${p.idbel};${p.first};${p.last};${p.year};M;KSK Test;BEL;1500`),
  ].join('\n');
  expect((await importMembersCsv(request, token, csv)).inserted).toBe(Object.keys(players).length);
});

async function lookUp(page: Page, idbel: number) {
  await page.getByTestId('lookup-id').fill(String(idbel));
  await page.getByTestId('lookup-search').click();
}

/**
 * One UI system on the public site (issue #25): the wizard's steps draw nothing with MUI (the shell's language menu,
 * used to choose the language, is MUI's, outside the wizard).
 */
async function expectNoMui(page: Page) {
  expect(await page.locator('.bjk-wizard [class*="Mui"]').count()).toBe(0);
}

/** Scripts the page asks for, by path: the wizard loads no TanStack Query (its calls are plain, through api.ts). */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

async function startWizard(page: Page, language: Language) {
  await page.goto('/registration_bjk');
  await chooseLanguage(page, language);
  await page.getByTestId('wizard-next').click();
}

async function enrolMinor(page: Page, language: Language, shots = false, player = players[language]) {
  const scripts = scriptsOf(page);
  await startWizard(page, language);
  await expectNoMui(page);
  await lookUp(page, player.idbel);
  await expect(page.getByTestId('lookup-found')).toContainText(player.last);
  await expectNoMui(page);
  if (shots) {
    await expectAccessible(page);
    await snapshot(page, `enrolment-lookup-${page.viewportSize()?.width}`);
  }
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('nationality-belgian')).toBeVisible();
  await page.getByTestId('wizard-next').click();

  await page.getByTestId('parent-fullName').fill(`Parent ${player.last}`);
  await page.getByTestId('parent-email').fill(`parent.${player.idbel}@example.test`);
  await page.getByTestId('parent-mobile').fill('+32 470 12 34 56');
  await expectNoMui(page);
  if (shots) {
    await expectAccessible(page);
    await snapshot(page, `enrolment-details-${page.viewportSize()?.width}`);
  }
  await page.getByTestId('wizard-next').click();

  await expect(page.getByTestId('wizard-next')).toBeDisabled();
  await page.getByTestId('photo-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.locator('.reactEasyCrop_Container')).toBeVisible();
  await expectNoMui(page);
  if (shots) {
    await expectAccessible(page);
    await snapshot(page, `enrolment-photo-${page.viewportSize()?.width}`);
  }
  await page.getByTestId('photo-use').click();
  await expect(page.getByTestId('photo-preview')).toBeVisible();
  await page.getByTestId('wizard-next').click();

  await page.getByTestId('wizard-next').click();
  await expect(page.getByRole('alert').filter({ hasText: /./ }).last()).toBeVisible();
  await page.getByTestId('gdpr-consent').check();
  // Consent per purpose (decision 0020): the badge photo and the name on the public list; no photos on the website.
  await page.getByTestId('gdpr-purpose-badgePhoto').check();
  await page.getByTestId('gdpr-purpose-publicName').check();
  await expectNoMui(page);
  if (shots) {
    await expectAccessible(page);
    await snapshot(page, `enrolment-gdpr-${page.viewportSize()?.width}`);
  }
  await page.getByTestId('wizard-next').click();

  await expect(page.getByTestId('confirm-summary')).toContainText(player.last);
  await expectNoMui(page);
  if (shots) {
    await expectAccessible(page);
    await snapshot(page, `enrolment-confirm-${page.viewportSize()?.width}`);
  }
  await page.getByTestId('wizard-confirm').click();
  await expect(page.getByTestId('enrolment-done')).toContainText(player.first);
  // The mail goes to the parent alone (the only address given), and the page says so.
  await expect(page.getByTestId('enrolment-mailed-to')).toHaveText(
    {
      nl: 'Een bevestigingsmail is onderweg naar de ouder.',
      fr: 'Un e-mail de confirmation a été envoyé au parent.',
      de: 'Eine Bestätigungs-E-Mail ist unterwegs an den Elternteil.',
      en: 'A confirmation e-mail is on its way to the parent.',
    }[language],
  );
  // The payment instructions at once: the structured message and the EPC QR code, and a link to the payment page.
  await expect(page.getByTestId('enrolment-payment').getByTestId('pay-message')).toHaveText(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
  await expect(page.getByTestId('pay-qr')).toBeVisible();
  await expect(page.getByTestId('enrolment-payment-link')).toHaveAttribute('href', /^\/payment\//);
  await expectNoMui(page);
  expect(scripts.filter((script) => /QueryProvider/.test(script))).toEqual([]);
  if (shots) {
    await expectAccessible(page);
    await snapshot(page, `enrolment-done-${page.viewportSize()?.width}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await snapshot(page, 'enrolment-done-1280');
  }
  const shown = page.getByTestId('enrolment-payment');
  return {
    amount: (await shown.getByTestId('pay-amount').innerText()).trim(),
    iban: (await shown.getByTestId('pay-iban').innerText()).replace(/\s/g, ''),
    message: (await shown.getByTestId('pay-message').innerText()).trim(),
  };
}

/** The same text with every kind of space (the money formats use narrow no-break spaces) as one plain space. */
const spaced = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

/** The payment-instructions e-mail sent at confirmation, as delivered: it carries what the done page showed, and its QR pays exactly that. */
async function expectPaymentMail(to: string, shown: { amount: string; iban: string; message: string }) {
  const mails = await waitForMails(to, { count: 2 });
  const payment = mails.filter((mail) => /betalingsverzoek|demande de paiement|Zahlungsaufforderung|payment request/.test(mail.subject));
  expect(payment, 'one payment-instructions mail').toHaveLength(1);
  const { text, attachments } = payment[0]!;
  expect(spaced(text)).toContain(spaced(shown.amount));
  expect(text.replace(/\s/g, '')).toContain(shown.iban);
  expect(text).toContain(shown.message);
  const image = attachments.find((a) => a.contentType === 'image/png');
  const png = PNG.sync.read(Buffer.from(image!.base64, 'base64'));
  const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!.data.split('\n');
  // EPC069-12: line 7 the IBAN, line 8 "EUR<amount>", line 10 the structured reference's 12 digits.
  expect(qr[6]).toBe(shown.iban);
  expect(qr[7]).toBe(`EUR${(Number(shown.amount.replace(/\D/g, '')) / 100).toFixed(2)}`);
  expect(qr[9]).toBe(shown.message.replace(/\D/g, ''));
}

test.describe('the enrolment wizard', () => {
  for (const language of ['nl', 'fr', 'de', 'en'] as const) {
    test(`a parent on a phone enrols a minor in ${language}, and the confirmation e-mail is written in ${language}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const shown = await enrolMinor(page, language, language === 'nl');
      const token = await adminToken(page);
      const outbox = await page.request.get(`/api/v1/mail/outbox?search=${players[language].last}`, { headers: { authorization: `Bearer ${token}` } });
      const mails = (await outbox.json()).items as { to: string[]; language: string; subject: string }[];
      expect(mails).toHaveLength(1);
      expect(mails[0]!.language).toBe(language);
      expect(mails[0]!.to).toContain(`parent.${players[language].idbel}@example.test`);
      // …and the outbox worker delivers it through SMTP, in that language.
      const [delivered] = await waitForMails(`parent.${players[language].idbel}@example.test`, { subject: players[language].last });
      expect(delivered!.to).toContain(`parent.${players[language].idbel}@example.test`);
      expect(delivered!.subject).toBe(mails[0]!.subject);
      expect(delivered!.subject).toMatch(confirmationSubject[language]);
      expect(delivered!.subject).toContain(players[language].last);
      expect(delivered!.text).toContain(players[language].last);
      // The payment instructions the done page showed are mailed too, read back from the SMTP server.
      await expectPaymentMail(`parent.${players[language].idbel}@example.test`, shown);
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

  test('opens the details step without an error, and shows it again after going back two steps', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await startWizard(page, 'en');
    await lookUp(page, players.steps.idbel);
    await expect(page.getByTestId('lookup-found')).toBeVisible();
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('nationality-belgian')).toBeVisible();
    await page.getByTestId('wizard-next').click();
    // The click that left the nationality step did not submit the details form: no error, nothing in error.
    await expect(page.getByTestId('wizard-step-title')).toHaveText('Details');
    await expect(page.getByTestId('wizard-step-title')).toBeFocused();
    await expect(page.locator('.bjk-field--error')).toHaveCount(0);
    await page.getByTestId('parent-fullName').fill(`Parent ${players.steps.last}`);
    await page.getByTestId('parent-email').fill(`parent.${players.steps.idbel}@example.test`);
    await page.getByTestId('parent-mobile').fill('+32 470 12 34 56');
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('photo-file')).toBeAttached();
    await page.getByTestId('wizard-back').click();
    await expect(page.getByTestId('wizard-step-title')).toHaveText('Details');
    await page.getByTestId('wizard-back').click();
    await expect(page.getByTestId('nationality-belgian')).toBeVisible();
    await page.getByTestId('wizard-next').click();
    // Forward again lands on the details step, with what was entered, not on the photo step.
    await expect(page.getByTestId('wizard-step-title')).toHaveText('Details');
    await expect(page.getByTestId('parent-fullName')).toHaveValue(`Parent ${players.steps.last}`);
    await expect(page.locator('.bjk-field--error')).toHaveCount(0);
  });

  test('says why a file is no photo and why a picture is too small for the badge', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await startWizard(page, 'en');
    await lookUp(page, players.photos.idbel);
    await expect(page.getByTestId('lookup-found')).toBeVisible();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('parent-fullName').fill(`Parent ${players.photos.last}`);
    await page.getByTestId('parent-email').fill(`parent.${players.photos.idbel}@example.test`);
    await page.getByTestId('parent-mobile').fill('+32 470 12 34 56');
    await page.getByTestId('wizard-next').click();

    // A text file renamed .jpg: the browser believes the name, the wizard reads the bytes.
    await page.getByTestId('photo-file').setInputFiles({ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4 not a picture at all') });
    await expect(page.getByTestId('photo-problem')).toHaveText('This file is not a picture. Choose a photo (JPEG, PNG, HEIC…).');
    await expect(page.locator('.reactEasyCrop_Container')).toHaveCount(0);
    await expect(page.getByTestId('wizard-next')).toBeDisabled();

    const tiny = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#6f8fb0' } })
      .jpeg()
      .toBuffer();
    await page.getByTestId('photo-file').setInputFiles({ name: 'tiny.jpg', mimeType: 'image/jpeg', buffer: tiny });
    await expect(page.getByTestId('photo-problem')).toContainText('at least 160 × 200 pixels and has 60 × 60');
    await expect(page.locator('.reactEasyCrop_Container')).toHaveCount(0);
    await expect(page.getByTestId('wizard-next')).toBeDisabled();
    await expectAccessible(page);
    await snapshot(page, 'enrolment-photo-too-small-390');

    // A picture of the badge's size itself is fine: cropped at its own size, never enlarged.
    const smallest = await sharp({ create: { width: 160, height: 200, channels: 3, background: '#6f8fb0' } })
      .jpeg()
      .toBuffer();
    await page.getByTestId('photo-file').setInputFiles({ name: 'small.jpg', mimeType: 'image/jpeg', buffer: smallest });
    await expect(page.getByTestId('photo-problem')).toHaveCount(0);
    await page.getByTestId('photo-use').click();
    await expect(page.getByTestId('photo-preview')).toBeVisible();
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('gdpr-consent')).toBeVisible();
  });

  test('says so when the player is already registered', async ({ page }) => {
    await enrolMinor(page, 'en', false, players.again);
    await page.getByTestId('enrolment-new').click();
    await page.getByTestId('wizard-next').click();
    await lookUp(page, players.again.idbel);
    await expect(page.getByTestId('lookup-registered')).toContainText('This player is already registered');
  });
  test('shows the closed message before enrolments open and after they close', async ({ page }) => {
    // The wizard reads the window from the edition and the visitor's clock: the page's clock is moved, never the
    // edition's window (moving it would close enrolments for the other specs running beside this one).
    const { settings } = (await (await page.request.get('/api/v1/stay/common')).json()) as { settings: { enrolment: Record<string, string> } };
    const day = 86_400_000;
    await page.clock.setFixedTime(new Date(Date.parse(settings.enrolment.closesAt!) + day));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/registration_bjk');
    await chooseLanguage(page, 'en');
    await expect(page.getByTestId('enrolment-closed')).toContainText('Enrolments are officially closed');
    await expect(page.getByTestId('enrolment-closed')).toContainText('administrative fee');
    await expect(page.getByTestId('wizard-next')).toHaveCount(0);
    await expectAccessible(page);
    await snapshot(page, 'enrolment-closed-390');

    await page.clock.setFixedTime(new Date(Date.parse(settings.enrolment.opensAt!) - day));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/registration_bjk');
    await chooseLanguage(page, 'nl');
    await expect(page.getByTestId('enrolment-closed')).toContainText('nog niet geopend');
    await expect(page.getByTestId('wizard-next')).toHaveCount(0);
    await snapshot(page, 'enrolment-not-open-1280');
  });
});

test.describe('registrations in the back office', () => {
  test('the manager imports registrations, edits a participant, and the public list shows them', async ({ page }) => {
    // The longest path of the back office (a phone enrolment, two edits, an import, a payment request, four pages):
    // 20-30 s, 58 s at a load of 23 on two cores; twice the usual limit keeps it far from it.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await enrolMinor(page, 'fr', false, players.office);
    await loginAsAdmin(page, `/mgmt/registrations?search=${players.office.last}`);
    await expect(page.getByTestId('registrations-table')).toContainText(players.office.last);
    await snapshot(page, 'mgmt-registrations-1280');
    await page.getByRole('link', { name: new RegExp(players.office.last) }).click();
    await expect(page.getByTestId('edit-parent.fullName')).toHaveValue(`Parent ${players.office.last}`);
    await expect(page.getByTestId('mgmt-photo')).toBeVisible();
    // The fee in the language's money format (fr: "35,00 €" with a narrow no-break space), not "35.00 €".
    await expect(page.getByTestId('registration-summary')).toContainText(/35,00\s€/);
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
    // The participant's payment request, created from their page: number, status and what is still owed.
    await expect(page.getByTestId('source-payment-request')).toBeVisible();
    // A confirmed enrolment already has its request (made at confirmation); an imported one gets it here.
    const create = page.getByTestId('create-payment-request');
    await expect(page.getByTestId('source-payment-link').or(create)).toBeVisible();
    if (await create.isVisible()) await create.click();
    await expect(page.getByTestId('source-payment-link')).toBeVisible();
    const requestNumber = (await page.getByTestId('source-payment-link').textContent())?.replace(/\D/g, '') ?? '';
    expect(requestNumber).not.toBe('');
    await expect(page.getByTestId('source-payment-request').getByTestId('payment-status')).toBeVisible();
    await expect(page.getByTestId('source-payment-outstanding')).toContainText('35');
    // The consents chosen in the wizard, on the participant (decision 0020).
    await expect(page.getByTestId('participant-consent-publicName')).toBeChecked();
    await expect(page.getByTestId('participant-consent-webPhoto')).not.toBeChecked();
    await snapshot(page, 'mgmt-participant-edit-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'mgmt-participant-edit-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/mgmt/participants');
    await page.getByTestId('mgmt-participants-search').fill(players.office.last);
    const payment = page
      .getByTestId('mgmt-participants-table')
      .getByRole('row', { name: new RegExp(players.office.last) })
      .getByTestId('participant-payment');
    await expect(payment).toContainText(requestNumber);
    await expect(payment.getByTestId('payment-status')).toBeVisible();
    await expect(payment).toContainText('35');
    await snapshot(page, 'mgmt-participants-payment-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/participants_bjk');
    await page.getByTestId('participants-search').fill(players.office.last);
    await expect(page.getByTestId('participants-table')).toContainText(players.office.last);
    await expect(page.getByTestId('participants-table')).toContainText('1612');
    await page.getByTestId('participants-search').fill('');
    await expectAccessible(page);
    await snapshot(page, 'participants-public-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snapshot(page, 'participants-public-1280');
  });

  test('the manager adds a guest, who is not on the public participants list', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdmin(page, '/mgmt/guests');
    await chooseLanguage(page, 'fr');
    await page.getByTestId('guest-first').fill('Arnaud');
    await page.getByTestId('guest-last').fill(`Arbiter${base}`);
    await page.getByTestId('guest-add').click();
    await expect(page.getByTestId('attendees-table')).toContainText(`Arbiter${base}`);
    // Categories by their names, not their codes (GUEST → "Invité" in French).
    await expect(page.getByTestId('attendees-table').getByRole('row', { name: new RegExp(`Arbiter${base}`) })).toContainText('Invité');
    await snapshot(page, 'mgmt-guests-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'mgmt-guests-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/participants_bjk');
    await page.getByTestId('participants-search').fill(`Arbiter${base}`);
    // Loaded and filtered (the count shows once the list is there): no row for the guest.
    await expect(page.getByTestId('participants-count')).toHaveText(/^0\s/);
    await expect(page.getByTestId('participants-table')).toHaveCount(0);
  });

  test('the manager handles vk registrations and participants on the same pages, switched by kind', async ({ page }) => {
    // An adult enrols in the Flemish championship through the API (the specification names no public vk page).
    const photoForm = { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo } };
    const created = await page.request.post('/api/v1/registration/vk', {
      data: {
        idbel: players.vk.idbel,
        category: 'EXPERTS',
        email: `vk.${players.vk.idbel}@example.test`,
        mobile: '+32 471 00 00 01',
        parent: { fullName: '', email: '', mobile: '' },
        attendant: { fullName: '', email: '', mobile: '' },
        language: 'nl',
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.post(`/api/v1/registration/photo/${id}`, { multipart: photoForm })).status()).toBe(200);
    expect((await page.request.post(`/api/v1/registration/confirm/${id}`, { data: { consent: true } })).status()).toBe(200);

    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdmin(page, `/mgmt/registrations?search=${players.vk.last}`);
    await expect(page.getByTestId('registrations-table')).not.toContainText(players.vk.last);
    await page.getByTestId('kind-vk').click();
    await expect(page).toHaveURL(/kind=vk/);
    await page.getByTestId('registrations-search').fill(players.vk.last);
    await expect(page.getByTestId('registrations-table')).toContainText(players.vk.last);
    await expect(page.getByTestId('registrations-table')).toContainText('EXPERTS');
    await expectAccessible(page);
    await snapshot(page, 'mgmt-registrations-vk-1280');
    await page.getByRole('link', { name: new RegExp(players.vk.last) }).click();
    await expect(page).toHaveURL(/registration_edit\?id=.+&kind=vk/);
    await expect(page.getByTestId('edit-email')).toHaveValue(`vk.${players.vk.idbel}@example.test`);
    await page.getByTestId('edit-remarks').fill('Plays board 1');
    await page.getByTestId('edit-save').click();
    await expect(page.getByRole('alert').filter({ hasText: /Opgeslagen|Saved|Enregistré|Gespeichert/ })).toBeVisible();
    await page.getByRole('link', { name: /lijst|list|liste|Liste/ }).click();
    await expect(page).toHaveURL(/\/mgmt\/registrations\?kind=vk/);

    await page.goto('/mgmt/participants?kind=vk');
    await page.getByTestId('participants-import').click();
    await expect(page.getByTestId('participants-import-result')).toBeVisible();
    await page.getByTestId('mgmt-participants-search').fill(players.vk.last);
    await expect(page.getByTestId('mgmt-participants-table')).toContainText(players.vk.last);
    await page.getByRole('link', { name: new RegExp(players.vk.last) }).click();
    await expect(page).toHaveURL(/participant_edit\?id=\d+&kind=vk/);
    await page.getByTestId('edit-ratingFide').fill('2105');
    await page.getByTestId('edit-save').click();
    await expect(page.getByTestId('edit-ratingFide')).toHaveValue('2105');
    await snapshot(page, 'mgmt-participant-edit-vk-1280');

    // The youth list does not show the vk participant; switching back to bjk clears the search.
    await page.goto(`/mgmt/participants?kind=vk`);
    await page.getByTestId('kind-bjk').click();
    await expect(page).toHaveURL(/\/mgmt\/participants\??$/);
    // The list is keyed by kind: type only once the youth list has replaced the vk one (a search typed into the
    // list being replaced is gone with it).
    await expect(page.getByTestId('kind-bjk')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('mgmt-participants-search')).toHaveValue('');
    await page.getByTestId('mgmt-participants-search').fill(players.vk.last);
    await expect(page.getByTestId('mgmt-participants-search')).toHaveValue(players.vk.last);
    await expect(page.getByTestId('mgmt-participants-table')).not.toContainText(players.vk.last);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/mgmt/participants?kind=vk');
    await expect(page.getByTestId('kind-vk')).toHaveAttribute('aria-pressed', 'true');
    await snapshot(page, 'mgmt-participants-vk-390');
    await page.goto('/mgmt/attendee_bjk?kind=vk');
    await expect(page.getByTestId('kind-vk')).toHaveAttribute('aria-pressed', 'true');
    await snapshot(page, 'mgmt-attendees-vk-390');
  });

  test('the manager sees the outbox and the member registry import', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdmin(page, '/mgmt/mail');
    await expect(page.getByTestId('outbox-table')).toBeVisible();
    await snapshot(page, 'mgmt-mail-1280');
    await page.goto('/mgmt/members');
    await expect(page.getByTestId('members-count')).toBeVisible();
    await page
      .getByTestId('members-file')
      .setInputFiles({ name: 'm.csv', mimeType: 'text/csv', buffer: Buffer.from(`idbel,first_name,last_name\n${base + 9},Imp,Orted${base}\nx,Bad,Line\n`) });
    await page.getByTestId('members-import').click();
    await expect(page.getByTestId('members-result')).toContainText('1');
    await snapshot(page, 'mgmt-members-1280');
  });
});
