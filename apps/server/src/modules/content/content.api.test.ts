import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { Role } from '@bjk/domain';
import { createAccount } from '../accounts/accounts.service.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { seedFilesIfEmpty } from '../files/files.seed.js';
import { systemContext } from '../../platform/service-context.js';
import { loginHeaders, TEST_PASSWORD } from '../../../test/managers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let anna: { authorization: string };
let bert: { authorization: string };
let admin: { authorization: string };
let treasurer: { authorization: string };

async function manager(name: string, roles: Role[]) {
  const email = `${name.toLowerCase()}@content.test`;
  await createAccount(systemContext(ctx), { email, displayName: name, password: TEST_PASSWORD, roles });
  return loginHeaders(ctx, email);
}

beforeAll(async () => {
  ctx = await createTestApp();
  anna = await manager('Anna', ['editor']);
  bert = await manager('Bert', ['editor']);
  admin = await manager('Ada', ['admin']);
  treasurer = await manager('Tom', ['treasurer']);
  // Images and documents to choose hero images from.
  await seedFilesIfEmpty(systemContext(ctx), (await getCurrentEdition(ctx.db)).settings);
}, 60_000);
afterAll(async () => ctx?.close());

const page = (slug: string, lang: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/page/anon/page/${slug}?lang=${lang}` });
const post = (url: string, headers: Record<string, string>, payload?: object) =>
  payload === undefined ? ctx.app.inject({ method: 'POST', url, headers }) : ctx.app.inject({ method: 'POST', url, headers, payload });

describe('reading pages', () => {
  it('serves every seeded information page in all four languages', async () => {
    const slugs = [
      'home',
      'stay',
      'catering',
      'reservation',
      'schedule',
      'rules',
      'internal-regulations',
      'privacy',
      'covid',
      'mission',
      'team',
      'arbiters',
      'organisers',
      'subscriptions',
      'contact',
    ];
    for (const slug of slugs) {
      for (const lang of ['nl', 'fr', 'de', 'en']) {
        const response = await page(slug, lang);
        expect(response.statusCode, `${slug} ${lang}`).toBe(200);
        expect(response.json()).toMatchObject({ slug, language: lang, fallback: false });
      }
    }
  });

  it('writes the edition facts into the seeded pages', async () => {
    const body = (await page('subscriptions', 'en')).json().body as string;
    expect(body).toContain('€35.00');
    expect((await page('stay', 'nl')).json().body).toContain('Duinenhof vakantiepark');
  });

  it('answers 404 with a code for an unknown page', async () => {
    const response = await page('no-such-page', 'nl');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('content.page_not_found');
  });
});

describe('the public menu', () => {
  type Entry = { slug: string; path: string; group: string; order: number; title: string };
  const menu = (lang: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: `/api/v1/page/anon/menu?lang=${lang}`, headers });
  const slugsOf = (entries: Entry[]) => entries.map((e) => `${e.group}/${e.slug}`);
  const settings = (slug: string, payload: object) => ctx.app.inject({ method: 'PUT', url: `/api/v1/page/settings/${slug}`, headers: anna, payload });

  it('lists the seeded pages in today’s groups and order, with their addresses; home and schedule are fixed entries', async () => {
    const response = await menu('nl');
    expect(response.statusCode).toBe(200);
    const entries = response.json<Entry[]>();
    expect(slugsOf(entries)).toEqual([
      'championship/subscriptions',
      'practical/stay',
      'practical/reservation',
      'practical/catering',
      'tournament/rules',
      'tournament/internal-regulations',
      'tournament/covid',
      'about/mission',
      'about/team',
      'about/arbiters',
      'about/organisers',
      'about/privacy',
      'about/contact',
    ]);
    expect(entries.find((e) => e.slug === 'stay')).toEqual({ slug: 'stay', path: '/stay', group: 'practical', order: 10, title: 'Verblijf' });
    expect(entries.find((e) => e.slug === 'covid')?.path).toBe('/page/covid');
    expect(entries.find((e) => e.slug === 'subscriptions')?.order).toBe(50);
  });

  it('titles the entries in the visitor’s language', async () => {
    const entries = (await menu('fr')).json<Entry[]>();
    expect(entries.find((e) => e.slug === 'stay')?.title).toBe('Séjour');
    expect(entries.find((e) => e.slug === 'rules')?.title).not.toBe((await page('rules', 'nl')).json().title);
  });

  it('answers an ETag and 304 while the menu is unchanged, revalidated on every view', async () => {
    const first = await menu('nl');
    const etag = first.headers.etag as string;
    // Weak: the same menu travels in several encodings.
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await menu('nl', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await menu('fr')).headers.etag).not.toBe(etag);
  });

  it('follows a page’s publication, group and order: drafts and hidden pages never appear, a missing language falls back to Dutch', async () => {
    const slug = 'volunteers';
    const before = (await menu('de')).headers.etag;
    const created = await post('/api/v1/page', anna, {
      slug,
      published: false,
      menuGroup: 'about',
      menuOrder: 15,
      translations: { nl: { title: 'Vrijwilligers', body: 'Help mee.' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const find = async (lang: string) => (await menu(lang)).json<Entry[]>().find((e) => e.slug === slug);
    // A draft: not in the menu.
    expect(await find('nl')).toBeUndefined();

    expect((await settings(slug, { published: true, menuGroup: 'about', menuOrder: 15 })).statusCode).toBe(200);
    const german = (await menu('de')).json<Entry[]>();
    expect(german.find((e) => e.slug === slug)).toEqual({ slug, path: `/page/${slug}`, group: 'about', order: 15, title: 'Vrijwilligers' });
    expect(
      slugsOf(german)
        .filter((s) => s.startsWith('about/'))
        .slice(0, 3),
    ).toEqual(['about/mission', `about/${slug}`, 'about/team']);
    expect((await menu('de')).headers.etag).not.toBe(before);

    // Moved to another group, between the stay and the reservation pages.
    expect((await settings(slug, { published: true, menuGroup: 'practical', menuOrder: 15 })).statusCode).toBe(200);
    expect(slugsOf((await menu('nl')).json()).filter((s) => s.startsWith('practical/'))).toEqual([
      'practical/stay',
      `practical/${slug}`,
      'practical/reservation',
      'practical/catering',
    ]);

    // Hidden from the menu, yet still readable at its address.
    expect((await settings(slug, { published: true, menuGroup: 'none', menuOrder: 15 })).statusCode).toBe(200);
    expect(await find('nl')).toBeUndefined();
    expect((await page(slug, 'nl')).statusCode).toBe(200);

    // Unpublished: gone although it has a group.
    expect((await settings(slug, { published: false, menuGroup: 'practical', menuOrder: 15 })).statusCode).toBe(200);
    expect(await find('nl')).toBeUndefined();
    expect((await menu('de')).headers.etag).toBe(before);
  });
});

describe('check-out and check-in', () => {
  /** The seeded stay page's titles in four languages. */
  const STAY = {
    nl: { title: 'Verblijf', body: 'Het verblijf.' },
    fr: { title: 'Séjour', body: 'Le séjour.' },
    de: { title: 'Aufenthalt', body: 'Der Aufenthalt.' },
    en: { title: 'Stay', body: 'The stay.' },
  };
  /** A published page of the test's own (the seeded pages stay as the reading tests expect them), out of the menu: its version 1. */
  async function ownPage(slug: string, change: { published?: boolean; translations?: object } = {}) {
    const created = await post('/api/v1/page', anna, { slug, published: true, menuGroup: 'none', menuOrder: 0, translations: STAY, ...change });
    expect(created.statusCode, created.body).toBe(201);
    return slug;
  }
  const checkout = (slug: string, headers: Record<string, string>) => post(`/api/v1/page/checkout/${slug}`, headers);
  const saveDraft = (slug: string, payload: object, headers = anna) => ctx.app.inject({ method: 'PUT', url: `/api/v1/page/draft/${slug}`, headers, payload });
  const NEW_TEXT = {
    translations: {
      nl: { title: 'Verblijf aan zee', body: 'Nieuwe tekst.' },
      en: { title: 'Stay by the sea', body: 'New text.' },
    },
    heroImage: null,
  };
  /** Anna checks the page out, saves the new text and checks it in: version 2. */
  async function publishNewText(slug: string) {
    expect((await checkout(slug, anna)).statusCode).toBe(200);
    expect((await saveDraft(slug, NEW_TEXT)).statusCode).toBe(200);
    expect((await post(`/api/v1/page/checkin/${slug}`, anna, {})).statusCode).toBe(200);
  }

  it('keeps page management closed to visitors and to managers without content rights', async () => {
    expect((await post('/api/v1/page/checkout/stay', {})).statusCode).toBe(401);
    expect((await post('/api/v1/page/checkout/stay', treasurer)).statusCode).toBe(403);
  });

  it('gives one manager the lock and a working copy, and refuses the other with who holds it and since when', async () => {
    const slug = await ownPage('locked');
    const first = await checkout(slug, anna);
    expect(first.statusCode).toBe(200);
    expect(first.json().lock).toMatchObject({ displayName: 'Anna', since: '2026-11-21T09:00:00.000Z' });
    expect(first.json().workingCopy.translations.nl.title).toBe('Verblijf');

    const second = await checkout(slug, bert);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'content.page_locked', details: { lock: { displayName: 'Anna' } } });

    const overwrite = await saveDraft(slug, { translations: { nl: { title: 'Overschreven', body: '' } }, heroImage: null }, bert);
    expect(overwrite.statusCode).toBe(409);
    expect(overwrite.json().code).toBe('content.page_locked');
    const refused = await post(`/api/v1/page/checkin/${slug}`, bert);
    expect(refused.statusCode, refused.body).toBe(409);
  });

  it('lets exactly one of two managers win a simultaneous check-out', async () => {
    const slug = await ownPage('raced');
    const answers = await Promise.all([checkout(slug, anna), checkout(slug, bert)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)?.json().lock.displayName;
    await post(`/api/v1/page/unlock/${slug}`, winner === 'Anna' ? anna : bert);
  });

  it('publishes the working copy as a new version at check-in and releases the lock', async () => {
    const slug = await ownPage('checked-in');
    expect((await checkout(slug, anna)).statusCode).toBe(200);
    expect((await saveDraft(slug, NEW_TEXT)).statusCode).toBe(200);
    // Saving does not publish: visitors still read the old text.
    expect((await page(slug, 'nl')).json().title).toBe('Verblijf');

    const checkin = await post(`/api/v1/page/checkin/${slug}`, anna, {});
    expect(checkin.statusCode).toBe(200);
    expect(checkin.json()).toMatchObject({ version: 2, lock: null, workingCopy: null });
    expect(checkin.json().versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    expect((await page(slug, 'nl')).json()).toMatchObject({ title: 'Verblijf aan zee', fallback: false });
    expect((await page(slug, 'en')).json()).toMatchObject({ title: 'Stay by the sea', fallback: false });
    expect((await page(slug, 'de')).json()).toMatchObject({ title: 'Verblijf aan zee', language: 'nl', requestedLanguage: 'de', fallback: true });
    expect((await checkout(slug, bert)).statusCode).toBe(200);
  });

  it('lets only an admin break another manager’s lock', async () => {
    const slug = await ownPage('broken-lock');
    expect((await checkout(slug, bert)).statusCode).toBe(200);
    expect((await post(`/api/v1/page/unlock/${slug}`, anna)).statusCode).toBe(403);
    const broken = await post(`/api/v1/page/unlock/${slug}`, admin);
    expect(broken.statusCode).toBe(200);
    expect(broken.json().lock).toBeNull();
  });

  it('restores an earlier version as the newest, keeping the history', async () => {
    const slug = await ownPage('restored');
    await publishNewText(slug);
    const old = await ctx.app.inject({ method: 'GET', url: `/api/v1/page/version/${slug}/1`, headers: anna });
    expect(old.json().translations.de.title).toBe('Aufenthalt');
    const restored = await post(`/api/v1/page/restore/${slug}/1`, anna);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().version).toBe(3);
    expect((await page(slug, 'de')).json()).toMatchObject({ title: 'Aufenthalt', fallback: false });
  });

  it('refuses a restore while another manager holds the lock', async () => {
    const slug = await ownPage('held');
    await checkout(slug, bert);
    const response = await post(`/api/v1/page/restore/${slug}/1`, anna);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('content.page_locked');
  });

  it('records every check-out, check-in and broken lock in the audit trail', async () => {
    const slug = await ownPage('audited');
    await publishNewText(slug);
    await checkout(slug, bert);
    expect((await post(`/api/v1/page/unlock/${slug}`, admin)).statusCode).toBe(200);
    expect((await post(`/api/v1/page/restore/${slug}/1`, anna)).statusCode).toBe(200);
    const result = await ctx.db.execute(sql`select action, actor_email from audit_entries where subject_type = 'page' and subject_id = ${slug} order by id`);
    const actions = (result as { rows: { action: string }[] }).rows.map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['content.page_checkout', 'content.page_draft', 'content.page_checkin', 'content.page_lock_break', 'content.page_restore']),
    );
  });

  it('lists pages with their lock and publication state', async () => {
    const slug = await ownPage('listed');
    await checkout(slug, bert);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/page', headers: anna });
    const listed = response.json().find((p: { slug: string }) => p.slug === slug);
    expect(listed).toMatchObject({ published: true, lock: { displayName: 'Bert' }, languages: ['nl', 'fr', 'de', 'en'] });
  });

  it('hides an unpublished page from visitors', async () => {
    const slug = await ownPage('hidden');
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/page/settings/${slug}`,
      headers: anna,
      payload: { published: false, menuGroup: 'about', menuOrder: 20 },
    });
    expect(settings.statusCode).toBe(200);
    expect((await page(slug, 'nl')).statusCode).toBe(404);
  });

  it('lets managers preview a draft page as visitors would read it, and nobody else', async () => {
    const slug = await ownPage('previewed', {
      published: false,
      translations: { nl: { title: 'Het team', body: 'Wie wij zijn.' }, fr: { title: "L'équipe", body: 'Qui nous sommes.' } },
    });
    const preview = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/api/v1/page/preview/${slug}?lang=fr`, headers });
    const answer = await preview(anna);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ slug, language: 'fr', title: "L'équipe" });
    expect(answer.json().bodyHtml).toContain('<p>');
    expect((await preview({})).statusCode).toBe(401);
    expect((await preview(treasurer)).statusCode).toBe(403);
  });

  it('publishes a hero image chosen from the public images and refuses any other file', async () => {
    const slug = await ownPage('with-hero');
    const hero = { group: 'sponsors', name: 'kustdrukkerij.png' };
    expect((await checkout(slug, anna)).statusCode).toBe(200);
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/v1/page/${slug}`, headers: anna })).json();
    for (const wrong of [
      { group: 'docs', name: 'reglement-2027.pdf' },
      { group: 'sponsors', name: 'no-such-logo.png' },
    ]) {
      const refused = await saveDraft(slug, { translations: detail.translations, heroImage: wrong });
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(refused.json().code).toBe('content.hero_not_image');
    }
    const checkin = await post(`/api/v1/page/checkin/${slug}`, anna, { workingCopy: { translations: detail.translations, heroImage: hero } });
    expect(checkin.statusCode, checkin.body).toBe(200);
    expect(checkin.json().heroImage).toEqual(hero);
    expect((await page(slug, 'nl')).json().heroImage).toEqual(hero);
  });
});

