import { createHash, randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import {
  PRINT_ERRORS,
  findCategory,
  isValidStructuredMessageDigits,
  type VoucherProposal,
  type BadgeHolderSummary,
  type BadgeState,
  type BadgeSummary,
  type EditionSettings,
  type Language,
  type MealCountRow,
  type PrintJob,
  type PrintRequest,
  type PrintSelection,
  type RegistrationKind,
} from '@bjk/domain';
import type { Config } from '../../config.js';
import type { Principal } from '../../platform/access.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db.js';
import type { BulkJobs } from '../../platform/bulk-jobs.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { getFileForDownload, listSponsors } from '../files/files.service.js';
import { countReservedMeals } from '../lodging/lodging.service.js';
import { listPrizeStandings } from '../results/results.service.js';
import { findBadgePhoto, listBadgeHolders, type BadgeHolder } from '../participants/participants.service.js';
import { BADGES_PER_PAGE, BADGE_LOGO_PIXELS, BADGE_PHOTO_PIXELS, drawBadge, startBadgePage, type BadgeSheetStyle } from './badge-sheet.js';
import { badgeFingerprint, badgeStateOf } from './badge-state.js';
import { CHECK_IN_ROWS_PER_PAGE, THUMBNAIL_PIXELS, drawCheckInRow, startCheckInPage } from './checkin-list.js';
import { MEAL_ROWS_PER_PAGE, drawMealRow, startMealPage } from './meal-list.js';
import { NAME_CARDS_PER_PAGE, drawNameCard } from './name-cards.js';
import { openPdf, openPhotos, type Pdf, type PrintPhoto } from './pdf-canvas.js';
import { PRINT_TEXTS } from './print-texts.js';
import { proposeVouchers } from './prize-vouchers.js';
import { VOUCHERS_PER_PAGE, drawVoucher } from './voucher-sheet.js';
import {
  deletePrintJobsBefore,
  claimInterruptedPrintJob,
  findPrintJob,
  listInterruptedPrintJobs,
  markInterruptedPrintJobs,
  findPrintJobChunk,
  insertPrintJob,
  insertPrintJobChunk,
  listBadgePrintRows,
  listPrintJobChunkSeqs,
  updatePrintJob,
  upsertBadgePrints,
  type PrintJobRow,
} from './print.repository.js';

export type PrintDeps = { db: Db; clock: Clock; config: Config };

/** Produced PDFs are for downloading at once; older jobs and their bytes are removed when a new one starts. */
const JOB_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Bytes are written to the database in chunks of about this size, so memory stays flat however long the batch. */
const CHUNK_BYTES = 512 * 1024;

/**
 * Jobs rendering in this instance, so a caller can wait for one to finish (`?wait=`). Progress and bytes
 * live in the database: any instance answers the job's state and serves its PDF.
 */
const running = new Map<string, Promise<void>>();

function toPrintJob(row: PrintJobRow): PrintJob {
  return {
    id: row.id,
    document: row.document as PrintJob['document'],
    preview: row.preview,
    status: row.status,
    done: row.done,
    total: row.total,
    pages: row.pages,
    bytes: row.bytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

// Who is printed --------------------------------------------------------------------------------------------

type SelectedHolder = BadgeHolder & { state: BadgeState };

async function holdersWithState(db: DbOrTx, kind: RegistrationKind): Promise<{ editionCode: string; settings: EditionSettings; holders: SelectedHolder[] }> {
  const { code, settings } = await getCurrentEdition(db);
  const printed = new Map((await listBadgePrintRows(db, code)).map((r) => [`${r.holderType}:${r.holderId}`, r.fingerprint]));
  const holders = (await listBadgeHolders(db, kind)).map((h) => ({ ...h, state: badgeStateOf(printed.get(`${h.holder}:${h.id}`), h) }));
  return { editionCode: code, settings, holders: holders.sort(printOrder(settings)) };
}

/**
 * Players before attendees, then by the edition's category order and by name in the organisers' language,
 * so sheets come out in the same order on PGlite and PostgreSQL whatever the database's collation.
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

const summaryOf = (h: SelectedHolder): BadgeHolderSummary => ({ holder: h.holder, id: h.id, firstName: h.firstName, lastName: h.lastName, category: h.category, state: h.state });

/** What the manager sees before printing badges: counts by state and everyone who will get the photo placeholder. */
export async function getBadgeSummary(db: Db, kind: RegistrationKind, selection: PrintSelection): Promise<BadgeSummary> {
  const { holders } = await holdersWithState(db, kind);
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
async function photoAtPrintSize(db: DbOrTx, holder: BadgeHolder, pixels: { width: number; height: number }, seen: Set<string>): Promise<PrintPhoto | undefined> {
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
 * One page's worth of work: `load` reads and scales what the page needs (photos: database and sharp's threads),
 * `draw` puts it on the page (pdfkit, this thread). The renderer loads the next page while drawing this one.
 */
type PagePlan<T = unknown> = { items: number; load: () => Promise<T>; draw: (doc: Pdf, loaded: T) => void };

const page = <T>(plan: PagePlan<T>): PagePlan => plan as PagePlan;

type Rendering = { title: string; total: number; pages: PagePlan[]; afterDone?: (tx: DbOrTx, jobId: string, now: Date) => Promise<void> };

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
  const pages = pagesOf(selected, BADGES_PER_PAGE).map((holders) =>
    page({
      items: holders.length,
      load: () => Promise.all(holders.map((h) => photoAtPrintSize(db, h, BADGE_PHOTO_PIXELS, seen))),
      draw: (doc, photos) => {
        openPhotos(doc, 'badge', photos);
        startBadgePage(doc);
        holders.forEach((h, i) =>
          drawBadge(doc, i, { badgeId: badgeIdOf(editionCode, h), firstName: h.firstName, lastName: h.lastName, category: h.category, categoryColor: categoryColor(settings, h.category), mealsCode: h.mealsCode, club: h.clubName, photo: photos[i] }, style),
        );
      },
    }),
  );
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
    pages: pagesOf(players, NAME_CARDS_PER_PAGE).map((cards) =>
      page({
        items: cards.length,
        load: async () => undefined,
        draw: (doc) => cards.forEach((p, slot) => drawNameCard(doc, slot, { ...p, categoryColor: categoryColor(settings, p.category) }, texts)),
      }),
    ),
  };
}

async function planCheckIn(db: Db, request: PrintRequest, language: Language): Promise<Rendering> {
  const { settings, players } = await selectPlayers(db, request);
  const texts = PRINT_TEXTS[language];
  const pages: PagePlan[] = [];
  const categories = [...new Set(players.map((p) => p.category))];
  const seen = new Set<string>();
  for (const category of categories) {
    const ofCategory = players.filter((p) => p.category === category);
    pagesOf(ofCategory, CHECK_IN_ROWS_PER_PAGE).forEach((rows, index) =>
      pages.push(
        page({
          items: rows.length,
          load: () => Promise.all(rows.map((p) => photoAtPrintSize(db, p, THUMBNAIL_PIXELS, seen))),
          draw: (doc, photos) => {
            openPhotos(doc, 'thumbnail', photos);
            startCheckInPage(doc, `${texts.checkInTitle(category)} — ${settings.shortName[language]}`, index + 1, texts);
            rows.forEach((p, i) => drawCheckInRow(doc, i, { firstName: p.firstName, lastName: p.lastName, club: p.clubName, photo: photos[i] }));
          },
        }),
      ),
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
    pages: pagesOf(rows, MEAL_ROWS_PER_PAGE).map((lines, index) =>
      page({
        items: lines.length,
        load: async () => undefined,
        draw: (doc) => {
          startMealPage(doc, title, index + 1, texts);
          lines.forEach((row, i) => drawMealRow(doc, i, row, texts, language));
        },
      }),
    ),
  };
}

/** A date-only value in the reader's language ("31 maart 2027"). */
function longDate(date: string, language: Language): string {
  return new Intl.DateTimeFormat(`${language}-BE`, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * The vouchers of a category from its current standings and the edition's prize table, for the manager to
 * check and adjust before printing. Standings come from the results area; `provisional` warns when they are
 * not final (unofficial results counted, or rounds still to play).
 */
export async function proposeCategoryVouchers(db: Db, category: string, language: Language): Promise<VoucherProposal> {
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
  if (invalid.length > 0) throw new AppError(400, PRINT_ERRORS.invalidVoucherCode, 'A voucher code is not a valid structured message', { codes: invalid.map((v) => v.code) });
  const texts = PRINT_TEXTS[language];
  const money = new Intl.NumberFormat(`${language}-BE`, { style: 'currency', currency: 'EUR' });
  const style = {
    editionName: settings.name[language],
    title: texts.voucherTitle,
    validUntil: texts.validUntil(longDate(settings.prizes.validUntil, language)),
    signature: texts.signature,
    money: (cents: number) => money.format(cents / 100),
    categoryColor: (code: string) => categoryColor(settings, code),
  };
  return {
    title: `${texts.vouchersTitle} ${settings.shortName[language]}`,
    total: vouchers.length,
    pages: pagesOf(vouchers, VOUCHERS_PER_PAGE).map((sheet) =>
      page({ items: sheet.length, load: async () => undefined, draw: (doc) => sheet.forEach((v, slot) => drawVoucher(doc, slot, v, style)) }),
    ),
  };
}

function plan(db: Db, request: PrintRequest, language: Language): Promise<Rendering> {
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

// Jobs ------------------------------------------------------------------------------------------------------

/**
 * Renders the planned pages into a PDF whose bytes go to the database chunk by chunk as pdfkit emits them:
 * after each page the pending bytes are written and the progress updated, so neither memory nor the time
 * to first progress grows with the batch.
 */
async function renderJob(deps: PrintDeps, jobId: string, rendering: Rendering, preview: boolean, actor: Principal): Promise<void> {
  const { db, clock, config } = deps;
  const doc = openPdf(config.printFontDir, { Title: rendering.title, Author: actor.displayName });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let written = 0;
  let seq = 0;
  doc.on('data', (chunk: Buffer) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const flush = async (force: boolean) => {
    if (pendingBytes === 0 || (!force && pendingBytes < CHUNK_BYTES)) return;
    const data = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await insertPrintJobChunk(db, jobId, seq++, data);
    written += data.length;
  };
  try {
    const pages = preview ? rendering.pages.slice(0, 1) : rendering.pages;
    let done = 0;
    let next = pages[0]?.load();
    for (const [index, page] of pages.entries()) {
      const loaded = await next;
      next = pages[index + 1]?.load();
      // Awaited on the next turn; until then a failure must not count as unhandled (the job fails at that await).
      next?.catch(() => undefined);
      page.draw(doc, loaded);
      done += page.items;
      await flush(false);
      await updatePrintJob(db, jobId, { done, pages: index + 1, updatedAt: clock.now() });
    }
    doc.end();
    await ended;
    await flush(true);
    await db.transaction(async (tx) => {
      const now = clock.now();
      await updatePrintJob(tx, jobId, { status: 'done', done, pages: pages.length, bytes: written, updatedAt: now, finishedAt: now });
      if (!preview && rendering.afterDone) await rendering.afterDone(tx, jobId, now);
      await recordAudit(tx, { actor, action: preview ? 'print.preview' : 'print.produce', subjectType: 'print_job', subjectId: jobId, after: { items: done, pages: pages.length, bytes: written } });
    });
  } catch (error) {
    doc.removeAllListeners('data');
    await updatePrintJob(db, jobId, { status: 'failed', error: (error as Error).message.slice(0, 500), updatedAt: clock.now(), finishedAt: clock.now() });
    throw error;
  }
}

/**
 * Starts producing a PDF and answers the job at once; the browser follows its progress and downloads the
 * result when done. Nothing to print is refused before a job exists.
 */
export async function startPrintJob(deps: PrintDeps, request: PrintRequest, language: Language, actor: Principal): Promise<PrintJob> {
  const { db, clock } = deps;
  const rendering = await plan(db, request, language);
  if (rendering.total === 0) throw new AppError(422, PRINT_ERRORS.nothingToPrint, 'Nobody matches this selection');
  const now = clock.now();
  await deletePrintJobsBefore(db, new Date(now.getTime() - JOB_RETENTION_MS));
  const total = request.preview ? (rendering.pages[0]?.items ?? 0) : rendering.total;
  const row = await insertPrintJob(db, {
    id: randomUUID(),
    document: request.document,
    request,
    preview: request.preview,
    status: 'running',
    language,
    total,
    createdBy: actor.displayName,
    createdAt: now,
    updatedAt: now,
  });
  const job = renderJob(deps, row.id, rendering, request.preview, actor)
    // The failure is recorded on the job (status failed, error); the browser reads it there.
    .catch(() => undefined)
    .finally(() => running.delete(row.id));
  running.set(row.id, job);
  return toPrintJob(row);
}

/**
 * Print jobs under the platform's interruption rule: an interrupted job is rendered again from its stored
 * request (its partial bytes dropped); badges are marked printed only when a job is done, so nothing counts twice.
 */
export function printBulkJobs(deps: PrintDeps): BulkJobs {
  return {
    kind: 'print',
    permission: 'print:write',
    markInterrupted: (db, staleBefore) => markInterruptedPrintJobs(db, staleBefore),
    listInterrupted: async (db) =>
      (await listInterruptedPrintJobs(db)).map((row) => ({
        kind: 'print' as const,
        id: row.id,
        action: row.document,
        done: row.done,
        total: row.total,
        startedAt: row.createdAt.toISOString(),
      })),
    resume: async (id, actor) => {
      const row = await deps.db.transaction((tx) => claimInterruptedPrintJob(tx, id, deps.clock.now()));
      if (!row) return false;
      const finished = (async () => {
        try {
          const rendering = await plan(deps.db, row.request, row.language);
          await renderJob(deps, row.id, rendering, row.preview, actor);
        } catch (error) {
          await updatePrintJob(deps.db, row.id, { status: 'failed', error: (error as Error).message.slice(0, 500), updatedAt: deps.clock.now(), finishedAt: deps.clock.now() });
          throw error;
        }
      })().finally(() => running.delete(row.id));
      running.set(row.id, finished);
      return { finished };
    },
  };
}

/** The job's progress; with `waitSeconds`, waits (in the instance rendering it) until it finishes or the time is up. */
export async function getPrintJob(db: Db, id: string, waitSeconds = 0): Promise<PrintJob> {
  const inProgress = running.get(id);
  if (inProgress && waitSeconds > 0) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([inProgress, new Promise((resolve) => (timer = setTimeout(resolve, waitSeconds * 1000)))]);
    clearTimeout(timer);
  }
  const row = await findPrintJob(db, id);
  if (!row) throw notFound(PRINT_ERRORS.jobNotFound, 'No such print job');
  return toPrintJob(row);
}

/** Every job still rendering in this instance (graceful shutdown waits for them). */
export function printJobsInProgress(): Promise<unknown> {
  return Promise.allSettled([...running.values()]);
}

async function doneJob(db: Db, id: string): Promise<PrintJobRow> {
  const row = await findPrintJob(db, id);
  if (!row) throw notFound(PRINT_ERRORS.jobNotFound, 'No such print job');
  if (row.status !== 'done') throw conflict(PRINT_ERRORS.jobNotDone, 'The PDF is not ready', { status: row.status });
  return row;
}

/** The produced PDF as a stream, read from the database one chunk at a time. */
export async function streamPrintJobPdf(db: Db, id: string): Promise<{ stream: Readable; bytes: number; fileName: string }> {
  const row = await doneJob(db, id);
  const seqs = await listPrintJobChunkSeqs(db, id);
  async function* chunks() {
    for (const seq of seqs) {
      const data = await findPrintJobChunk(db, id, seq);
      if (data) yield data;
    }
  }
  return { stream: Readable.from(chunks()), bytes: row.bytes, fileName: `${row.document}-${row.createdAt.toISOString().slice(0, 10)}.pdf` };
}

const run = promisify(execFile);

/**
 * The job's first page as a PNG (poppler's pdftoppm), for the preview on screen: what comes out of the
 * printer, rendered from the PDF itself rather than imitated in HTML.
 */
export async function renderPrintJobPreview(db: Db, id: string): Promise<Buffer> {
  await doneJob(db, id);
  const dir = await mkdtemp(path.join(tmpdir(), 'print-preview-'));
  try {
    const pdf = path.join(dir, 'job.pdf');
    const { stream } = await streamPrintJobPdf(db, id);
    const parts: Buffer[] = [];
    for await (const chunk of stream) parts.push(chunk as Buffer);
    await writeFile(pdf, Buffer.concat(parts));
    await run('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(dir, 'page')]);
    return await readFile(path.join(dir, 'page.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
