import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  PRINT_ERRORS,
  parseStructuredMessage,
  printRequestSchema,
  type Attendee,
  type BadgeSummary,
  type Participant,
  type PrintJob,
  type PrintRequestInput,
  type VoucherProposal,
} from '@bjk/domain';
import { addPlayers, portraitJpeg, updatePlayer, type TestPlayer } from '../../../test/badge-holders.js';
import { multipartFile } from '../../../test/bank-statements.js';
import { importMembers } from '../members/members.service.js';
import { managerHeaders } from '../../../test/managers.js';
import { decodeQr, pdfImages, pdfPageCount, pdfText, pdfWords, renderPdfRegion } from '../../../test/pdf-files.js';
import { swarFixture, uploadAndPublish } from '../../../test/results-publishing.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { seedFilesIfEmpty } from '../files/files.seed.js';
import { systemContext } from '../../platform/service-context.js';
import { seedRoomsIfEmpty } from '../lodging/lodging.service.js';
import { BADGE, badgeOrigin, badgeQrBox } from './badge-sheet.js';
import { mm } from './pdf-canvas.js';
import { insertPrintJob } from './print.repository.js';
import { auditEntries } from '../../platform/audit.tables.js';

let ctx: TestContext;
let registrar: Record<string, string>;
let players: Participant[];
let arbiter: Attendee;
let editionCode: string;
/** What the set-up saw before the first print, and its print of every badge: read by the first two badge tests. */
let unprintedSummary: BadgeSummary;
let firstPrint: { job: PrintJob; pdf: Buffer };

/** Names from every alphabet a Belgian youth championship sees, and a double name far too long for one line. */
const PLAYERS: TestPlayer[] = [
  {
    idbel: 70001,
    firstName: 'Éloïse',
    lastName: 'Dubois-Lefèvre',
    birthYear: 2014,
    category: 'U14',
    club: 'CREC Charleroi',
    federation: 'FRA',
    ratingNational: 1450,
    ratingFide: 1502,
    mealsCode: 'HB',
  },
  { idbel: 70002, firstName: 'Jürgen', lastName: 'Groß', birthYear: 2014, category: 'U14', club: 'KSK Eupen', federation: 'GER', mealsCode: 'BO' },
  { idbel: 70003, firstName: 'Søren', lastName: 'Ødegaard', birthYear: 2014, category: 'U14', federation: 'NOR' },
  { idbel: 70004, firstName: 'François', lastName: 'Çelik', birthYear: 2014, category: 'U14', federation: 'BEL' },
  { idbel: 70005, firstName: 'Дмитрий', lastName: 'Иванов', birthYear: 2012, category: 'U16', federation: 'UKR', ratingFide: 1830 },
  { idbel: 70006, firstName: 'Ayşe', lastName: 'Yıldırım', birthYear: 2012, category: 'U16', federation: 'TUR', mealsCode: 'HB' },
  {
    idbel: 70007,
    firstName: 'Marie-Charlotte',
    lastName: 'Van den Bossche-De Smet-Vanderstraeten',
    birthYear: 2012,
    category: 'U16',
    club: 'Koninklijke Brugse Schaakkring',
  },
  { idbel: 70008, firstName: 'Noah', lastName: 'Peeters', birthYear: 2012, category: 'U16', photo: false },
  { idbel: 70009, firstName: 'Lena', lastName: 'Janssens', birthYear: 2012, category: 'U16' },
];

beforeAll(async () => {
  ctx = await createTestApp();
  const { settings } = await getCurrentEdition(ctx.db);
  editionCode = settings.code;
  await seedFilesIfEmpty(systemContext(ctx), settings);
  await seedRoomsIfEmpty(systemContext(ctx));
  registrar = await managerHeaders(ctx, ['registrar']);
  players = await addPlayers(ctx.app, systemContext(ctx), registrar, PLAYERS);
  const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/guest/%C4%9E%C3%BCl%C5%9Fen/%C3%96zt%C3%BCrk/ARB', headers: registrar });
  expect(created.statusCode, created.body).toBe(200);
  arbiter = created.json<Attendee>();
  unprintedSummary = await summary('scope=all');
  firstPrint = await produce({ document: 'badges', selection: { scope: 'all' } });
}, 180_000);
afterAll(async () => ctx?.close());

