import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  PRINT_ERRORS,
  findCategory,
  findStayOf,
  indexStaysByGuestName,
  mealsLabelOf,
  isValidStructuredMessageDigits,
  selectionOfQuery,
  type BadgeSummaryQuery,
  type VoucherProposal,
  type BadgeHolderSummary,
  type BadgeState,
  type BadgeSummary,
  type EditionSettings,
  type Language,
  type MealCountRow,
  type PrintRequest,
  type PrintSelection,
  type RegistrationKind,
} from '@bjk/domain';
import type { Db, DbOrTx } from '../../platform/db.js';
import { AppError, notFound, validationError } from '../../platform/errors.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { getFileForDownload, listSponsors } from '../files/files.service.js';
import { countReservedMeals, listGuestStays } from '../lodging/lodging.service.js';
import { listPaymentStatusesOfSources } from '../payments/payment-requests.service.js';
import { listPrizeStandings } from '../results/results.service.js';
import { findBadgePhoto, listBadgeHolders, type BadgeHolder } from '../participants/participants.service.js';
import { BADGES_PER_PAGE, BADGE_LOGO_PIXELS, BADGE_PHOTO_PIXELS, type BadgeSheetStyle } from './badge-sheet.js';
import { badgeFingerprint, badgeStateOf } from './badge-state.js';
import { CHECK_IN_ROWS_PER_PAGE, THUMBNAIL_PIXELS } from './checkin-list.js';
import { MEAL_ROWS_PER_PAGE } from './meal-list.js';
import { NAME_CARDS_PER_PAGE } from './name-cards.js';
import type { PrintPhoto } from './pdf-canvas.js';
import type { PageSpec } from './print-pages.js';
import { PRINT_TEXTS } from './print-texts.js';
import { proposeVouchers } from './prize-vouchers.js';
import { VOUCHERS_PER_PAGE } from './voucher-sheet.js';
import { listBadgePrintRows, upsertBadgePrints } from './print.repository.js';

/**
 * What a print job prints: who is selected (badge holders with their printed state, players, meals, prize
 * vouchers) and the plan of its pages (`Rendering`: how many items, each page's load and draw). print.service.ts
 * runs the job (progress, bytes in the database, resumption); the sheets' drawing is in the *-sheet/*-list files.
 */

// Who is printed --------------------------------------------------------------------------------------------

type SelectedHolder = BadgeHolder & { state: BadgeState };

async function holdersWithState(db: DbOrTx, kind: RegistrationKind): Promise<{ editionCode: string; settings: EditionSettings; holders: SelectedHolder[] }> {
  const { code, settings } = await getCurrentEdition(db);
  const [printRows, stays, badgeHolders] = await Promise.all([listBadgePrintRows(db, code), listGuestStays(db), listBadgeHolders(db, kind)]);
  const printed = new Map(printRows.map((r) => [`${r.holderType}:${r.holderId}`, r.fingerprint]));
  const byName = indexStaysByGuestName(stays);
  const holders = badgeHolders.map((h) => {
    // The meals label comes from the person's booked stay (found by name, as the desk finds it); the label set by
    // hand stays for those without one (meals-only guests, arbiters eating at the venue). A changed booking
    // changes the badge: it is flagged for a reprint.
    const stay = findStayOf(h, stays, byName);
    const holder = stay ? { ...h, mealsCode: mealsLabelOf(stay.mealPlan) } : h;
    return { ...holder, state: badgeStateOf(printed.get(`${h.holder}:${h.id}`), holder) };
  });
  return { editionCode: code, settings, holders: holders.sort(printOrder(settings)) };
}

/**
 * Players before attendees, then by the edition's category order and by name in the organisers' language,
 * so sheets come out in the same order whatever the database's collation.
 */
function printOrder(settings: EditionSettings): (a: BadgeHolder, b: BadgeHolder) => number {
  const rank = new Map([...settings.categories, ...(settings.vk?.categories ?? [])].map((c, i) => [c.code, i]));
  const collator = new Intl.Collator('nl', { sensitivity: 'base' });
  return (a, b) =>
    (a.holder === b.holder ? 0 : a.holder === 'participant' ? -1 : 1) ||
    (rank.get(a.category) ?? rank.size) - (rank.get(b.category) ?? rank.size) ||
    collator.compare(a.lastName, b.lastName) ||
    collator.compare(a.firstName, b.firstName) ||
    a.id - b.id;
}

