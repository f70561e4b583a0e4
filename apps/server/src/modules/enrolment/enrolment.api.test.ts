import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEditionSettings } from '../../../test/edition-settings.js';
import { managerHeaders } from '../../../test/managers.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../../test/test-app.js';
import { systemContext } from '../../platform/service-context.js';
import { seedMembersIfEmpty } from '../members/members.service.js';
import { listOutbox } from '../mail/mail.service.js';

let ctx: TestContext;
let photo: Buffer;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedMembersIfEmpty(systemContext(ctx));
  // The enrolment's own steps; the payment request made at confirmation is tested in ../payments/enrolment-payment.api.test.ts.
  await changeEditionSettings(ctx, { paymentRequestOnConfirmation: false });
  photo = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#88aacc' } })
    .jpeg()
    .toBuffer();
}, 60_000);
afterAll(async () => ctx?.close());

const parent = { fullName: 'Greet Peeters', email: 'greet.peeters@example.test', mobile: '+32 470 12 34 56' };
const none = { fullName: '', email: '', mobile: '' };

function draft(overrides: Record<string, unknown> = {}) {
  return { idbel: 45107, category: 'U12', email: '', mobile: '', parent, attendant: none, language: 'nl', ...overrides };
}

function multipart(content: Buffer, filename = 'photo.jpg') {
  const boundary = '----bjkphoto';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat([head, content, tail]) };
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
const uploadPhoto = (id: string, content: Buffer = photo) => {
  const body = multipart(content);
  return ctx.app.inject({ method: 'POST', url: `/api/v1/registration/photo/${id}`, headers: body.headers, payload: body.payload });
};

async function enrol(body: Record<string, unknown>, kind = 'bjk') {
  const created = await post(`/api/v1/registration/${kind}`, body);
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json();
  expect((await uploadPhoto(id)).statusCode).toBe(200);
  return id as string;
}

/**
 * Players registered (confirmed, with a photo) for the tests that read registrations, participants and figures,
 * and one left a draft: made by the first test that asks, so each of those tests passes alone (`-t`) and in any
 * order (`--sequence.shuffle`). None of them is a player another test enrols.
 */
let registered: Promise<void> | undefined;
const REGISTERED = { pauwels: 45136, claes: 45108, lambert: 45105 } as const;
function registeredPlayers(): Promise<void> {
  return (registered ??= (async () => {
    for (const [idbel, category] of [
      [REGISTERED.pauwels, 'U14'],
      [REGISTERED.claes, 'U12'],
      [REGISTERED.lambert, 'U10'],
    ] as const) {
      const id = await enrol(draft({ idbel, category }));
      const confirmed = await post(`/api/v1/registration/confirm/${id}`, { consent: true });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    // Leroy's parents stopped before confirming.
    await enrol(draft({ idbel: 45109, category: 'U12' }));
  })());
}

/** The registered players imported as participants (the import skips those already listed). */
async function importedParticipants(): Promise<void> {
  await registeredPlayers();
  const headers = await managerHeaders(ctx, ['registrar']);
  expect((await post('/api/v1/participant/import/enrollments/bjk', {}, headers)).statusCode).toBe(200);
}

describe('looking a player up', () => {
  it('answers what the wizard needs about a youth player, nothing about contacts', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/idbel/45107' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      firstName: 'Emma',
      lastName: 'Willems',
      birthYear: 2016,
      youth: true,
      adult: false,
      alreadyRegistered: false,
      fideFederation: 'BEL',
    });
    expect(body.eligibleCategories).toEqual(['U12', 'U14', 'U16', 'U18', 'U20']);
    expect(Object.keys(body)).not.toContain('birthDate');
    const byFide = await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/idfide/25212150' });
    expect(byFide.json().idbel).toBe(45107);
  });

  it('answers each of many simultaneous lookups with its own player (they share statements)', async () => {
    const ids = [45107, 45119, 99999999, 45107, 45125, 45132, 45124];
    const answers = await Promise.all(ids.map((id) => ctx.app.inject({ method: 'GET', url: `/api/v1/registration/idbel/${id}` })));
    answers.forEach((answer, i) => {
      if (ids[i] === 99999999) expect(answer.statusCode).toBe(404);
      else expect(answer.json().idbel).toBe(ids[i]);
    });
    const vk = await Promise.all([45125, 45107].map((id) => ctx.app.inject({ method: 'GET', url: `/api/v1/registration/idbel/${id}?kind=vk` })));
    expect(vk.map((a) => a.json().idbel)).toEqual([45125, 45107]);
  });

  it('says an unknown id is not found and an adult is no youth player', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/idbel/99999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'enrolment.member_not_found', message: 'No participant with this national ID' });
    const adult = await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/idbel/45124' });
    expect(adult.json()).toMatchObject({ youth: false, adult: true, eligibleCategories: [] });
  });
});