async function produce(request: PrintRequestInput, headers = registrar, on = ctx): Promise<{ job: PrintJob; pdf: Buffer }> {
  const started = await on.app.inject({
    method: 'POST',
    url: '/api/v1/print/jobs',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: request,
  });
  expect(started.statusCode, started.body).toBe(202);
  const job = (await on.app.inject({ method: 'GET', url: `/api/v1/print/jobs/${started.json().id}?wait=30`, headers })).json<PrintJob>();
  expect(job.status, job.error ?? '').toBe('done');
  const download = await on.app.inject({ method: 'GET', url: `/api/v1/print/jobs/${job.id}/pdf`, headers });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/pdf');
  expect(download.rawPayload.length).toBe(job.bytes);
  return { job, pdf: download.rawPayload };
}

async function summary(query: string): Promise<BadgeSummary> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/print/badges/summary?${query}`, headers: registrar });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BadgeSummary>();
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** A family's stay booked on the public form, three nights from the first day unless told: its guests eat what its plan says. */
async function reserve(
  on: TestContext,
  booking: { language: string; contact: { firstName: string; lastName: string; email: string; mobile: string; address: string } } & Record<string, unknown>,
) {
  const reserved = await on.app.inject({
    method: 'POST',
    url: '/api/v1/stay/cmd/make_reservation',
    payload: { submissionId: randomUUID(), arrivalDate: '2027-02-15', departureDate: '2027-02-18', remarks: '', ...booking },
  });
  expect(reserved.statusCode, reserved.body).toBe(201);
}

describe('badges', () => {
  it('lists who has no photo before printing, and every badge starts unprinted', async () => {
    const before = unprintedSummary;
    expect(before).toMatchObject({ total: 10, unprinted: 10, printed: 0, reprint: 0 });
    expect(before.withoutPhoto.map(fullName).sort()).toEqual(['Noah Peeters', 'Ğülşen Öztürk']);
  });

  it('prints 8 badges per A4 page with every name, category and meals label, and a QR code carrying the badge id', async () => {
    const { job, pdf } = firstPrint;
    expect(job).toMatchObject({ total: 10, done: 10, pages: 2 });
    expect(await pdfPageCount(pdf)).toBe(2);
    const text = await pdfText(pdf);
    for (const p of PLAYERS.filter((p) => !p.lastName.startsWith('Van den'))) {
      expect(text).toContain(p.firstName);
      expect(text).toContain(p.lastName.toUpperCase());
    }
    for (const word of ['U14', 'U16', 'ARB', 'HB', 'BO', 'Ğülşen', 'ÖZTÜRK', 'CREC Charleroi']) expect(text).toContain(word);

    // Players come first, by category then name (Çelik is the first U14), the attendees after them: read from
    // where each name is printed (the sheet's geometry and QR codes are checked in badge-sheet.test.ts).
    const inBadge = async (page: number, index: number, word: string) => {
      const { x, y } = badgeOrigin(index);
      const found = (await pdfWords(pdf, page)).find((w) => w.text === word);
      expect(found, word).toBeDefined();
      expect(
        found!.xMin >= x && found!.xMax <= x + BADGE.width && found!.yMin >= y && found!.yMax <= y + BADGE.height,
        `${word} on badge ${index + 1} of page ${page}`,
      ).toBe(true);
    };
    await inBadge(1, 0, 'ÇELIK');
    // Badge 10 is the second of page 2 (top right): the arbiter after the nine players.
    await inBadge(2, 1, 'ÖZTÜRK');
    // The job writes each holder's badge id into its code: the first badge's QR, rendered alone.
    const box = badgeQrBox(0);
    const qr = await renderPdfRegion(pdf, 1, { x: box.x - mm(1), y: box.y - mm(1), width: box.size + mm(2), height: box.size + mm(2) });
    expect(await decodeQr(qr)).toBe(`${editionCode}:P${players[3]!.id}`);
  });

  it('stores the sponsor logo once however many badges show it', async () => {
    const { pdf } = await produce({ document: 'badges', selection: { scope: 'category', category: 'U14' } });
    // Four badges draw four logos and four photos from five stored images: every badge refers to the one logo.
    const images = (await pdfImages(pdf)).filter((image) => image.type === 'image');
    expect(images).toHaveLength(8);
    expect(new Set(images.map((image) => image.object)).size).toBe(5);
  });

  it('shrinks a long double name to fit the badge, never past its edge', async () => {
    const { pdf } = await produce({ document: 'badges', selection: { scope: 'person', holder: 'participant', id: players[6]!.id } });
    const words = await pdfWords(pdf, 1);
    const nameWords = words.filter((w) => /VAN|DEN|BOSSCHE|SMET|VANDERSTRAETEN|Marie/.test(w.text));
    expect(nameWords.length).toBeGreaterThanOrEqual(3);
    const badgeRight = mm(15 + 90);
    for (const word of nameWords) {
      expect(word.xMin).toBeGreaterThanOrEqual(mm(15));
      expect(word.xMax).toBeLessThanOrEqual(badgeRight - mm(3));
    }
    expect(nameWords.map((w) => w.text).join(' ')).toContain('VANDERSTRAETEN');
  });

  it('after the first print, flags a badge for reprint when its meals, category, name or photo change (not when undone), reprints those, and a preview marks nothing printed', async () => {
    // The badges as the set-up printed them all (one story: each step starts where the one before left them).
    const after = await summary('scope=all');
    expect(after).toMatchObject({ total: 10, printed: 10, unprinted: 0, reprint: 0 });

    await updatePlayer(ctx.app, registrar, players[2]!, { mealsCode: 'HB' });
    const flagged = await summary('scope=pending');
    expect(flagged.total).toBe(1);
    expect(flagged.withoutPhoto).toEqual([]);
    expect((await summary(`scope=person&holder=participant&id=${players[2]!.id}`)).person?.state).toBe('reprint');

    const mealsReprint = (await produce({ document: 'badges', selection: { scope: 'pending' } })).pdf;
    expect(await pdfPageCount(mealsReprint)).toBe(1);
    expect(await pdfText(mealsReprint)).toContain('ØDEGAARD');
    expect((await summary('scope=pending')).total).toBe(0);

    // A reprint is flagged when a category, a photo or a guest’s name changes, and not when a change is undone.
    expect((await summary('scope=pending')).total).toBe(0);
    const lena = players[8]!;
    const moved = await updatePlayer(ctx.app, registrar, lena, { category: 'U18' });
    expect((await summary('scope=pending')).withoutPhoto).toEqual([]);
    expect((await summary(`scope=person&holder=participant&id=${lena.id}`)).person?.state).toBe('reprint');
    // Back to the category on her printed badge: nothing to reprint.
    await updatePlayer(ctx.app, registrar, moved, { category: 'U16' });
    expect((await summary('scope=pending')).total).toBe(0);

    const file = multipartFile('photo.jpg', await portraitJpeg(99), 'photo');
    const photo = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/participant/photo/bjk/${players[0]!.id}`,
      headers: { ...registrar, ...file.headers },
      payload: file.payload,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/attendee/bjk/${arbiter.id}`,
      headers: registrar,
      payload: {
        firstName: arbiter.firstName,
        lastName: 'Öztürk-Kaya',
        category: arbiter.category,
        email: arbiter.email,
        mobile: arbiter.mobile,
        mealsCode: arbiter.mealsCode,
        enabled: true,
        remarks: arbiter.remarks,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const pending = await summary('scope=pending');
    expect(pending).toMatchObject({ total: 2, reprint: 2, unprinted: 0 });

    const { pdf } = await produce({ document: 'badges', selection: { scope: 'pending' } });
    expect(await pdfPageCount(pdf)).toBe(1);
    const text = await pdfText(pdf);
    expect(text).toContain('DUBOIS-LEFÈVRE');
    expect(text).toContain('ÖZTÜRK-KAYA');
    expect((await summary('scope=pending')).total).toBe(0);

    // A preview of the first page, as an image, marks nothing printed.
    const guest = await ctx.app.inject({ method: 'POST', url: '/api/v1/guest/Anna/Claes/GUEST', headers: registrar });
    expect(guest.statusCode).toBe(200);
    const { job } = await produce({ document: 'badges', selection: { scope: 'pending' }, preview: true });
    expect(job.preview).toBe(true);
    const preview = await ctx.app.inject({ method: 'GET', url: `/api/v1/print/jobs/${job.id}/preview.png`, headers: registrar });
    expect(preview.statusCode).toBe(200);
    const meta = await sharp(preview.rawPayload).metadata();
    // The whole A4 page (210 × 297 mm) at 100 dpi.
    expect(meta.format).toBe('png');
    expect(meta.width / meta.height).toBeCloseTo(210 / 297, 2);
    expect(meta.width).toBeGreaterThanOrEqual(826);
    expect((await summary('scope=pending')).unprinted).toBe(1);
  });

  it('refuses an empty selection and an unknown person with coded errors', async () => {
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/print/jobs',
      headers: registrar,
      payload: { document: 'badges', selection: { scope: 'category', category: 'U8' } },
    });
    expect([empty.statusCode, empty.json().code]).toEqual([422, 'print.nothing_to_print']);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/v1/print/badges/summary?scope=person&holder=attendee&id=99999', headers: registrar });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'print.person_not_found']);
    // An incomplete selection (a category without its code, a person without an id) is refused by the query's schema.
    for (const query of ['scope=category', 'scope=person&holder=attendee']) {
      const incomplete = await ctx.app.inject({ method: 'GET', url: `/api/v1/print/badges/summary?${query}`, headers: registrar });
      expect(incomplete.statusCode).toBe(400);
      expect(JSON.stringify(incomplete.json())).toContain('scope');
    }
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/v1/print/jobs/${randomUUID()}`, headers: registrar });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'print.job_not_found']);
  });

  it('lets read-only managers see the summary but not print', async () => {
    const readonly = await managerHeaders(ctx, ['readonly']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/print/badges/summary', headers: readonly })).statusCode).toBe(200);
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/v1/print/jobs', headers: readonly, payload: { document: 'badges' } });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/print/badges/summary' })).statusCode).toBe(401);
  });
});

