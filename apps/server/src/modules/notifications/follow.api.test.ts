import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailWorker, type MailWorker } from '../mail/mail.worker.js';
import { startFollowWorker, type FollowWorker } from './follow.worker.js';
import { purgeFinishedFollowers } from './notifications.service.js';
import { followSubscriptions, pushOutbox } from './notifications.tables.js';
import { createAppEvents } from '../../platform/after-commit.js';
import { managerHeaders } from '../../../test/managers.js';
import { startPushService, type PushService } from '../../../test/push-service.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { createSecondInstance, createTestApp, type TestContext } from '../../../test/test-app.js';

/**
 * Following a player end to end on the server: the real app on its own database, a loopback push service over TLS
 * (a test certificate authority) that decrypts every message with the subscription's private key, and the SMTP sink.
 */

const swar = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../../../packages/domain/fixtures/swar', name));
const silent = { info() {}, warn() {}, error() {} };

let ctx: TestContext;
let push: PushService;
let smtp: SmtpSink;
let worker: FollowWorker;
let mailWorker: MailWorker;
let arbiter: { authorization: string };
const events = createAppEvents();

beforeAll(async () => {
  push = await startPushService();
  smtp = await startSmtpSink();
  ctx = await createTestApp({
    // The clock follows real time here: arbiters' results are stamped by the database's clock.
    now: new Date().toISOString(),
    env: {
      OUTBOUND_ALLOW: '127.0.0.1',
      PUBLIC_URL: 'https://bjk.example.org',
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '50',
      NOTIFY_RESULT_GRACE_SECONDS: '120',
      NOTIFY_MAIL_BATCH_SECONDS: '0',
      // The test runs each round itself; messages queued by a publish are sent at once (the bus wakes the sender).
      NOTIFY_SWEEP_MS: '600000',
    },
    deps: { events },
  });
  arbiter = await managerHeaders(ctx, ['arbiter']);
  worker = startFollowWorker({ db: ctx.db, clock: ctx.clock, config: ctx.config, bus: ctx.bus, log: silent, ca: push.ca });
  mailWorker = startMailWorker({ db: ctx.db, mail: ctx.config.mail, clock: ctx.clock, log: silent })!;
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await mailWorker?.stop();
  await ctx?.close();
  await push?.close();
  await smtp?.close();
});

async function publish(category: string, file: Buffer) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tournament/json',
    headers: arbiter,
    payload: { name: `trn_${category.toLowerCase()}`, jsoncontent: `data:application/json;base64,${file.toString('base64')}` },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  // The after-commit hook plans in the background: wait for it, then for the sender it woke.
  await settle();
}

/** Waits for what the last write set going: the after-commit listeners, then the sender they woke. */
async function settle() {
  await events.settled();
  await worker.drained();
}

function followPush(category: string, pairingNumber: number, language: string, subscription: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/follow/push', payload: { category, pairingNumber, language, subscription } });
}

const forSubscription = (id: string) => push.received.filter((m) => m.subscriptionId === id);
const advance = (ms: number) => ctx.clock.set(new Date(ctx.clock.now().getTime() + ms));

/** A Swar file with every result of round `round` taken back (the round is paired, its games not played). */
function withRoundPending(file: Buffer, round: number): Buffer {
  const data = JSON.parse(file.toString('utf8')) as { Swar: { Player: { RoundArray?: { RoundNr: number; Result: string }[] }[] } };
  for (const player of data.Swar.Player) for (const r of player.RoundArray ?? []) if (r.RoundNr === round) r.Result = '-';
  return Buffer.from(JSON.stringify(data));
}