/** Enabled people of the selection; one named person is printed even when disabled (the manager asked for them). */
function select(holders: SelectedHolder[], selection: PrintSelection): SelectedHolder[] {
  switch (selection.scope) {
    case 'all':
      return holders.filter((h) => h.enabled);
    case 'category':
      return holders.filter((h) => h.enabled && h.category === selection.category);
    case 'pending':
      return holders.filter((h) => h.enabled && h.state !== 'printed');
    case 'person': {
      const person = holders.find((h) => h.holder === selection.holder && h.id === selection.id);
      if (!person) throw notFound(PRINT_ERRORS.personNotFound, 'No such participant or attendee', selection);
      return [person];
    }
  }
}

const summaryOf = (h: SelectedHolder): BadgeHolderSummary => ({
  holder: h.holder,
  id: h.id,
  firstName: h.firstName,
  lastName: h.lastName,
  category: h.category,
  state: h.state,
});

/** What the manager sees before printing badges: counts by state and everyone who will get the photo placeholder. */
export async function getBadgeSummary(db: DbOrTx, query: BadgeSummaryQuery): Promise<BadgeSummary> {
  // The query's schema refuses an incomplete selection; a caller that skipped it gets the same coded answer.
  const selection = selectionOfQuery(query);
  if (!selection) throw validationError([{ path: 'querystring.scope', code: 'custom', message: 'Invalid value' }]);
  const { holders } = await holdersWithState(db, query.kind);
  const selected = select(holders, selection);
  const count = (state: BadgeState) => selected.filter((h) => h.state === state).length;
  return {
    total: selected.length,
    unprinted: count('unprinted'),
    printed: count('printed'),
    reprint: count('reprint'),
    withoutPhoto: selected.filter((h) => h.photoVersion === null).map(summaryOf),
    person: selection.scope === 'person' ? summaryOf(selected[0]!) : null,
  };
}

// Rendering -------------------------------------------------------------------------------------------------

function categoryColor(settings: EditionSettings, code: string): string {
  return findCategory(settings, code)?.color ?? settings.vk?.categories.find((c) => c.code === code)?.color ?? '#9e9e9e';
}

/** The badge's id in its QR code: edition, P(articipant) or A(ttendee), number — what check-in scans. */
export function badgeIdOf(editionCode: string, holder: { holder: BadgeHolder['holder']; id: number }): string {
  return `${editionCode}:${holder.holder === 'participant' ? 'P' : 'A'}${holder.id}`;
}

/**
 * Reads a stored photo and scales it to the pixels its printed box needs (no more: the PDF stays small).
 * A photo already scaled for this document (`seen`, by the hash of the stored bytes) is not scaled again: the
 * document refers to the image it embedded.
 */
async function photoAtPrintSize(
  db: DbOrTx,
  holder: BadgeHolder,
  pixels: { width: number; height: number },
  seen: Set<string>,
): Promise<PrintPhoto | undefined> {
  if (holder.photoVersion === null) return undefined;
  const stored = await findBadgePhoto(db, holder.holder, holder.id);
  if (!stored) return undefined;
  const key = createHash('sha256').update(stored).digest('base64url');
  if (seen.has(key)) return { key };
  seen.add(key);
  // Huffman tables left standard: optimising them costs a tenth of the scaling's time for 20 % of a small file.
  return { key, jpeg: await sharp(stored).resize(pixels.width, pixels.height, { fit: 'cover' }).jpeg({ quality: 85, optimiseCoding: false }).toBuffer() };
}

/** The first enabled sponsor's logo (the sponsors' order puts the main sponsor first), as a PNG for its box. */
async function sponsorLogo(db: DbOrTx): Promise<Buffer | undefined> {
  const sponsor = (await listSponsors(db)).find((s) => s.enabled);
  if (!sponsor) return undefined;
  const file = await getFileForDownload(db, sponsor.logo.group, sponsor.logo.name, { onlyPublic: false });
  if (!file.data) return undefined;
  return sharp(file.data).resize(BADGE_LOGO_PIXELS.width, BADGE_LOGO_PIXELS.height, { fit: 'inside' }).png().toBuffer();
}