describe('name cards and lists', () => {
  it('prints folded name cards two per page: LAST First, category, FIDE federation and both ratings', async () => {
    const { job, pdf } = await produce({ document: 'namecards', selection: { scope: 'category', category: 'U14' } });
    expect(job.total).toBe(4);
    expect(await pdfPageCount(pdf)).toBe(2);
    const text = await pdfText(pdf);
    expect(text).toContain('DUBOIS-LEFÈVRE Éloïse');
    expect(text).toContain('FRA');
    expect(text).toMatch(/1450/);
    expect(text).toMatch(/1502/);
    expect(text).toContain('ÇELIK François');
  });

  it('prints a check-in list per category with names, clubs, payment status and a box to tick', async () => {
    // Jürgen's enrolment fee is asked and not paid: the desk must ask for it.
    const grossId = players.find((p) => p.lastName === 'Groß')!.id;
    const treasurer = await managerHeaders(ctx, ['treasurer']);
    const requested = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/participant_bjk_pr/${grossId}`, headers: treasurer });
    expect(requested.statusCode, requested.body).toBe(201);
    const { pdf } = await produce({ document: 'checkin', selection: { scope: 'all' } }, { ...registrar, 'accept-language': 'en' });
    expect(await pdfPageCount(pdf)).toBe(2);
    const u14 = await pdfText(pdf, 1);
    expect(u14).toContain('U14');
    expect(u14).toContain('Payment');
    // One player of U14 owes the fee; the others have no request yet (a dash).
    expect(u14.match(/NOT PAID/g)).toHaveLength(1);
    expect(u14).toContain('—');
    expect(u14).toContain('KSK Eupen');
    const u16 = await pdfText(pdf, 2);
    expect(u16).toContain('ИВАНОВ Дмитрий');
    expect(u16).not.toContain('Éloïse');
  });

  it("prints the meals per day from the lodging reservations, and the badge's meals label from the person's booked stay, not the one set by hand", async () => {
    // Both from the stays it books: the meals of every reservation are printed, so the first list comes before the second stay.
    await reserve(ctx, {
      language: 'nl',
      contact: { firstName: 'Els', lastName: 'Maes', email: 'els.maes@example.be', mobile: '+32 475 12 34 56', address: 'Kerkstraat 1, 9000 Gent' },
      roomType: 'AP4',
      departureDate: '2027-02-17',
      guests: [
        { firstName: 'Els', lastName: 'Maes', birthDate: '1984-04-02', participates: false },
        { firstName: 'Tom', lastName: 'Maes', birthDate: '2014-09-12', participates: true },
      ],
      mealPlan: 'half',
    });
    const { job, pdf } = await produce({ document: 'meals' }, { ...registrar, 'accept-language': 'en' });
    // Dinner on arrival, breakfast and dinner the day after, breakfast on departure.
    expect(job.total).toBe(4);
    expect(await pdfPageCount(pdf)).toBe(1);
    const text = await pdfText(pdf);
    expect(text).toContain('Meals per day');
    expect(text).toMatch(/Monday,? 15 February[\s\S]*Dinner/);
    expect(text).toMatch(/Wednesday,? 17 February[\s\S]*Breakfast/);

    const ayse = players.find((p) => p.lastName === 'Yıldırım')!;
    const before = await pdfText((await produce({ document: 'badges', selection: { scope: 'person', holder: 'participant', id: ayse.id } })).pdf);
    expect(before).toContain('HB');
    // Her family books breakfast only (her name in capitals): the badge says BO.
    await reserve(ctx, {
      language: 'en',
      contact: { firstName: 'Emre', lastName: 'Yildirim', email: 'emre.yildirim@example.be', mobile: '+32 475 12 34 57', address: 'Kerkstraat 2, 9000 Gent' },
      roomType: 'DH',
      guests: [
        { firstName: 'Emre', lastName: 'Yildirim', birthDate: '1980-01-02', participates: false },
        { firstName: 'Ayşe', lastName: 'YILDIRIM', birthDate: '2012-06-01', participates: true },
      ],
      mealPlan: 'breakfast',
    });
    const summary = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/print/badges/summary?scope=person&holder=participant&id=${ayse.id}`,
      headers: registrar,
    });
    // Printed with HB, the badge now says BO: it is flagged for a reprint.
    expect(summary.json().reprint, summary.body).toBe(1);
    const after = await pdfText((await produce({ document: 'badges', selection: { scope: 'person', holder: 'participant', id: ayse.id } })).pdf);
    expect(after).toMatch(/\bBO\b/);
    expect(after).not.toMatch(/\bHB\b/);
  });
});