describe('following a player by Web Push', () => {
  it('tells the next pairing in the follower’s language, encrypted for the browser, with the game as Topic', async () => {
    // The arbiter's results below are stamped by the database's clock and wait their grace period on the test's:
    // the two start together here, whatever other tests did to the test's clock.
    ctx.clock.set(new Date());
    await publish('U12', swar('bycco_test_bjk_0_start.json'));
    const french = push.subscribe();
    const german = push.subscribe();
    const first = await followPush('U12', 3, 'fr', french);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ channel: 'push', status: 'active', category: 'U12', pairingNumber: 3, name: 'Timmerman Gert, Jan' });
    // A double tap keeps one follow and answers the same unfollow token.
    const again = await followPush('U12', 3, 'fr', french);
    expect(again.json().token).toBe(first.json().token);
    expect((await followPush('U12', 2, 'de', german)).statusCode).toBe(200);

    await publish('U12', swar('bycco_test_bjk_1_paired.json'));
    await push.waitFor(2);
    const [fr] = forSubscription(french.id);
    expect(fr!.payload).toMatchObject({
      kind: 'pairing',
      lang: 'fr',
      title: 'Timmerman Gert, Jan – ronde 1',
      url: '/trn_u12?player=3',
      tag: 'U12-r1-p3',
    });
    expect(fr!.payload.body).toMatch(/^Échiquier 1 avec les blancs contre Pincket, Michael\. Début .*09:30\.$/);
    expect(fr!.payload.unfollowUrl).toMatch(/^\/follow\/unfollow#/);
    expect(fr!.topic).toBe('U12-r1-p3');
    expect(fr!.urgency).toBe('high');
    expect(fr!.vapid.audience).toBe(push.origin);
    const [de] = forSubscription(german.id);
    expect(de!.payload).toMatchObject({ kind: 'pairing', lang: 'de', title: 'Peeren, Yen – Runde 1' });
    expect(de!.payload.body).toMatch(/^Brett 2 mit Schwarz gegen /);
    // The same publish again (a retry) tells nobody twice.
    await publish('U12', withRoundPending(swar('bycco_test_bjk_2_played.json'), 1));
    await worker.runOnce();
    expect(forSubscription(french.id)).toHaveLength(1);

    // An arbiter's result waits its grace period; a typo corrected within it is never sent.
    const enter = (result: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tournament/unofficial_result',
        headers: arbiter,
        payload: { name: 'trn_u12', round: 1, boardnr: 1, unofficial_result: result },
      });
    expect((await enter('0-1')).statusCode).toBe(200);
    await settle();
    advance(60_000);
    await worker.runOnce();
    expect(forSubscription(french.id)).toHaveLength(1);
    expect((await enter('1-0')).statusCode).toBe(200);
    await settle();
    advance(121_000);
    await worker.runOnce();
    await push.waitFor(3);
    const results = forSubscription(french.id).slice(1);
    expect(results.map((m) => m.payload.body)).toEqual(['Timmerman Gert, Jan – Pincket, Michael : 1-0 (résultat officieux)']);
    expect(results[0]!.topic).toBe('U12-r1-p3');

    // The official file: the same result is not told again; a result nobody had entered is (in German).
    await publish('U12', swar('bycco_test_bjk_2_played.json'));
    await worker.runOnce();
    expect(forSubscription(french.id)).toHaveLength(2);
    const official = forSubscription(german.id).at(-1)!;
    expect(official.payload).toMatchObject({ kind: 'result', lang: 'de' });
    expect(official.payload.body).toMatch(/ – Peeren, Yen: 0-1 \(offizielles Ergebnis\)$/);
  });

  it('removes a browser the push service says is gone (410) and retries a 429 after its Retry-After', async () => {
    await publish('U14', swar('bycco_test_bjk_0_start.json'));
    const gone = push.subscribe();
    const busy = push.subscribe();
    expect((await followPush('U14', 1, 'nl', gone)).statusCode).toBe(200);
    expect((await followPush('U14', 4, 'nl', gone)).statusCode).toBe(200);
    expect((await followPush('U14', 1, 'en', busy)).statusCode).toBe(200);
    push.script(gone.id, [{ status: 410 }, { status: 410 }]);
    push.script(busy.id, [{ status: 429, headers: { 'retry-after': '30' } }]);

    await publish('U14', swar('bycco_test_bjk_1_paired.json'));
    expect(push.refused.filter((r) => r.subscriptionId === gone.id).map((r) => r.status)).toContain(410);
    // Every follow of that browser went, with its queued messages.
    expect(await ctx.db.select().from(followSubscriptions).where(eq(followSubscriptions.target, gone.endpoint))).toEqual([]);
    expect(push.refused.filter((r) => r.subscriptionId === busy.id).map((r) => r.status)).toEqual([429]);
    const [waiting] = await ctx.db
      .select({ status: pushOutbox.status, nextAttemptAt: pushOutbox.nextAttemptAt, lastError: pushOutbox.lastError })
      .from(pushOutbox)
      .innerJoin(followSubscriptions, eq(followSubscriptions.id, pushOutbox.subscriptionId))
      .where(eq(followSubscriptions.target, busy.endpoint));
    expect(waiting).toMatchObject({ status: 'queued', lastError: 'HTTP 429' });
    expect(waiting!.nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBeGreaterThanOrEqual(29_000);

    await worker.runOnce();
    expect(forSubscription(busy.id)).toHaveLength(0);
    advance(31_000);
    await worker.runOnce();
    expect(forSubscription(busy.id).map((m) => m.payload.kind)).toEqual(['pairing']);
    expect(forSubscription(gone.id)).toHaveLength(0);
  });

  it('refuses a push endpoint the server may not post to, and an unknown player', async () => {
    const sub = push.subscribe();
    const privateAddress = await followPush('U12', 3, 'nl', { ...sub, endpoint: 'https://10.1.2.3/push/x' });
    expect(privateAddress.statusCode).toBe(400);
    expect(privateAddress.json()).toMatchObject({ code: 'notifications.endpoint_refused' });
    const plainHttp = await followPush('U12', 3, 'nl', { ...sub, endpoint: 'http://push.example.org/x' });
    expect(plainHttp.statusCode).toBe(400);
    const unknown = await followPush('U12', 999, 'nl', sub);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'notifications.player_unknown' });
  });

  it('tells the final place when the last round is official, once', async () => {
    const u8 = swar('bycco_bjk2026_u08.json');
    await publish('U8', withRoundPending(u8, 9));
    const sub = push.subscribe();
    expect((await followPush('U8', 1, 'en', sub)).statusCode).toBe(200);
    await publish('U8', u8);
    await worker.runOnce();
    const kinds = forSubscription(sub.id).map((m) => m.payload.kind);
    expect(kinds.sort()).toEqual(['final', 'result']);
    const final = forSubscription(sub.id).find((m) => m.payload.kind === 'final')!;
    expect(final.payload.title).toMatch(/ – final standings U8$/);
    expect(final.payload.body).toMatch(/ finishes in place \d+ with [\d½]+ points\.$/);
    await publish('U8', u8);
    await worker.runOnce();
    expect(forSubscription(sub.id)).toHaveLength(2);
  });

  it('tells “the game is live” once the broadcast delay is over, with a link to the board, once', async () => {
    // U8 shares its file with the final-place test: other players, other rounds, so either may run first.
    await publish('U8', swar('bycco_test_bjk_0_start.json'));
    const sub = push.subscribe();
    expect((await followPush('U8', 3, 'en', sub)).statusCode).toBe(200);
    const paired = push.received.length;
    await publish('U8', swar('bycco_test_bjk_1_paired.json'));
    await push.waitFor(paired + 1);
    expect(forSubscription(sub.id).map((m) => m.payload.kind)).toEqual(['pairing']);

    // The venue's relay pushes the board with a 10-minute broadcast delay.
    const source = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/games/sources/U8',
      headers: arbiter,
      payload: { delaySeconds: 600, pollUrl: null, pollSeconds: 30, pollRound: null },
    });
    expect(source.statusCode, source.body).toBe(200);
    const token = (await ctx.app.inject({ method: 'POST', url: '/api/v1/games/sources/U8/token', headers: arbiter })).json().token as string;
    const pairings = (await ctx.app.inject({ method: 'GET', url: '/api/v1/results/anon/U8/pairings/1' })).json().pairings as {
      board: number;
      white: { pairingNumber: number; name: string };
      black: { pairingNumber: number; name: string } | null;
    }[];
    const board = pairings.find((p) => p.white.pairingNumber === 3 || p.black?.pairingNumber === 3)!;
    const pushGame = async (moves: string) => {
      const pgn = `[Round "1.${board.board}"]\n[White "${board.white.name}"]\n[Black "${board.black!.name}"]\n\n${moves} *\n`;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/games/push/U8',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        payload: pgn,
      });
      expect(response.statusCode, response.body).toBe(200);
      await settle();
    };
    await pushGame('1. e4');
    // Within the delay nobody may learn that the game started, the followers neither.
    advance(599_000);
    await worker.runOnce();
    expect(forSubscription(sub.id)).toHaveLength(1);

    advance(2_000);
    const before = push.received.length;
    await worker.runOnce();
    await push.waitFor(before + 1);
    const live = forSubscription(sub.id).at(-1)!;
    const games = (await ctx.app.inject({ method: 'GET', url: '/api/v1/games/public/U8/1' })).json().games as { id: number; pairingBoard: number | null }[];
    const game = games.find((g) => g.pairingBoard === board.board)!;
    expect(live.payload).toMatchObject({
      kind: 'live',
      lang: 'en',
      title: 'Timmerman Gert, Jan – round 1 live',
      body: `The game on board ${board.board} is live.`,
      url: `/games/game/${game.id}`,
    });
    // The same game as the pairing: the push service keeps only the newest notice of it.
    expect(live.topic).toBe(forSubscription(sub.id)[0]!.topic);

    // The game grows: nobody is told again.
    await pushGame('1. e4 e5 2. Nf3');
    advance(601_000);
    await worker.runOnce();
    expect(forSubscription(sub.id).map((m) => m.payload.kind)).toEqual(['pairing', 'live']);
  });

  it('notifies each browser once when two instances plan and send at the same time', async () => {
    await publish('U18', swar('bycco_test_bjk_0_start.json'));
    const subs = Array.from({ length: 20 }, () => push.subscribe());
    for (const [i, sub] of subs.entries()) expect((await followPush('U18', (i % 12) + 1, 'nl', sub)).statusCode).toBe(200);
    const second = await createSecondInstance(ctx);
    const secondWorker = startFollowWorker({ db: second.db, clock: ctx.clock, config: ctx.config, bus: second.bus, log: silent, ca: push.ca });
    try {
      const before = push.received.length;
      await publish('U18', swar('bycco_test_bjk_1_paired.json'));
      await Promise.all([worker.runOnce(), secondWorker.runOnce(), worker.runOnce(), secondWorker.runOnce()]);
      await push.waitFor(before + 20);
      await Promise.all([worker.drained(), secondWorker.drained()]);
      const ids = subs.map((s) => forSubscription(s.id).length);
      expect(ids).toEqual(subs.map(() => 1));
    } finally {
      await secondWorker.stop();
      await second.close();
    }
  });
});