/**
 * One page's worth of work: `load` reads and scales what the page needs (photos: database and sharp's threads) into
 * the page's description (`PageSpec`), which a worker thread draws (pdfkit). The renderer loads the next page while
 * the thread draws this one.
 */
export type PagePlan = { items: number; load: () => Promise<PageSpec> };

export type Rendering = { title: string; total: number; pages: PagePlan[]; afterDone?: (tx: DbOrTx, jobId: string, now: Date) => Promise<void> };

function pagesOf<T>(items: T[], perPage: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += perPage) pages.push(items.slice(i, i + perPage));
  return pages;
}

async function planBadges(db: Db, request: PrintRequest, language: Language): Promise<Rendering> {
  const { editionCode, settings, holders } = await holdersWithState(db, request.kind);
  const selected = select(holders, request.selection);
  const style: BadgeSheetStyle = {
    editionName: settings.name[language],
    sponsorLogo: await sponsorLogo(db),
    mealColors: settings.mealLabelColors ?? { HB: '#9e9e9e', BO: '#9e9e9e' },
  };
  const seen = new Set<string>();
  const pages = pagesOf(selected, BADGES_PER_PAGE).map((holders): PagePlan => ({
    items: holders.length,
    load: async () => {
      const photos = await Promise.all(holders.map((h) => photoAtPrintSize(db, h, BADGE_PHOTO_PIXELS, seen)));
      const badges = holders.map((h, i) => ({
        badgeId: badgeIdOf(editionCode, h),
        firstName: h.firstName,
        lastName: h.lastName,
        category: h.category,
        categoryColor: categoryColor(settings, h.category),
        mealsCode: h.mealsCode,
        club: h.clubName,
        photo: photos[i],
      }));
      return { sheet: 'badges', badges, style };
    },
  }));
  return {
    title: `${PRINT_TEXTS[language].badgesTitle} ${settings.shortName[language]}`,
    total: selected.length,
    pages,
    // Printing marks the badges printed, remembering what they showed so a later change flags a reprint.
    afterDone: async (tx, jobId, now) =>
      upsertBadgePrints(
        tx,
        selected.map((h) => ({ editionCode, holderType: h.holder, holderId: h.id, fingerprint: badgeFingerprint(h), printedAt: now, jobId })),
      ),
  };
}

/** Name cards and check-in lists are for players only. */
async function selectPlayers(db: Db, request: PrintRequest) {
  const { settings, holders } = await holdersWithState(db, request.kind);
  const players = select(holders, request.selection).filter((h) => h.holder === 'participant');
  return { settings, players };
}

async function planNameCards(db: Db, request: PrintRequest, language: Language): Promise<Rendering> {
  const { settings, players } = await selectPlayers(db, request);
  const texts = PRINT_TEXTS[language];
  return {
    title: `${texts.nameCardsTitle} ${settings.shortName[language]}`,
    total: players.length,
    pages: pagesOf(players, NAME_CARDS_PER_PAGE).map((cards): PagePlan => ({
      items: cards.length,
      load: async () => ({
        sheet: 'namecards',
        language,
        cards: cards.map((p) => ({
          firstName: p.firstName,
          lastName: p.lastName,
          fideFederation: p.fideFederation,
          ratingNational: p.ratingNational,
          ratingFide: p.ratingFide,
          category: p.category,
          categoryColor: categoryColor(settings, p.category),
        })),
      }),
    })),
  };
}

async function planCheckIn(db: Db, request: PrintRequest, language: Language): Promise<Rendering> {
  const { settings, players } = await selectPlayers(db, request);
  const payments = await listPaymentStatusesOfSources(db, request.kind === 'vk' ? 'participant_vk' : 'participant_bjk');
  const paymentOf = (id: number) => {
    const status = payments.get(String(id));
    return !status || status === 'cancelled' ? 'none' : status;
  };
  const texts = PRINT_TEXTS[language];
  const pages: PagePlan[] = [];
  const categories = [...new Set(players.map((p) => p.category))];
  const seen = new Set<string>();
  for (const category of categories) {
    const ofCategory = players.filter((p) => p.category === category);
    pagesOf(ofCategory, CHECK_IN_ROWS_PER_PAGE).forEach((rows, index) =>
      pages.push({
        items: rows.length,
        load: async () => {
          const photos = await Promise.all(rows.map((p) => photoAtPrintSize(db, p, THUMBNAIL_PIXELS, seen)));
          return {
            sheet: 'checkin',
            language,
            title: `${texts.checkInTitle(category)} — ${settings.shortName[language]}`,
            pageNumber: index + 1,
            rows: rows.map((p, i) => ({ firstName: p.firstName, lastName: p.lastName, club: p.clubName, photo: photos[i], payment: paymentOf(p.id) })),
          };
        },
      }),
    );
  }
  return { title: `${texts.checkInTitle('')}${settings.shortName[language]}`, total: players.length, pages };
}