describe('the Flemish championship (vk)', () => {
  it('prints badges, name cards and check-in lists of vk players and attendees, apart from the youth championship', async () => {
    const youthBefore = await summary('scope=all');
    const header = 'idbel;idfide;first_name;last_name;birth_year;gender;club_id;club_name;fide_federation;rating_national;rating_fide';
    await importMembers(systemContext(ctx), 'csv', Readable.from([`${header}\n70020;;Wout;Vermeulen-Ødegård;2008;M;101;KSK Brugge;BEL;1890;1912\n`]));
    const player = await ctx.app.inject({ method: 'POST', url: '/api/v1/participant/vk/70020/BOYS', headers: registrar });
    expect(player.statusCode, player.body).toBe(200);
    const organiser = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/attendee/vk',
      headers: registrar,
      payload: { firstName: 'Ilse', lastName: 'Wouters', category: 'ORG', email: '', mobile: '', mealsCode: 'BO', enabled: true, remarks: '' },
    });
    expect(organiser.statusCode, organiser.body).toBe(200);

    const vk = await summary('kind=vk&scope=all');
    expect(vk).toMatchObject({ total: 2, unprinted: 2 });
    expect(vk.withoutPhoto.map(fullName).sort()).toEqual(['Ilse Wouters', 'Wout Vermeulen-Ødegård']);
    expect((await summary('kind=vk&scope=category&category=BOYS')).total).toBe(1);
    expect(await summary('scope=all')).toEqual(youthBefore);

    const badges = await produce({ document: 'badges', kind: 'vk', selection: { scope: 'all' } });
    expect(badges.job).toMatchObject({ total: 2, pages: 1 });
    const text = await pdfText(badges.pdf);
    for (const word of ['Wout', 'VERMEULEN-ØDEGÅRD', 'BOYS', 'Ilse', 'WOUTERS', 'ORG', 'BO']) expect(text).toContain(word);
    expect(text).not.toContain('Éloïse');
    expect((await summary('kind=vk&scope=pending')).total).toBe(0);

    const cards = await pdfText((await produce({ document: 'namecards', kind: 'vk', selection: { scope: 'all' } })).pdf);
    expect(cards).toContain('VERMEULEN-ØDEGÅRD Wout');
    expect(cards).toContain('1890');
    const checkIn = await pdfText((await produce({ document: 'checkin', kind: 'vk', selection: { scope: 'category', category: 'BOYS' } })).pdf);
    expect(checkIn).toContain('BOYS');
    expect(checkIn).not.toContain('Ilse');
  });
});

