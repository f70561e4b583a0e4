import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForMails } from './mail';
import { chooseLanguage, expect, expectAccessible, test } from './fixtures';
import { importMembersCsv, loginAsAdmin } from './manager';

type Language = 'nl' | 'fr';

/** Federation ids of this run's own players: the e2e database is shared by every spec. */
const base = 600_000 + Math.floor(Math.random() * 90_000) * 10;
const families = {
  nl: { idbel: base + 1, first: 'Mila', last: `Gezin${base}`, year: 2015, email: `gezin.${base}@example.test` },
  fr: { idbel: base + 2, first: 'Hugo', last: `Famille${base}`, year: 2015, email: `famille.${base}@example.test` },
};
const texts = {
  nl: { signInSubject: 'Mijn gezin', title: 'Mijn gezin', absenceSubject: /afwezigheid van .+ in ronde 5 ontvangen/ },
  fr: { signInSubject: 'Ma famille', title: 'Ma famille', absenceSubject: /absence de .+ à la ronde 5 reçue/ },
};
const SHOTS = '.tmp/screenshots/family';

let photo: Buffer;

test.beforeAll(async ({ request }) => {
  await mkdir(SHOTS, { recursive: true });
  photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#b06f8f' } })
    .jpeg()
    .toBuffer();
  const login = await request.post('/api/v1/accounts/anon/login', {
    data: { logintype: 'email', username: 'admin@e2e.test', password: 'e2e-admin-password-123' },
  });
  const token = (await login.json()).token as string;
  const csv = [
    'idbel;first_name;last_name;birth_year;gender;club_name;fide_federation;rating_national',
    ...Object.values(families).map((p) => `${p.idbel};${p.first};${p.last};${p.year};F;KSK Test;BEL;1400`),
  ].join('\n');
  await importMembersCsv(request, token, csv);
  // Each family enrols its child as the wizard does (the wizard has its own tests), with the parent's address.
  for (const [language, family] of Object.entries(families)) {
    const created = await request.post('/api/v1/registration/bjk', {
      data: {
        idbel: family.idbel,
        category: 'U12',
        email: '',
        mobile: '',
        parent: { fullName: `Parent ${family.last}`, email: family.email, mobile: '+32 470 12 34 56' },
        attendant: { fullName: '', email: '', mobile: '' },
        language,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect(
      (await request.post(`/api/v1/registration/photo/${id}`, { multipart: { photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: photo } } })).status(),
    ).toBe(200);
    expect((await request.post(`/api/v1/registration/confirm/${id}`, { data: { consent: true } })).status()).toBe(200);
  }
});

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

for (const language of ['nl', 'fr'] as const satisfies Language[]) {
  test(`a family (${language}) signs in by the mailed link on a phone, replaces a photo and announces an absence the arbiters see`, async ({ page }) => {
    test.setTimeout(300_000);
    const family = families[language];
    const t = texts[language];
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto('/family');
    await chooseLanguage(page, language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
    await page.locator('input[type="email"]').fill(family.email);
    await expectAccessible(page);
    await shoot(page, `sign-in-${language}`);
    await page.getByTestId('family-send-link').click();
    await expect(page.getByTestId('family-link-sent')).toBeVisible();

    // The link, from the mail as it arrived over SMTP.
    const [mail] = await waitForMails(family.email, { subject: t.signInSubject });
    const link = /(\/family\/welcome#[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1];
    expect(link, mail!.text).toBeTruthy();

    // Opening the link spends nothing (a mail scanner does as much): the page waits for the button.
    await page.goto(link!);
    await expect(page.getByTestId('family-sign-in')).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/family\/welcome$/);
    await expect(page.getByTestId('family-sign-in')).toHaveCount(0);
    await page.goto('/family');
    await page.goto(link!);
    await shoot(page, `welcome-${language}`);
    await page.getByTestId('family-sign-in').click();
    await expect(page).toHaveURL(/\/family$/);
    const card = page.getByTestId(/^family-child-/);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`${family.first} ${family.last}`);
    await expect(page.getByTestId('family-signed-in')).toContainText(family.email);
    await expect(card.getByTestId('pay-message')).toHaveText(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);

    // A new badge photo, through the real photo pipeline.
    const newPhoto = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const photoResponse = page.waitForResponse((r) => r.url().includes('/photo') && r.request().method() === 'POST');
    await card.getByTestId('family-photo-input').setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: newPhoto });
    expect((await photoResponse).status()).toBe(200);
    await expect(card.getByTestId('family-photo-replaced')).toBeVisible();
    const shown = await page.request.get(`${(await card.getByTestId('family-photo-img').getAttribute('src'))!.split('?')[0]}`);
    const { dominant } = await sharp(await shown.body()).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r);

    // Absent in round 5.
    await card.getByTestId('family-absence-round').selectOption('5');
    await card.getByTestId('family-absence-submit').click();
    await expect(card.getByTestId('family-absence-sent')).toBeVisible();
    await expect(card.getByTestId('family-absence-list')).toContainText('5');
    await expectAccessible(page);
    await shoot(page, `page-${language}`);
    const [confirmation] = await waitForMails(family.email, { subject: language === 'nl' ? 'afwezigheid' : 'absence' });
    expect(confirmation!.subject).toMatch(t.absenceSubject);

    // A consent changed on the phone (decision 0020): the child's name off the public participants list.
    const consentSaved = page.waitForResponse((r) => r.url().includes('/consents') && r.request().method() === 'PUT');
    await card.getByTestId('family-consent-publicName').click();
    expect((await consentSaved).status()).toBe(200);
    await expect(card.getByTestId('family-consent-publicName')).not.toBeChecked();
    await expect(card.getByTestId('family-consents-changed')).toBeVisible();

    // An erasure request for the child (decision 0021): the organisers answer it in the back office.
    const privacy = page.getByTestId('family-privacy');
    await privacy.getByTestId('family-privacy-who').selectOption({ index: 1 });
    await privacy.getByTestId('family-privacy-send').click();
    await expect(privacy.getByTestId('family-privacy-sent')).toBeVisible();
    await expect(privacy.getByTestId('family-privacy-requests')).toContainText(family.last);
    await expectAccessible(page);
    await shoot(page, `privacy-${language}`);

    // All the family's data, as a file.
    const download = page.waitForEvent('download');
    await page.getByTestId('family-download').click();
    const data = JSON.parse(await (await (await download).createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')));
    expect(data.family).toBe(family.email);
    expect(data.children[0].enrolment).toMatchObject({ firstName: family.first, lastName: family.last });
    expect(data.children[0].absences).toEqual([expect.objectContaining({ round: 5, kind: 'absent' })]);

    // The arbiters see it in the back office, per category and round.
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdmin(page, '/mgmt/absences?category=U12&round=5');
    const row = page.getByRole('row', { name: new RegExp(`${family.last}, ${family.first}`) });
    await expect(row).toBeVisible();
    // A controlled checkbox: it follows the saved state once the list is read again.
    await row.getByRole('checkbox').click();
    await expect(row.getByRole('checkbox')).toBeChecked();
    await page.screenshot({ path: `${SHOTS}/mgmt-absences-${language}-1280.png`, fullPage: true });

    // The erasure request among the families' requests, with the personal data still held per edition.
    await page.goto('/mgmt/family_requests');
    await expect(page.getByTestId(/^privacy-request-/).filter({ hasText: family.last })).toBeVisible();
    await expect(page.getByTestId('personal-data')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/mgmt-family-requests-${language}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/mgmt-family-requests-${language}-390.png`, fullPage: true });
  });
}
