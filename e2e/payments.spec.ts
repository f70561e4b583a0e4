import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { codaStatement } from '../apps/server/test/bank-statements';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { chooseLanguage, expect, expectAccessible, snapshot, test } from './fixtures';
import { waitForMails } from './mail';
import { adminToken, loginAsAdmin } from './manager';

type Request = {
  id: number;
  number: number;
  sourceId: string;
  structuredMessage: string;
  totalCents: number;
  paymentPagePath: string;
  sentAt: string | null;
  status: string;
};

/** A DH stay for two adults with a room assigned, through the lodging API: what a treasurer bills. */
async function stayWithRoom(
  api: APIRequestContext,
  token: string,
  lastName: string,
  email = `${lastName.toLowerCase()}.${randomUUID().slice(0, 6)}@example.test`,
): Promise<string> {
  const made = await api.post('/api/v1/stay/cmd/make_reservation', {
    data: {
      submissionId: randomUUID(),
      language: 'nl',
      contact: { firstName: 'Lien', lastName, email, mobile: '+32 475 12 34 56', address: 'Kerkstraat 1, 9000 Gent' },
      roomType: 'DH',
      arrivalDate: '2027-02-15',
      departureDate: '2027-02-21',
      guests: [
        { firstName: 'Lien', lastName, birthDate: '1980-03-01', participates: false },
        { firstName: 'Bart', lastName, birthDate: '1979-06-11', participates: false },
      ],
      mealPlan: 'half',
      remarks: '',
    },
  });
  expect(made.status()).toBe(201);
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await api.get(`/api/v1/stay/reservation?search=${(await made.json()).number}`, { headers })).json();
  const id = list.items[0].id as string;
  const free = await (await api.get('/api/v1/room/freeroom/DH', { headers })).json();
  const assigned = await api.post(`/api/v1/stay/cmd/assignroom/${id}/${free.items[0].number}`, { headers });
  expect(assigned.status()).toBe(200);
  return id;
}