describe('prize vouchers', () => {
  const admin = () => managerHeaders(ctx, ['admin']);

  it('proposes vouchers from the final standings and the prize table, and prints them as adjusted with valid structured messages', async () => {
    const headers = await admin();
    // A real Swar export of a U8 tournament (9 rounds played), published through the results area.
    await uploadAndPublish(ctx, headers, 'u8.json', swarFixture('bycco_bjk2026_u08.json'), 'U8');
    const standings = (await ctx.app.inject({ method: 'GET', url: '/api/v1/results/anon/U8/standings' })).json<{ rows: { rank: number; name: string }[] }>();

    const proposal = await ctx.app.inject({ method: 'GET', url: '/api/v1/print/vouchers?category=U8', headers: { ...registrar, 'accept-language': 'en' } });
    expect(proposal.statusCode, proposal.body).toBe(200);
    const { vouchers, provisional, validUntil } = proposal.json<VoucherProposal>();
    expect(provisional).toBe(false);
    expect(validUntil).toBe('2027-03-31');
    // The demo prize table: 50, 30 and 20 € for the first three places, 30 € for the best girl.
    expect(vouchers.slice(0, 3).map((v) => [v.prize, v.name, v.amountCents])).toEqual([
      ['1st place', standings.rows[0]!.name, 5000],
      ['2nd place', standings.rows[1]!.name, 3000],
      ['3rd place', standings.rows[2]!.name, 2000],
    ]);
    expect(vouchers[3]).toMatchObject({ prize: 'Best girl', amountCents: 3000 });

    // The manager raises the first prize before printing.
    const adjusted = vouchers.map((v, i) => (i === 0 ? { ...v, amountCents: 7500 } : v));
    const { job, pdf } = await produce(
      { document: 'vouchers', selection: { scope: 'category', category: 'U8' }, vouchers: adjusted },
      { ...registrar, 'accept-language': 'en' },
    );
    expect(job.total).toBe(vouchers.length);
    expect(await pdfPageCount(pdf)).toBe(Math.ceil(vouchers.length / 4));
    const text = await pdfText(pdf);
    for (const v of vouchers) expect(text).toContain(v.name);
    expect(text).toContain('Valid until 31 March 2027');
    expect(text).toMatch(/€\s?75\.00|75\.00\s?€/);
    const codes = [...text.matchAll(/\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+/g)].map((m) => m[0]);
    expect(codes).toHaveLength(vouchers.length);
    for (const code of codes) expect(parseStructuredMessage(code)).not.toBeNull();
    expect(codes.map((c) => parseStructuredMessage(c))).toEqual(vouchers.map((v) => v.code));
  });

  it('refuses a voucher whose code is not a structured message, and a category without a prize table', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/print/jobs',
      headers: registrar,
      payload: { document: 'vouchers', vouchers: [{ category: 'U8', place: 1, prize: '1st place', name: 'Someone', amountCents: 100, code: '927030000199' }] },
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'print.invalid_voucher_code']);
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/print/vouchers?category=ARB', headers: registrar });
    expect([none.statusCode, none.json().code]).toEqual([404, 'print.no_prize_table']);
  });
});