describe('following by e-mail', () => {
  const linkOf = (html: string, page: string) => new RegExp(`https://bjk\\.example\\.org/follow/${page}#([^"<\\s]+)`).exec(html)?.[1];

  it('asks for a confirmation first, then sends one mail per family and round with every child, each with an unfollow link', async () => {
    // The mail outbox stamps mails with the database's clock: the test's clock must not lag behind it.
    ctx.clock.set(new Date(Math.max(Date.now() + 10 * 60_000, ctx.clock.now().getTime())));
    await publish('U16', swar('bycco_test_bjk_0_start.json'));
    await publish('U20', swar('bycco_test_bjk_0_start.json'));
    const follow = (category: string, pairingNumber: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/follow/email', payload: { category, pairingNumber, language: 'en', email: 'Parent@Example.org' } });
    const a = await follow('U16', 3);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ channel: 'email', status: 'pending_confirmation' });
    // A double click sends no second confirmation.
    expect((await follow('U16', 3)).json().token).toBe(a.json().token);
    expect((await follow('U20', 2)).statusCode).toBe(200);
    await smtp.waitFor(2);
    const confirmations = smtp.received.filter((m) => m.subject?.startsWith('Following '));
    expect(confirmations.map((m) => m.subject).sort()).toEqual([
      'Following Peeren, Yen: confirm your e-mail address',
      'Following Timmerman Gert, Jan: confirm your e-mail address',
    ]);
    // The follow answer's token is not the confirmation's: the page cannot confirm an address it does not own.
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/v1/follow/confirm', payload: { token: a.json().token } });
    expect(refused.statusCode).toBe(404);
    for (const mail of confirmations) {
      const token = linkOf(String(mail.html), 'confirm');
      const confirmed = await ctx.app.inject({ method: 'POST', url: '/api/v1/follow/confirm', payload: { token } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ status: 'active' });
    }

    const mailsBefore = smtp.received.length;
    await publish('U16', swar('bycco_test_bjk_1_paired.json'));
    await publish('U20', swar('bycco_test_bjk_1_paired.json'));
    await worker.runOnce();
    await smtp.waitFor(mailsBefore + 1);
    await worker.runOnce();
    const digests = smtp.received.slice(mailsBefore);
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest!.subject).toBe('Round 1: pairings');
    expect(digest!.envelopeTo).toEqual(['parent@example.org']);
    expect(digest!.text).toContain('Timmerman Gert, Jan (U16)');
    expect(digest!.text).toContain('Board 1 with white against Pincket, Michael.');
    expect(digest!.text).toContain('Peeren, Yen (U20)');
    const unfollowTokens = [...new Set([...String(digest!.html).matchAll(/https:\/\/bjk\.example\.org\/follow\/unfollow#([^"<\s]+)/g)].map((m) => m[1]))];
    expect(unfollowTokens).toHaveLength(2);

    // One tap stops a follow; a second tap answers the same; the link then opens nothing.
    const status = await ctx.app.inject({ method: 'POST', url: '/api/v1/follow/status', payload: { token: unfollowTokens[0] } });
    expect(status.json()).toMatchObject({ channel: 'email', status: 'active' });
    for (let i = 0; i < 2; i++) {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/follow/unfollow', payload: { token: unfollowTokens[0] } })).statusCode).toBe(204);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/follow/status', payload: { token: unfollowTokens[0] } })).statusCode).toBe(404);
    const forged = `${unfollowTokens[1]!.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/follow/unfollow', payload: { token: forged } })).statusCode).toBe(404);
  });
});

describe('after the edition', () => {
  it('deletes every follower (push endpoints and e-mail addresses) a day after the last day', async () => {
    await publish('U10', swar('bycco_test_bjk_0_start.json'));
    expect((await followPush('U10', 5, 'nl', push.subscribe())).statusCode).toBe(200);
    const before = await ctx.db.select({ id: followSubscriptions.id }).from(followSubscriptions);
    const edition = await ctx.db.query.editions.findFirst();
    const end = edition!.settings.endDate;
    expect(await purgeFinishedFollowers(ctx.db, new Date(`${end}T20:00:00Z`), 1)).toBe(0);
    expect(await purgeFinishedFollowers(ctx.db, new Date(Date.parse(`${end}T00:00:00Z`) + 3 * 86_400_000), 1)).toBe(before.length);
    expect(await ctx.db.select().from(followSubscriptions)).toEqual([]);
    expect(await ctx.db.select().from(pushOutbox)).toEqual([]);
  });
});