async function planMeals(db: Db, language: Language): Promise<Rendering> {
  const { settings } = await getCurrentEdition(db);
  const rows: MealCountRow[] = await countReservedMeals(db);
  const texts = PRINT_TEXTS[language];
  const title = `${texts.mealsTitle} — ${settings.shortName[language]}`;
  return {
    title,
    total: rows.length,
    pages: pagesOf(rows, MEAL_ROWS_PER_PAGE).map((lines, index): PagePlan => ({
      items: lines.length,
      load: async () => ({ sheet: 'meals', language, title, pageNumber: index + 1, rows: lines }),
    })),
  };
}

/**
 * The vouchers of a category from its current standings and the edition's prize table, for the manager to
 * check and adjust before printing. Standings come from the results area; `provisional` warns when they are
 * not final (unofficial results counted, or rounds still to play).
 */
export async function proposeCategoryVouchers(db: DbOrTx, category: string, language: Language): Promise<VoucherProposal> {
  const { settings } = await getCurrentEdition(db);
  const prizes = settings.prizes?.categories.find((c) => c.category === category);
  if (!settings.prizes || !prizes) throw notFound(PRINT_ERRORS.noPrizeTable, `The edition has no prize table for ${category}`, { category });
  const standings = await listPrizeStandings(db, category);
  // Youth categories keep their numbers; the vk's follow them, so no two categories share a code base.
  const categoryNumber = [...settings.categories, ...(settings.vk?.categories ?? [])].findIndex((c) => c.code === category) + 1;
  return {
    category,
    provisional: standings.provisional || standings.afterRound < standings.plannedRounds,
    afterRound: standings.afterRound,
    plannedRounds: standings.plannedRounds,
    validUntil: settings.prizes.validUntil,
    vouchers: proposeVouchers({ year: settings.year, categoryNumber, language, prizes, rows: standings.rows }),
  };
}

async function planVouchers(db: Db, request: PrintRequest, language: Language): Promise<Rendering> {
  const { settings } = await getCurrentEdition(db);
  if (!settings.prizes) throw notFound(PRINT_ERRORS.noPrizeTable, 'The edition has no prize table');
  const vouchers =
    request.vouchers ?? (request.selection.scope === 'category' ? (await proposeCategoryVouchers(db, request.selection.category, language)).vouchers : []);
  const invalid = vouchers.filter((v) => !isValidStructuredMessageDigits(v.code));
  if (invalid.length > 0)
    throw new AppError(400, PRINT_ERRORS.invalidVoucherCode, 'A voucher code is not a valid structured message', { codes: invalid.map((v) => v.code) });
  const texts = PRINT_TEXTS[language];
  const validUntil = settings.prizes.validUntil;
  const categoryColors = Object.fromEntries(vouchers.map((v) => [v.category, categoryColor(settings, v.category)]));
  return {
    title: `${texts.vouchersTitle} ${settings.shortName[language]}`,
    total: vouchers.length,
    pages: pagesOf(vouchers, VOUCHERS_PER_PAGE).map((sheet): PagePlan => ({
      items: sheet.length,
      load: async () => ({ sheet: 'vouchers', language, editionName: settings.name[language], validUntil, categoryColors, vouchers: sheet }),
    })),
  };
}

export function plan(db: DbOrTx, request: PrintRequest, language: Language): Promise<Rendering> {
  switch (request.document) {
    case 'badges':
      return planBadges(db, request, language);
    case 'namecards':
      return planNameCards(db, request, language);
    case 'checkin':
      return planCheckIn(db, request, language);
    case 'meals':
      return planMeals(db, language);
    case 'vouchers':
      return planVouchers(db, request, language);
  }
}