describe('the print queue', () => {
  /**
   * Jobs as the queue holds them when the instance's runner is busy or was stopped (a restart): queued rows in the
   * order they were asked for, all at the same instant (the test clock). The runner takes them when a job is queued.
   */
  async function queueStored(requests: PrintRequestInput[]): Promise<string[]> {
    const ids: string[] = [];
    for (const request of requests) {
      const row = await insertPrintJob(ctx.db, {
        id: randomUUID(),
        document: request.document,
        request: printRequestSchema.parse(request),
        preview: false,
        status: 'queued',
        language: 'en',
        total: 1,
        createdBy: 'Queue test',
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      });
      ids.push(row.id);
    }
    return ids;
  }

  it('shows each waiting job’s place, then runs them one at a time in the order they were asked for', async () => {
    const ids = await queueStored([
      { document: 'namecards', selection: { scope: 'category', category: 'U14' } },
      { document: 'badges', selection: { scope: 'category', category: 'U16' } },
      { document: 'meals' },
    ]);
    const queue = await ctx.app.inject({ method: 'GET', url: '/api/v1/print/jobs', headers: registrar });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json<PrintJob[]>().map((j) => [j.id, j.status, j.queuePosition, j.createdBy])).toEqual(
      ids.map((id, i) => [id, 'queued', i + 1, 'Queue test']),
    );
    const one = await ctx.app.inject({ method: 'GET', url: `/api/v1/print/jobs/${ids[2]}`, headers: registrar });
    expect(one.json<PrintJob>()).toMatchObject({ status: 'queued', queuePosition: 3 });

    // A job asked for now joins the end of the queue; the runner takes them all, oldest first.
    const { job } = await produce({ document: 'badges', selection: { scope: 'category', category: 'U14' } });
    const all = [...ids, job.id];
    for (const id of all) {
      const done = (await ctx.app.inject({ method: 'GET', url: `/api/v1/print/jobs/${id}?wait=30`, headers: registrar })).json<PrintJob>();
      expect([done.status, done.queuePosition, done.error]).toEqual(['done', null, null]);
    }
    // Each job's audit entry is written as it finishes: their order is the order they ran.
    const finished = await ctx.db
      .select({ subjectId: auditEntries.subjectId })
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'print.produce'), inArray(auditEntries.subjectId, all)))
      .orderBy(asc(auditEntries.id));
    expect(finished.map((f) => f.subjectId)).toEqual(all);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/print/jobs', headers: registrar })).json()).toEqual([]);
  });

  it('fails a job that cannot be printed any more with a coded error, and goes on with the next', async () => {
    // Asked for a person who has since been removed: planned again when it runs, the job finds nobody.
    const [gone] = await queueStored([{ document: 'badges', selection: { scope: 'person', holder: 'participant', id: 999_999 } }]);
    const { job } = await produce({ document: 'namecards', selection: { scope: 'category', category: 'U16' } });
    const failed = (await ctx.app.inject({ method: 'GET', url: `/api/v1/print/jobs/${gone}?wait=30`, headers: registrar })).json<PrintJob>();
    expect(failed).toMatchObject({ status: 'failed', error: PRINT_ERRORS.personNotFound, queuePosition: null });
    expect(failed.finishedAt).not.toBeNull();
    expect(job.status).toBe('done');
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/v1/print/jobs/${gone}/pdf`, headers: registrar });
    expect(pdf.statusCode).toBe(409);
  });

  it('runs jobs on the background pool: while its every connection is taken, the job waits and requests still answer', async () => {
    const background = ctx.database.background.pool;
    const held = await Promise.all(Array.from({ length: background.options.max }, () => background.connect()));
    try {
      const started = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/print/jobs',
        headers: { ...registrar, 'idempotency-key': randomUUID() },
        payload: { document: 'badges', selection: { scope: 'category', category: 'U16' } },
      });
      expect(started.statusCode, started.body).toBe(202);
      // The runner waits for a connection of its own pool to take the job; the requests' pool serves the rest.
      expect(background.waitingCount).toBeGreaterThan(0);
      const job = await ctx.app.inject({ method: 'GET', url: `/api/v1/print/jobs/${started.json().id}`, headers: registrar });
      expect(job.json<PrintJob>().status).toBe('queued');
      expect((await summary('scope=all')).total).toBeGreaterThan(0);
      for (const client of held.splice(0)) client.release();
      const done = (await ctx.app.inject({ method: 'GET', url: `/api/v1/print/jobs/${started.json().id}?wait=30`, headers: registrar })).json<PrintJob>();
      expect(done.status, done.error ?? '').toBe('done');
    } finally {
      for (const client of held) client.release();
    }
  });

  it('lets only managers who print see the queue', async () => {
    const readonly = await managerHeaders(ctx, ['readonly']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/print/jobs', headers: readonly })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/print/jobs' })).statusCode).toBe(401);
  });
});