describe('news', () => {
  it('lists published news newest first and links each entry to its previous and next', async () => {
    const created = await post('/api/v1/news', anna, {
      date: '2026-11-20',
      published: true,
      translations: { nl: { title: 'Loting online', body: 'De **loting** staat online.' }, fr: { title: 'Tirage en ligne', body: 'Le tirage est en ligne.' } },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    await post('/api/v1/news', anna, { date: '2026-11-21', published: false, translations: { nl: { title: 'Klad', body: '' } } });

    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/news/anon?lang=de' })).json();
    expect(list[0]).toMatchObject({ id, title: 'Loting online', summary: 'De loting staat online.', fallback: true });
    expect(list.map((n: { title: string }) => n.title)).not.toContain('Klad');

    const newest = (await ctx.app.inject({ method: 'GET', url: `/api/v1/news/anon/${id}?lang=fr` })).json();
    expect(newest).toMatchObject({ title: 'Tirage en ligne', next: null, previous: { id: list[1].id } });
    const older = (await ctx.app.inject({ method: 'GET', url: `/api/v1/news/anon/${list[1].id}?lang=fr` })).json();
    expect(older.next).toMatchObject({ id, title: 'Tirage en ligne' });
  });

  it('edits an entry in two languages, unpublishes and publishes it again, each change in the audit trail', async () => {
    const created = await post('/api/v1/news', anna, {
      date: '2026-11-19',
      published: true,
      translations: { nl: { title: 'Zaal open', body: 'De zaal is open.' } },
    });
    const id = created.json().id as number;
    const edited = {
      date: '2026-11-19',
      published: true,
      translations: { nl: { title: 'Zaal open om 9 uur', body: 'De zaal opent om **9 uur**.' }, en: { title: 'Hall open at 9', body: 'The hall opens at 9.' } },
    };
    const put = (payload: object, headers = anna) => ctx.app.inject({ method: 'PUT', url: `/api/v1/news/${id}`, headers, payload });
    const answer = await put(edited);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ id, translations: { en: { title: 'Hall open at 9' } } });
    const anon = (lang: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/news/anon/${id}?lang=${lang}` });
    expect((await anon('en')).json()).toMatchObject({ title: 'Hall open at 9', fallback: false });
    expect((await anon('nl')).json().bodyHtml).toContain('<strong>9 uur</strong>');

    expect((await put({ ...edited, published: false })).json().published).toBe(false);
    expect((await anon('nl')).statusCode).toBe(404);
    expect((await put({ ...edited, published: true })).statusCode).toBe(200);
    expect((await anon('nl')).statusCode).toBe(200);

    const result = await ctx.db.execute(sql`select action from audit_entries where subject_type = 'news' and subject_id = ${String(id)} order by id`);
    expect((result as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      'content.news_create',
      'content.news_update',
      'content.news_update',
      'content.news_update',
    ]);
  });

  it('deletes an entry for good, audited, and answers 404 for an unknown entry', async () => {
    const id = (await post('/api/v1/news', anna, { date: '2026-11-18', published: true, translations: { nl: { title: 'Weg ermee', body: '' } } })).json()
      .id as number;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/news/${id}`, headers: treasurer })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/news/${id}`, headers: anna })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/news/anon/${id}` })).statusCode).toBe(404);
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/news/${id}`, headers: anna });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('content.news_not_found');
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/news/999999',
      headers: anna,
      payload: { date: '2026-11-18', published: true, translations: { nl: { title: 'x', body: '' } } },
    });
    expect(missing.statusCode).toBe(404);
    const result = await ctx.db.execute(sql`select action from audit_entries where subject_type = 'news' and subject_id = ${String(id)} order by id`);
    expect((result as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual(['content.news_create', 'content.news_delete']);
  });

  it('does not show a draft entry to visitors', async () => {
    await post('/api/v1/news', anna, { date: '2026-11-17', published: false, translations: { nl: { title: 'Nog niet af', body: '' } } });
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/v1/news', headers: anna })).json().items;
    const draft = all.find((n: { published: boolean; translations: { nl: { title: string } } }) => !n.published && n.translations.nl.title === 'Nog niet af');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/news/anon/${draft.id}` })).statusCode).toBe(404);
  });
});