test.describe('payment requests', () => {
  test('a treasurer bills stays in bulk, sends the mails, imports the bank statement and invoices a paid stay', async ({ page }) => {
    const api = page.request;
    const token = await adminToken(page);
    const headers = { authorization: `Bearer ${token}` };
    const family = `Pay${randomUUID().slice(0, 6)}`;
    const emails = [`${family.toLowerCase()}a@example.test`, `${family.toLowerCase()}b@example.test`];
    const stays = [await stayWithRoom(api, token, `${family}a`, emails[0]), await stayWithRoom(api, token, `${family}b`, emails[1])];

    await loginAsAdmin(page, '/mgmt/paymentrequests');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Betalingsverzoeken');
    await page.getByTestId('bulk-create-stay').click();
    await expect(page.getByTestId('job-progress')).toHaveAttribute('data-state', 'done');
    await page.getByTestId('search').fill(family);
    await expect(page.getByTestId('requests-table').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByText('1–2 van 2')).toBeVisible();

    await page.getByTestId('bulk-send').click();
    // The progress still reads "done" from the creation until the sending job has started: wait for the requests
    // themselves to be sent, not for that attribute.
    const listed = async (): Promise<Request[]> => (await (await api.get(`/api/v1/payment/pr?search=${family}`, { headers })).json()).items;
    await expect.poll(async () => (await listed()).every((r) => r.sentAt !== null), { timeout: 30_000 }).toBe(true);
    await expect(page.getByTestId('job-progress')).toHaveAttribute('data-state', 'done');
    const requests = await listed();
    expect(requests.map((r) => r.sourceId).sort()).toEqual([...stays].sort());
    expect(requests.every((r) => r.sentAt !== null && r.totalCents === 123_600)).toBe(true);

    // The mail arrives through SMTP with the lines, the structured message and the EPC QR code as an inline image.
    const first = requests.find((r) => r.sourceId === stays[0])!;
    const [mail] = await waitForMails(emails[0]!, { subject: `betalingsverzoek ${first.number}` });
    expect(mail!.html).toContain(first.structuredMessage);
    expect(mail!.text).toContain('BE68 5390 0754 7034');
    const image = mail!.attachments.find((a) => a.contentType === 'image/png');
    expect(image?.contentId).toContain('epc-qr@payments');
    const png = PNG.sync.read(Buffer.from(image!.base64, 'base64'));
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'GKCCBEBB',
      'vzw Belgisch Jeugdschaakkampioenschap',
      'BE68539007547034',
      'EUR1236.00',
      '',
      first.structuredMessage.replace(/\D/g, ''),
    ]);
    // The mail's link opens the payment page, no login needed.
    const link = /href="([^"]+\/payment\/[A-Za-z0-9_-]{32})"/.exec(mail!.html)?.[1];
    expect(link).toBeDefined();
    expect(new URL(link!).pathname).toBe(first.paymentPagePath);
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(link!);
    await expect(visitor.getByTestId('pay-message')).toHaveText(first.structuredMessage);
    await expect(visitor.getByTestId('pay-amount')).toContainText('1.236,00');
    await visitor.close();

    await page.setViewportSize({ width: 1280, height: 900 });
    await snapshot(page, 'payments-list-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'payments-list-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    const second = requests.find((r) => r.sourceId === stays[1])!;
    const coda = codaStatement({
      account: 'BE68539007547034',
      date: '2026-11-24',
      number: Math.floor(Math.random() * 900) + 100,
      movements: [
        { amountCents: 123_600, reference: first.structuredMessage.replace(/\D/g, ''), name: `Lien ${family}a` },
        { amountCents: 50_000, reference: second.structuredMessage.replace(/\D/g, ''), name: `Lien ${family}b` },
        { amountCents: 7_700, text: `gift ${family}`, name: 'Onbekend' },
      ],
    });
    await page.getByTestId('statement-file').setInputFiles({ name: `${family}.cod`, mimeType: 'text/plain', buffer: Buffer.from(coda, 'latin1') });
    await expect(page.getByTestId('statement-summary')).toBeVisible();
    await expect(page.getByTestId('outcome-paid')).toContainText('1');
    await expect(page.getByTestId('outcome-partially_paid')).toContainText('1');
    await expect(page.getByTestId('unmatched-table')).toContainText(`gift ${family}`);
    await expect(page.getByTestId(`request-row-${first.number}`).getByTestId('payment-status')).toHaveText('Betaald');
    await expect(page.getByTestId(`request-row-${second.number}`).getByTestId('payment-status')).toHaveText('Deels betaald');
    await expectAccessible(page);

    // The dashboard shows the same figures as the payments API: due, received, outstanding, overdue. Another test's
    // enrolment may add a request between the two reads (a figure off by one fee): both are read again until they agree.
    const amount = (cents: number) => new Intl.NumberFormat('nl-BE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
    let figures!: { dueCents: number; receivedCents: number; outstandingCents: number; overdueCents: number };
    await expect(async () => {
      figures = await (await api.get('/api/v1/payment/figures', { headers })).json();
      await page.goto('/mgmt');
      for (const [key, cents] of [
        ['due', figures.dueCents],
        ['received', figures.receivedCents],
        ['outstanding', figures.outstandingCents],
        ['overdue', figures.overdueCents],
      ] as const) {
        await expect(page.getByTestId(`figure-payments-${key}`)).toContainText(amount(cents), { timeout: 20_000 });
      }
    }).toPass({ timeout: 100_000 });
    expect(figures.receivedCents).toBeGreaterThanOrEqual(173_600);
    await page.goBack();

    await page.getByRole('link', { name: String(first.number), exact: true }).click();
    await expect(page).toHaveURL(/paymentrequest_edit\?id=/);
    await expect(page.getByTestId('structured-message')).toHaveText(first.structuredMessage);
    await page.getByTestId('invoice').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Factuur maken en mailen' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const downloadButton = page.getByTestId('invoice-download');
    await expect(downloadButton).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const invoiceNumber = /Factuur (\d+)/.exec((await downloadButton.textContent()) ?? '')?.[1];
    expect(pdf.toString('latin1')).toContain(`(Factuur ${invoiceNumber})`);
    await expectAccessible(page);
    await snapshot(page, 'payments-edit-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'payments-edit-phone');
    // On a phone the total and the amount received sit under the amounts, in the table's last column.
    const amounts = await page.getByRole('columnheader', { name: 'Bedrag', exact: true }).boundingBox();
    for (const id of ['request-total', 'request-received']) {
      const cell = await page.getByTestId(id).boundingBox();
      expect(Math.abs(cell!.x + cell!.width - (amounts!.x + amounts!.width))).toBeLessThan(2);
    }
    // A way back to the list as the treasurer left it (its search). On a desktop: a phone shows the list as cards.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('back-to-list').click();
    await expect(page).toHaveURL(new RegExp(`/mgmt/paymentrequests\\?.*${family}`));
    await expect(page.getByTestId('requests-table').locator('tbody tr')).toHaveCount(2);
    await chooseLanguage(page, 'en');
    await page.getByRole('link', { name: String(first.number), exact: true }).click();
    await expect(page.getByRole('link', { name: 'Back to the payment requests' })).toBeVisible();
    await snapshot(page, 'payments-edit-desktop-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'payments-edit-phone-en');
    await page.setViewportSize({ width: 1280, height: 900 });
    await chooseLanguage(page, 'nl');
  });

  test('a reservation shows its payment request, and the desk creates one where there is none', async ({ page }) => {
    const api = page.request;
    const token = await adminToken(page);
    const headers = { authorization: `Bearer ${token}` };
    const family = `Res${randomUUID().slice(0, 6)}`;
    const id = await stayWithRoom(api, token, family);

    await loginAsAdmin(page, `/mgmt/reservation_edit?id=${id}`);
    const panel = page.getByTestId('source-payment-request');
    await expect(panel).toContainText('Nog geen betalingsverzoek.');
    // The request is read once the page's creation has been answered, not while it is under way.
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/v1\/payment\//.test(response.url()));
    await page.getByTestId('create-payment-request').click();
    expect((await created).ok()).toBe(true);
    const request: Request = (await (await api.get(`/api/v1/payment/pr?source=stay:${id}`, { headers })).json()).items[0];
    await expect(panel.getByTestId('source-payment-link')).toHaveText(`Verzoek ${request.number}`);
    await expect(panel.getByTestId('payment-status')).toHaveText('Open');
    await expect(panel.getByTestId('source-payment-total')).toContainText('1.236,00');
    await expect(panel.getByTestId('source-payment-received')).toContainText('0,00');
    await expect(panel.getByTestId('source-payment-outstanding')).toContainText('1.236,00');
    await expect(page.getByTestId('create-payment-request')).toHaveCount(0);

    // Half paid by hand: the reservation's panel and the list row follow.
    const paid = await api.post(`/api/v1/payment/pr/${request.id}/payments`, { headers, data: { amountCents: 61_800, paidOn: '2026-11-22', remark: 'desk' } });
    expect(paid.status()).toBe(200);
    await page.reload();
    // The reservation page renders again after the reload: seconds on a loaded machine.
    await expect(panel.getByTestId('payment-status')).toHaveText('Deels betaald', { timeout: 30_000 });
    await expect(panel.getByTestId('source-payment-outstanding')).toContainText('618,00');
    await expectAccessible(page);
    await panel.scrollIntoViewIfNeeded();
    await page.setViewportSize({ width: 1280, height: 900 });
    await snapshot(page, 'reservation-payment-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'reservation-payment-phone');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/mgmt/reservations');
    await page.getByLabel('Zoeken').fill(family);
    // The table's row on a laptop, the card on a phone: both carry the row's test id.
    const row = page.getByTestId(/^reservation-row-/).filter({ hasText: family });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('reservation-payment').getByTestId('payment-status')).toHaveText('Deels betaald');
    await snapshot(page, 'reservations-payment-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row.getByTestId('payment-status').first()).toHaveText('Deels betaald');
    await snapshot(page, 'reservations-payment-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await row
      .getByTestId('reservation-payment')
      .getByRole('link', { name: String(request.number), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`paymentrequest_edit\\?id=${request.id}$`));
    await expect(page.getByTestId('structured-message')).toHaveText(request.structuredMessage);
  });

  test('the payment page shows what to pay and the QR code to whoever has the link, nothing else', async ({ page }) => {
    const api = page.request;
    const token = await adminToken(page);
    const headers = { authorization: `Bearer ${token}` };
    const id = await stayWithRoom(api, token, `Qr${randomUUID().slice(0, 6)}`);
    const request: Request = await (await api.post(`/api/v1/payment/stay/${id}`, { headers })).json();
    await page.goto(request.paymentPagePath);
    await expect(page.getByTestId('pay-message')).toHaveText(request.structuredMessage);
    await expect(page.getByTestId('pay-iban')).toHaveText('BE68 5390 0754 7034');
    await expect(page.getByTestId('pay-amount')).toContainText('1.236,00');
    const qr = page.getByTestId('pay-qr');
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator('body')).not.toContainText('@example.test');
    // Drawn without MUI (decision 0003), as budget.spec.ts checks for an unknown link.
    expect(await page.locator('style[data-emotion], [class*="Mui"]').count()).toBe(0);
    await expectAccessible(page);
    await snapshot(page, 'payment-page-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'payment-page-phone');
    const unknown = await api.get(`/api/v1/payment/public/${'x'.repeat(32)}`);
    expect(unknown.status()).toBe(404);
    // A link cut off in a mail client: "unknown link", not "a field is invalid".
    await chooseLanguage(page, 'en');
    await page.goto('/payment/abc');
    await expect(page.getByRole('alert')).toHaveText('This payment link is unknown. Check that the link is complete, or ask the organisers for a new one.');
    await snapshot(page, 'payment-link-unknown-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snapshot(page, 'payment-link-unknown-1280');
  });
});
