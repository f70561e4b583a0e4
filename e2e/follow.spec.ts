import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { pushServiceURL } from '../playwright.config';
import { expect, expectAccessible, test } from './fixtures';
import { adminToken, importMembersCsv } from './manager';
import { waitForMails } from './mail';

/**
 * Following a player on a phone. In this closed network `pushManager.subscribe` cannot reach a browser vendor's push
 * service, so the page is handed a subscription of the loopback push service (e2e/push-service.ts) in its place; the
 * app encrypts and posts to it for real, the push service decrypts, and the message is delivered to the page's
 * service worker through Chromium's DevTools protocol (`ServiceWorker.deliverPushMessage`), which shows it.
 */

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../packages/domain/fixtures/swar', name));
const SHOTS = process.env.SHOTS_DIR ?? '.tmp/screenshots/follow';
const phone = { width: 390, height: 844 };

async function publish(page: Page, category: string, file: string | Buffer) {
  const token = await adminToken(page);
  const content = typeof file === 'string' ? fixture(file) : file;
  const response = await page.request.post('/api/v1/tournament/json', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `trn_${category.toLowerCase()}`, jsoncontent: `data:application/json;base64,${content.toString('base64')}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

type Subscription = { id: string; endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

/** A subscription of the loopback push service, given to the page as `pushManager.subscribe` would give it. */
async function handPushSubscription(page: Page): Promise<Subscription> {
  const subscription = (await (await fetch(`${pushServiceURL}/subscriptions`, { method: 'POST' })).json()) as Subscription;
  await page.addInitScript((json) => {
    let current: object | null = null;
    const make = () => ({ endpoint: json.endpoint, expirationTime: null, toJSON: () => json, unsubscribe: async () => ((current = null), true) });
    PushManager.prototype.subscribe = async function () {
      current = make();
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return current as PushSubscription | null;
    };
  }, subscription);
  return subscription;
}

async function pushMessages(subscriptionId: string): Promise<{ payload: Record<string, string>; topic: string }[]> {
  const response = await fetch(`${pushServiceURL}/messages?subscription=${subscriptionId}`);
  return (await response.json()) as { payload: Record<string, string>; topic: string }[];
}

test('a parent follows a child on a phone, gets the pairing as a notification, and unfollows in one tap', async ({ page, context, baseURL }) => {
  // Two publishes, a push through TLS and a service worker: minutes on a loaded machine.
  test.setTimeout(240_000);
  await page.setViewportSize(phone);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await publish(page, 'U14', 'bycco_test_bjk_0_start.json');
  const subscription = await handPushSubscription(page);

  await page.goto('/trn_u14?player=3');
  await expect(page.getByTestId('player-card')).toBeVisible();
  const follow = page.getByTestId('follow-button');
  await expect(follow).toHaveText('Volgen');
  await page.screenshot({ path: `${SHOTS}/card-follow-390.png`, fullPage: true });
  await follow.click();
  await expect(page.getByTestId('follow-state')).toContainText('Je volgt Timmerman Gert, Jan');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/card-following-390.png`, fullPage: true });

  // The arbiters publish round 1: the app encrypts the pairing for this browser and posts it to the push service.
  await publish(page, 'U14', 'bycco_test_bjk_1_paired.json');
  let messages: Awaited<ReturnType<typeof pushMessages>> = [];
  await expect
    .poll(async () => (messages = await pushMessages(subscription.id)).length, { timeout: 30_000, message: 'the pairing reached the push service' })
    .toBe(1);
  const [message] = messages;
  expect(message!.payload).toMatchObject({ kind: 'pairing', lang: 'nl', title: 'Timmerman Gert, Jan – ronde 1', url: '/trn_u14?player=3' });
  expect(message!.payload.body).toMatch(/^Bord 1 met wit tegen Pincket, Michael\./);
  expect(message!.topic).toBe('U14-r1-p3');

  // The push service hands it to the phone: Chromium's DevTools deliver it to the page's service worker.
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: await registration, data: JSON.stringify(message!.payload) });
  const shown = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    for (let i = 0; i < 100; i++) {
      const notifications = await ready.getNotifications();
      if (notifications.length > 0)
        return notifications.map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as { url: string },
          // Chromium lists a notification's buttons (not yet in the DOM typings).
          actions: ((n as unknown as { actions?: { action: string; title: string }[] }).actions ?? []).map((a) => ({ action: a.action, title: a.title })),
        }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return [];
  });
  expect(shown).toHaveLength(1);
  expect(shown[0]).toMatchObject({ title: 'Timmerman Gert, Jan – ronde 1', tag: 'U14-r1-p3', data: { url: `${baseURL}/trn_u14?player=3` } });
  expect(shown[0]!.body).toMatch(/^Bord 1 met wit tegen Pincket, Michael\./);
  // Unfollow in one tap from the notification itself: its button opens the unfollow page.
  expect(shown[0]!.actions).toEqual([{ action: 'unfollow', title: 'Niet meer volgen' }]);

  // The service worker caches nothing: API answers always come from the server.
  const controlled = await page.evaluate(async () => ({ caches: await caches.keys() }));
  expect(controlled.caches).toEqual([]);

  // The notification's unfollow page stops it in one tap.
  await page.goto(message!.payload.unfollowUrl!);
  await expect(page.getByTestId('unfollow-page')).toContainText('Timmerman Gert, Jan (U14)');
  await page.screenshot({ path: `${SHOTS}/unfollow-390.png`, fullPage: true });
  await expectAccessible(page);
  await page.getByTestId('unfollow-confirm').click();
  await expect(page.getByTestId('unfollow-done')).toContainText('Je volgt Timmerman Gert, Jan niet meer');
  await page.goto('/trn_u14?player=3');
  await expect(page.getByTestId('follow-button')).toBeVisible();

  // Following again from the card, then stopping from the card.
  await page.getByTestId('follow-button').click();
  await expect(page.getByTestId('follow-state')).toContainText('Je volgt');
  await page.getByTestId('unfollow-button').click();
  await expect(page.getByTestId('follow-button')).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('bjk.follows'));
  expect(token).toBe('{}');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/card-follow-1280.png`, fullPage: true });
});

test('on an iPhone outside the home screen the button says so and offers e-mail, confirmed from the mail', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({
    baseURL,
    locale: 'en-GB',
    viewport: phone,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  try {
    await publish(page, 'U16', 'bycco_test_bjk_0_start.json');
    await page.goto('/trn_u16?player=2');
    await page.getByTestId('follow-button').click();
    await expect(page.getByTestId('follow-reason')).toContainText('add this site to the home screen');
    await page.screenshot({ path: `${SHOTS}/iphone-email-390.png`, fullPage: true });
    await expectAccessible(page);
    const address = `parent-${Date.now()}@e2e.test`;
    await page.getByTestId('follow-email').fill(address);
    await page.getByRole('button', { name: 'Follow by e-mail' }).click();
    await expect(page.getByTestId('follow-state')).toContainText('Confirm your address');

    const [mail] = await waitForMails(address, { subject: 'Following Peeren, Yen' });
    const token = /\/follow\/confirm#([^"<\s]+)/.exec(mail!.html ?? mail!.text ?? '')?.[1];
    expect(token).toBeTruthy();
    await page.goto(`/follow/confirm#${token}`);
    await page.screenshot({ path: `${SHOTS}/confirm-390.png`, fullPage: true });
    await page.getByTestId('confirm-follow').click();
    await expect(page.getByTestId('confirm-done')).toContainText('Confirmed: you follow Peeren, Yen (U16) by e-mail.');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/confirm-1280.png`, fullPage: true });
  } finally {
    await context.close();
  }
});

test('a family follows its child from the family page in one tap', async ({ page, context, baseURL }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(phone);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  // This run's own child: the file's player 4 carries its federation id (the e2e database is shared by every spec).
  const idbel = 700_000 + Math.floor(Math.random() * 90_000) * 10 + 4;
  const email = `volgen.${idbel}@example.test`;
  const withChild = (file: string) => {
    const data = JSON.parse(fixture(file).toString('utf8')) as { Swar: { Player: { Ni: number; NationalId: number; FideId: number }[] } };
    for (const player of data.Swar.Player) if (player.Ni === 4) Object.assign(player, { NationalId: idbel, FideId: 0 });
    return Buffer.from(JSON.stringify(data));
  };
  const token = await adminToken(page);
  const csv = `idbel;first_name;last_name;birth_year;gender;club_name;fide_federation;rating_national\n${idbel};Tijs;Volger${idbel};2013;M;KSK Test;BEL;1400`;
  await importMembersCsv(page.request, token, csv);
  const created = await page.request.post('/api/v1/registration/bjk', {
    data: {
      idbel,
      category: 'U14',
      email: '',
      mobile: '',
      parent: { fullName: `Parent Volger${idbel}`, email, mobile: '+32 470 12 34 56' },
      attendant: { fullName: '', email: '', mobile: '' },
      language: 'nl',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#6f8fb0' } })
    .jpeg()
    .toBuffer();
  expect(
    (await page.request.post(`/api/v1/registration/photo/${id}`, { multipart: { photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: photo } } })).status(),
  ).toBe(200);
  expect((await page.request.post(`/api/v1/registration/confirm/${id}`, { data: { consent: true } })).status()).toBe(200);
  await publish(page, 'U14', withChild('bycco_test_bjk_0_start.json'));
  const subscription = await handPushSubscription(page);

  // The parent signs in by the mailed link.
  await page.goto('/family');
  await page.locator('input[type="email"]').fill(email);
  await page.getByTestId('family-send-link').click();
  const [mail] = await waitForMails(email, { subject: 'Mijn gezin' });
  const link = /(\/family\/welcome#[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1];
  expect(link, mail!.text).toBeTruthy();
  await page.goto(link!);
  await page.getByTestId('family-sign-in').click();
  await expect(page).toHaveURL(/\/family$/);

  const card = page.getByTestId(/^family-child-/);
  await expect(card.getByTestId('family-results')).toBeVisible();
  const slot = card.locator('[data-slot="follow"]');
  await expect(slot.getByTestId('follow-button')).toHaveText('Volgen');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/family-follow-390.png`, fullPage: true });
  await slot.getByTestId('follow-button').click();
  await expect(slot.getByTestId('follow-state')).toContainText(`Je volgt Tijs Volger${idbel}`);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/family-following-390.png`, fullPage: true });

  // The round is paired: the child's pairing reaches this phone's push service, with the unfollow button's label.
  await publish(page, 'U14', withChild('bycco_test_bjk_1_paired.json'));
  let messages: Awaited<ReturnType<typeof pushMessages>> = [];
  await expect
    .poll(async () => (messages = await pushMessages(subscription.id)).length, { timeout: 30_000, message: 'the pairing reached the push service' })
    .toBe(1);
  expect(messages[0]!.payload).toMatchObject({ kind: 'pairing', lang: 'nl', url: '/trn_u14?player=4', unfollowLabel: 'Niet meer volgen' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/family-following-1280.png`, fullPage: true });
  // Stopping from the family page too.
  await slot.getByTestId('unfollow-button').click();
  await expect(slot.getByTestId('follow-button')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/family-follow-1280.png`, fullPage: true });
});