describe('the programme', () => {
  it('lists the rounds of a category with the events for everyone, in the edition time zone', async () => {
    const programme = (await ctx.app.inject({ method: 'GET', url: '/api/v1/calendar/anon/events?category=U10' })).json();
    expect(programme.timeZone).toBe('Europe/Brussels');
    const ids = programme.events.map((e: { id: string }) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['arrival', 'opening', 'round-1-u8-u10', 'closing']));
    expect(ids).not.toContain('round-1-u12-u20');
  });

  it('serves an iCalendar feed phones can subscribe to, whole and per category', async () => {
    const whole = await ctx.app.inject({ method: 'GET', url: '/api/v1/calendar/anon/ics?lang=en' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = new ICAL.Component(ICAL.parse(whole.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual(expect.arrayContaining(['Opening ceremony', 'Round 9 (U12–U20)', 'Round 7 (U8–U10)', 'Dinner']));
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);

    const u8 = await ctx.app.inject({ method: 'GET', url: '/api/v1/calendar/anon/ics?category=U8&lang=nl' });
    const summaries = new ICAL.Component(ICAL.parse(u8.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary);
    expect(summaries).toContain('Ronde 1 (U8–U10)');
    expect(summaries).not.toContain('Ronde 1 (U12–U20)');
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/calendar/anon/ics',
          headers: { 'if-none-match': String(whole.headers.etag).replace('-en', '-nl') },
        })
      ).statusCode,
    ).toBe(304);
  });

  it('answers 404 for a category the edition does not have', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/calendar/anon/ics?category=U99' })).statusCode).toBe(404);
  });
});