describe('enrolling a player', () => {
  it('takes a minor with a present parent through draft, photo and confirmation, and queues the e-mail in their language', async () => {
    const id = await enrol(draft({ idbel: 45110, category: 'U14', language: 'fr', email: 'victor@example.test' }));
    const noConsent = await post(`/api/v1/registration/confirm/${id}`, { consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().details.issues[0].message).toBe('Consent is required');

    const confirmed = await post(`/api/v1/registration/confirm/${id}`, { consent: true });
    expect(confirmed.statusCode).toBe(200);
    // The answer names whom the mail goes to (the player and the parent gave an address; no attendant).
    expect(confirmed.json()).toMatchObject({ id, status: 'confirmed', feeCents: 3500, late: false, mailedTo: ['player', 'parent'] });

    // Confirming again (a double click, a retry) answers the same and sends nothing more.
    const again = await post(`/api/v1/registration/confirm/${id}`, { consent: true });
    expect(again.json()).toEqual(confirmed.json());
    const mails = (await listOutbox(ctx.db, { page: 1, pageSize: 50, search: 'Goossens' })).items;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to.sort()).toEqual(['greet.peeters@example.test', 'victor@example.test']);
    expect(mails[0]!.subject).toBe('CBJ 2027 : inscription de Victor Goossens confirmée');

    const lookup = await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/idbel/45110' });
    expect(lookup.json().alreadyRegistered).toBe(true);
    const second = await post('/api/v1/registration/bjk', draft({ idbel: 45110, category: 'U14' }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'enrolment.already_registered', message: 'This player is already registered' });
  });

  it('stores the photo as a stripped, upright 4:5 JPEG', async () => {
    const created = await post('/api/v1/registration/bjk', draft({ idbel: 45111, category: 'U14' }));
    const id = created.json().id;
    // A phone photo stored landscape with "rotate 90°" in its EXIF and a location in its metadata.
    const phone = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#aa3344' } })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret place' } } })
      .jpeg()
      .toBuffer();
    const response = await uploadPhoto(id, phone);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ width: 800, height: 1000 });
    const headers = await managerHeaders(ctx, ['registrar']);
    const stored = await ctx.app.inject({ method: 'GET', url: `/api/v1/registration/bjk/${id}/photo`, headers });
    expect(stored.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 1000 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("keeps a photo of exactly the badge's 160 × 200 pixels as it is", async () => {
    const id = (await post('/api/v1/registration/bjk', draft({ idbel: 45112, category: 'U14' }))).json().id;
    const smallest = await uploadPhoto(
      id,
      await sharp({ create: { width: 160, height: 200, channels: 3, background: '#6f8fb0' } })
        .jpeg()
        .toBuffer(),
    );
    expect(smallest.statusCode, smallest.body).toBe(200);
    expect(smallest.json()).toEqual({ width: 160, height: 200 });
  });

  it('refuses non-images, too small pictures and decompression bombs', async () => {
    const id = (await post('/api/v1/registration/bjk', draft({ idbel: 45112, category: 'U14' }))).json().id;
    const text = await uploadPhoto(id, Buffer.from('this is not a picture at all'));
    expect(text.statusCode).toBe(422);
    expect(text.json().code).toBe('platform.photo_not_image');
    // Below the badge's 160 × 200 pixels a photo prints blurred: refused, saying what it measures and needs.
    const tiny = await uploadPhoto(
      id,
      await sharp({ create: { width: 60, height: 60, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    expect(tiny.statusCode).toBe(422);
    expect(tiny.json()).toMatchObject({ code: 'platform.photo_too_small', details: { width: 60, height: 60, minWidth: 160, minHeight: 200 } });
    const narrow = await uploadPhoto(
      id,
      await sharp({ create: { width: 159, height: 400, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    expect(narrow.json().code).toBe('platform.photo_too_small');
    // A tiny PNG whose header claims 30 000 × 30 000 pixels: decoding it would take gigabytes.
    const bomb = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    const exploded = await uploadPhoto(id, bomb);
    expect(exploded.statusCode).toBe(422);
    expect(['platform.photo_too_many_pixels', 'platform.photo_not_image']).toContain(exploded.json().code);
  });

  it('needs a photo before confirming', async () => {
    const id = (await post('/api/v1/registration/bjk', draft({ idbel: 45113, category: 'U14' }))).json().id;
    const response = await post(`/api/v1/registration/confirm/${id}`, { consent: true });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('enrolment.photo_missing');
  });

  it("checks contacts: a minor needs a present parent's or attendant's full contact, an adult their own", async () => {
    const noContact = await post('/api/v1/registration/bjk', draft({ idbel: 45114, category: 'U16', parent: none }));
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().details.issues[0]).toMatchObject({ path: 'body.parent.fullName' });
    const half = await post(
      '/api/v1/registration/bjk',
      draft({ idbel: 45114, category: 'U16', parent: none, attendant: { fullName: 'Coach', email: '', mobile: '' } }),
    );
    expect(half.json().details.issues.map((i: { message: string }) => i.message)).toEqual(['Email is required', 'Mobile phone is required']);
    const attendant = await post(
      '/api/v1/registration/bjk',
      draft({ idbel: 45114, category: 'U16', parent: none, attendant: { fullName: 'Coach Jan', email: 'coach@example.test', mobile: '0470 11 22 33' } }),
    );
    expect(attendant.statusCode).toBe(200);

    // A U20 player born in 2007 is a youth player and an adult: their own e-mail and mobile are required.
    const adult = await post('/api/v1/registration/bjk', draft({ idbel: 45121, category: 'U20', parent: none }));
    expect(adult.json().details.issues.map((i: { message: string }) => i.message)).toEqual(['Email is required', 'Mobile phone is required']);
  });

  it('answers the specification messages for bad mobile numbers and e-mails', async () => {
    const badMobile = await post('/api/v1/registration/bjk', draft({ idbel: 45115, category: 'U16', parent: { ...parent, mobile: '+32 12' } }));
    expect(badMobile.statusCode).toBe(400);
    expect(badMobile.json().details.issues[0].message).toBe('Not a valid mobile number');
    const badCountry = await post('/api/v1/registration/bjk', draft({ idbel: 45115, category: 'U16', parent: { ...parent, mobile: '+999 1234 5678' } }));
    expect(badCountry.json().details.issues[0].message).toBe('Invalid country code');
    const badEmail = await post('/api/v1/registration/bjk', draft({ idbel: 45115, category: 'U16', email: 'nope' }));
    expect(badEmail.json().details.issues[0].message).toBe('Not a valid email address');
  });

  it('refuses adults, unknown ids and categories the player may not play in', async () => {
    const adult = await post('/api/v1/registration/bjk', draft({ idbel: 45124, category: 'U20' }));
    expect(adult.json().code).toBe('enrolment.not_youth');
    const unknown = await post('/api/v1/registration/bjk', draft({ idbel: 99999998 }));
    expect(unknown.json().code).toBe('enrolment.member_not_found');
    const younger = await post('/api/v1/registration/bjk', draft({ idbel: 45114, category: 'U12' }));
    expect(younger.statusCode).toBe(400);
    expect(younger.json().details.issues[0].path).toBe('body.category');
  });

  it('makes one registration of ten enrolments of the same player confirmed at the same moment', async () => {
    // Ten wizard runs (two parents, phones and laptops) for one player, each confirmed at once: PostgreSQL runs
    // them side by side, and exactly one becomes the registration.
    const drafts: string[] = [];
    for (let i = 0; i < 10; i++) {
      drafts.push(await enrol(draft({ idbel: 45117, category: 'U18', parent: { ...parent, fullName: i % 2 ? 'Other Parent' : parent.fullName } })));
    }
    const results = await Promise.all(drafts.map((id) => post(`/api/v1/registration/confirm/${id}`, { consent: true })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'enrolment.already_registered')).toBe(true);
  });

  it('applies the late fee in the late period and refuses enrolments before opening and after closing', async () => {
    const id = await enrol(draft({ idbel: 45118, category: 'U18' }));
    ctx.clock.set('2027-01-20T12:00:00+01:00');
    const late = await post(`/api/v1/registration/confirm/${id}`, { consent: true });
    expect(late.json()).toMatchObject({ late: true, feeCents: 4500 });

    ctx.clock.set('2027-02-06T09:00:00+01:00');
    const closed = await post('/api/v1/registration/bjk', draft({ idbel: 45119, category: 'U18' }));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('enrolment.closed');
    ctx.clock.set('2026-08-01T09:00:00+02:00');
    expect((await post('/api/v1/registration/bjk', draft({ idbel: 45119, category: 'U18' }))).json().code).toBe('enrolment.not_open');
    ctx.clock.set(TEST_NOW);
  });

  it('enrols adults in the Flemish championship with fees by FIDE title', async () => {
    const adultContact = { email: 'player@example.test', mobile: '+32 471 00 00 01', parent: none };
    const im = await enrol({ ...draft({ idbel: 45125, category: 'EXPERTS' }), ...adultContact }, 'vk');
    expect((await post(`/api/v1/registration/confirm/${im}`, { consent: true })).json().feeCents).toBe(0);
    const fm = await enrol({ ...draft({ idbel: 45124, category: 'EXPERTS' }), ...adultContact }, 'vk');
    expect((await post(`/api/v1/registration/confirm/${fm}`, { consent: true })).json().feeCents).toBe(2500);
    const senior = await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/idbel/45132?kind=vk' });
    expect(senior.json().eligibleCategories).toEqual(['SENIORS', 'EXPERTS']);
    const wrong = await post('/api/v1/registration/vk', { ...draft({ idbel: 45132, category: 'GIRLS' }), ...adultContact });
    expect(wrong.statusCode).toBe(400);
    // The same player may play both championships.
    const both = await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/idbel/45124' });
    expect(both.json().alreadyRegistered).toBe(false);
  });
});

describe('registrations in the back office', () => {
  it('lists, filters, edits and exports registrations for managers only', async () => {
    await registeredPlayers();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/bjk' })).statusCode).toBe(401);
    const headers = await managerHeaders(ctx, ['registrar']);
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/bjk?status=confirmed&sort=name&pageSize=2', headers })).json();
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items).toHaveLength(2);
    expect(page.items.every((r: { status: string }) => r.status === 'confirmed')).toBe(true);

    const search = (await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/bjk?search=pauwels', headers })).json();
    const player = search.items[0];
    expect(player).toMatchObject({ lastName: 'Pauwels', parent: { fullName: 'Greet Peeters' } });

    const {
      id,
      kind: _kind,
      status: _status,
      hasPhoto: _hasPhoto,
      late: _late,
      feeCents: _fee,
      consent: _consent,
      createdAt: _c,
      confirmedAt: _cc,
      ...editable
    } = player;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/registration/bjk/${id}`,
      headers,
      payload: { ...editable, remarks: 'arrives Monday', enabled: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      remarks: 'arrives Monday',
      enabled: false,
      parent: player.parent,
      email: player.email,
      status: 'confirmed',
      hasPhoto: true,
    });

    const csv = await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/bjk/export.csv', headers: { ...headers, 'accept-language': 'de' } });
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parse<Record<string, string>>(csv.body, { bom: true, delimiter: ';', columns: true });
    const playerRow = rows.find((row) => row['Nachname'] === 'Pauwels')!;
    expect(playerRow).toMatchObject({ 'E-Mail Elternteil': player.parent.email, Aktiv: 'nein', Foto: 'ja', Status: 'Bestätigt' });
    // Codes in words (the status above; sex and language too), as the back office shows them.
    expect(['Männlich', 'Weiblich']).toContain(playerRow['Geschlecht']);
    expect(['Nederlands', 'Français', 'Deutsch', 'English']).toContain(playerRow['Sprache']);
    const participants = await ctx.app.inject({ method: 'GET', url: '/api/v1/participant/bjk/export.csv', headers: { ...headers, 'accept-language': 'en' } });
    expect(participants.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Id,Belgian ID,FIDE ID,First name,Last name,/);

    const readonly = await managerHeaders(ctx, ['readonly']);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/v1/registration/bjk/${id}`, headers: readonly, payload: editable })).statusCode).toBe(403);
    // Re-enable for the participant tests below.
    await ctx.app.inject({ method: 'PUT', url: `/api/v1/registration/bjk/${id}`, headers, payload: { ...editable, enabled: true } });
  });
});

describe('participants, attendees and guests', () => {
  it('imports confirmed registrations once per player and skips those already listed', async () => {
    await registeredPlayers();
    const headers = await managerHeaders(ctx, ['registrar']);
    // Another test may have imported some already: together they are every confirmed player.
    const first = (await post('/api/v1/participant/import/enrollments/bjk', {}, headers)).json();
    expect(first.imported + first.skippedExisting).toBeGreaterThanOrEqual(3);
    const second = (await post('/api/v1/participant/import/enrollments/bjk', {}, headers)).json();
    expect(second).toMatchObject({ imported: 0, skippedExisting: first.imported + first.skippedExisting });

    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/participant/bjk?enabled=1&search=pauwels', headers })).json();
    expect(list.items[0]).toMatchObject({ lastName: 'Pauwels', category: 'U14', hasPhoto: true, parentEmail: 'greet.peeters@example.test' });
  });

  it('adds a late participant, edits them, replaces the photo and refreshes ratings', async () => {
    const headers = await managerHeaders(ctx, ['registrar']);
    const late = await post('/api/v1/participant/bjk/45101/U8', {}, headers);
    expect(late.statusCode, late.body).toBe(200);
    const participant = late.json();
    expect(participant).toMatchObject({ lastName: 'Peeters', category: 'U8', late: true });
    expect((await post('/api/v1/participant/bjk/45101/U8', {}, headers)).statusCode).toBe(409);
    expect((await post('/api/v1/participant/bjk/45124/U8', {}, headers)).statusCode).toBe(400);

    const update = {
      category: 'U10',
      email: 'lotte@example.test',
      parentEmail: '',
      attendantEmail: '',
      mealsCode: 'HB',
      ratingNational: 700,
      ratingFide: null,
      enabled: true,
      remarks: 'vegetarian',
    };
    const saved = await ctx.app.inject({ method: 'PUT', url: `/api/v1/participant/bjk/${participant.id}`, headers, payload: update });
    expect(saved.json()).toMatchObject({ category: 'U10', mealsCode: 'HB', ratingNational: 700 });

    const body = multipart(photo);
    const replaced = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/participant/photo/bjk/${participant.id}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(replaced.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/bjk/${participant.id}`, headers })).json().hasPhoto).toBe(true);

    const refreshed = (await post('/api/v1/participant/ratings/bjk', {}, headers)).json();
    expect(refreshed.updated).toBeGreaterThanOrEqual(1);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/bjk/${participant.id}`, headers })).json().ratingNational).toBeNull();
  });

  it('keeps guests and attendees apart from players, with staff categories only', async () => {
    await importedParticipants();
    const headers = await managerHeaders(ctx, ['registrar']);
    const guest = await post('/api/v1/guest/Marie/Arbitre/ARB', {}, headers);
    expect(guest.json()).toMatchObject({ firstName: 'Marie', lastName: 'Arbitre', category: 'ARB' });
    expect((await post('/api/v1/guest/Marie/Arbitre/U12', {}, headers)).statusCode).toBe(400);
    const attendee = await post(
      '/api/v1/attendee/bjk',
      { firstName: 'Eddy', lastName: 'Eater', category: 'EAT', email: '', mobile: '', mealsCode: 'BO', enabled: true, remarks: '' },
      headers,
    );
    expect(attendee.statusCode).toBe(200);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/attendee/bjk', headers })).json();
    expect(list.items.map((a: { lastName: string }) => a.lastName)).toEqual(expect.arrayContaining(['Arbitre', 'Eater']));

    const publicList = await ctx.app.inject({ method: 'GET', url: '/api/v1/participant/public/bjk' });
    const names = publicList.json().items.map((p: { lastName: string }) => p.lastName);
    expect(names).toContain('Pauwels');
    expect(names).not.toContain('Arbitre');
    expect(Object.keys(publicList.json().items[0]).sort()).toEqual(['category', 'clubName', 'firstName', 'id', 'lastName', 'ratingFide', 'ratingNational']);
  });

  it('shows enrolment figures on the dashboard', async () => {
    await importedParticipants();
    const headers = await managerHeaders(ctx, ['registrar']);
    const groups = (await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers })).json().groups;
    const enrolment = groups.find((g: { area: string }) => g.area === 'enrolment');
    const value = (key: string) => enrolment.figures.find((f: { key: string }) => f.key === key)?.value;
    expect(value('confirmed')).toBeGreaterThanOrEqual(3);
    expect(value('drafts')).toBeGreaterThanOrEqual(1);
    expect(value('categoryU14')).toBeGreaterThanOrEqual(1);
    expect(value('participants')).toBeGreaterThanOrEqual(3);
  });
});
