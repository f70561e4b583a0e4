import {
  FIDE_TIE_BREAK_RULES,
  PLATFORM_ERRORS,
  RESULTS_ERRORS,
  TOURNAMENT_FILE_MAX_BYTES,
  findCategory,
  legacySwarRules,
  normaliseResultsCategory,
  programName,
  tieBreakRulesOf,
  withBoardOrder,
  writeTrf16,
  type FideTieBreakRules,
  type Language,
  type PublicTournament,
  type ResultsCategorySummary,
  type RoundPairings,
  type Standings,
  type TieBreakRules,
  type Tournament,
  type TournamentDiff,
  type TournamentImport,
  type VersionDiff,
  type TournamentVersion,
  type UnofficialResultInput,
  type UnofficialRound,
} from '@bjk/domain';
import type { Principal } from '../../platform/access.js';
import type { ManagerContext } from '../../platform/service-context.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { inTransaction } from '../../platform/after-commit.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { readTournamentFile } from './tournament-file-workers.js';
import {
  deleteDraft,
  deleteUnofficialResult,
  findCurrentVersionStamp,
  findVersionTournament,
  findCurrentVersionWithContent,
  findDraft,
  findSameDraftId,
  findUnofficialResult,
  findVersionRow,
  insertDraft,
  insertVersion,
  listCurrentVersions,
  listUnofficial,
  listVersionRows,
  lockResultsKey,
  lockUnofficialGame,
  nextVersionNumber,
  setCurrentVersion,
  upsertUnofficialResult,
} from './results.repository.js';
import { diffTournaments, matchUnofficial, pairingPlayerKey, publicPlayer, roundPairings, standingsCsv, standingsOf, takesAway } from './tournament-views.js';

/** A category of the current edition, by code or by the specification's tournament names ("trn_u8"). */
async function editionCategory(db: DbOrTx, name: string): Promise<{ edition: string; category: string }> {
  const edition = await getCurrentEdition(db);
  const category = normaliseResultsCategory(name);
  if (!findCategory(edition.settings, category)) {
    throw badRequest(RESULTS_ERRORS.categoryUnknown, `The edition has no category ${category}`, { value: category });
  }
  return { edition: edition.code, category };
}

type CurrentVersion = { version: number; tournament: Tournament; publishedAt: Date; fileName: string };

/**
 * Parsed versions this process read, newest use last (versions are never changed once written; a new publish or a
 * restore is a new version). The key holds the instant the version was published, so a database whose version 3 of a
 * category is another file (another edition's restore, a test's fresh database) never finds this one.
 */
const parsedVersions = new Map<string, Tournament>();
const PARSED_VERSIONS_KEPT = 32;

/** Freezes what is kept: a caller that changed a kept tournament would change every later reader's. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A category's current version. Only its stamp (version, publication) is read each time, a few bytes; its content
 * (hundreds of kB of JSON for a large category, parsed on the event loop) once per version and process (issue 22: an
 * arbiter's every result read and parsed the whole file again). Every instance asks the database which version is
 * current, so a publish on another instance is seen at once.
 */
export async function findCurrentVersion(db: DbOrTx, edition: string, category: string): Promise<CurrentVersion | null> {
  const stamp = await findCurrentVersionStamp(db, edition, category);
  if (!stamp) return null;
  const key = JSON.stringify([edition, category, stamp.version, stamp.publishedAt.toISOString()]);
  let tournament = parsedVersions.get(key);
  if (tournament) parsedVersions.delete(key);
  else {
    const stored = await findVersionTournament(db, edition, category, stamp.version);
    if (!stored) return null;
    // A TRF version stored before its games had board numbers gets them now (the reader numbers them since).
    tournament = deepFreeze(stored.format === 'trf' ? { ...stored, players: withBoardOrder(stored.players, (p) => p.pairingNumber) } : stored);
  }
  parsedVersions.set(key, tournament);
  if (parsedVersions.size > PARSED_VERSIONS_KEPT) parsedVersions.delete(parsedVersions.keys().next().value!);
  return { ...stamp, tournament };
}

async function getCurrentVersion(db: DbOrTx, name: string): Promise<CurrentVersion & { edition: string; category: string }> {
  const { edition, category } = await editionCategory(db, name);
  const current = await findCurrentVersion(db, edition, category);
  if (!current) throw notFound(RESULTS_ERRORS.notPublished, `No results are published for ${category}`);
  return { ...current, edition, category };
}

/**
 * The tie-break rules a file will be published with, and the manager's choices. A Swar file before v6.5 keeps the
 * rules of its release (no choice). Otherwise the category's current choice (stored with every version, so a choice
 * made at the first upload holds for the week), else the FIDE text in force on the file's start date, or on the
 * edition's when the file names none.
 */
function proposedRules(
  tournament: Tournament,
  current: { tournament: Tournament } | null,
  editionStart: string | null,
): { rules: TieBreakRules; choices: FideTieBreakRules[] } {
  const legacy = legacySwarRules(tournament);
  if (legacy) return { rules: legacy, choices: [] };
  const kept = current?.tournament.tieBreakRules;
  const rules =
    kept && (FIDE_TIE_BREAK_RULES as readonly string[]).includes(kept) ? kept : tieBreakRulesOf({ ...tournament, tieBreakRules: undefined }, editionStart);
  return { rules, choices: [...FIDE_TIE_BREAK_RULES] };
}

/** The tournament as it is published: with the rules its tie-breaks follow, the manager's choice or the proposal. */
function withRules(
  tournament: Tournament,
  current: { tournament: Tournament } | null,
  editionStart: string | null,
  chosen: FideTieBreakRules | undefined,
): Tournament {
  const proposal = proposedRules(tournament, current, editionStart);
  if (chosen && !proposal.choices.includes(chosen)) {
    throw badRequest(RESULTS_ERRORS.tieBreakRulesFixed, `This file keeps its program's tie-break rules (${proposal.rules})`, { value: proposal.rules });
  }
  return { ...tournament, tieBreakRules: chosen ?? proposal.rules };
}

async function previewOf(
  db: DbOrTx,
  id: string,
  fileName: string,
  tournament: Tournament,
  edition: { code: string; settings: { startDate: string | null } },
  categoryName: string | null,
): Promise<TournamentImport> {
  const category = categoryName ? normaliseResultsCategory(categoryName) : null;
  const current = category ? await findCurrentVersion(db, edition.code, category) : null;
  const unofficial = category ? await listUnofficial(db, edition.code, category) : [];
  const rules = proposedRules(tournament, current, edition.settings.startDate);
  const diff = diffTournaments(current?.tournament ?? null, tournament, unofficial);
  return {
    id,
    fileName,
    format: programName(tournament),
    name: tournament.name,
    players: tournament.players.length,
    plannedRounds: tournament.plannedRounds,
    pairedRounds: tournament.pairedRounds,
    categoryHint: tournament.categoryHint,
    comparedWithVersion: current?.version ?? null,
    diff,
    tieBreakRules: rules.rules,
    tieBreakRulesChoices: rules.choices,
    confirmationRequired: takesAway(diff),
  };
}

/** Refuses a publish that takes players, rounds or results away unless the manager confirmed it, naming what. */
function requireConfirmation(diff: TournamentDiff, confirmed: boolean | undefined, restoring = false): void {
  if (confirmed || (!restoring && !takesAway(diff))) return;
  throw conflict(RESULTS_ERRORS.confirmationRequired, 'This publish takes something away or restores an older version: confirm it first', {
    playersRemoved: diff.playersRemoved.length,
    roundsRemoved: diff.roundsRemoved.join(', '),
    resultsRemoved: diff.resultsChanged.filter((c) => c.before !== null && c.after === null).length,
  });
}

/**
 * Reads an uploaded file and keeps it as a draft; the answer proposes the category and shows what would change.
 * The same file uploaded again (double click, retry) gives back the same draft instead of a second one.
 */
export async function importTournamentFile(ctx: ManagerContext, file: { fileName: string; bytes: Uint8Array }): Promise<TournamentImport> {
  const { db, actor } = ctx;
  const tournament = await readTournamentFile(file.bytes, ctx.config);
  const edition = await getCurrentEdition(db);
  const id = await db.transaction(async (tx) => {
    await lockResultsKey(tx, `results-drafts:${edition.code}`);
    const existing = await findSameDraftId(tx, edition.code, file.fileName, tournament);
    if (existing) return existing;
    return insertDraft(tx, { edition: edition.code, fileName: file.fileName, tournament, createdBy: actor.email });
  });
  const hint = tournament.categoryHint && findCategory(edition.settings, tournament.categoryHint) ? tournament.categoryHint : null;
  return previewOf(db, id, file.fileName, tournament, edition, hint);
}

async function getImport(db: DbOrTx, id: string) {
  const row = await findDraft(db, id);
  if (!row) throw notFound(RESULTS_ERRORS.importNotFound, 'This import does not exist (any more)');
  return row;
}

/** The diff of a draft against the published version of the category the manager chose. */
export async function previewImport(db: DbOrTx, id: string, categoryName: string): Promise<TournamentImport> {
  const row = await getImport(db, id);
  const { category } = await editionCategory(db, categoryName);
  return previewOf(db, row.id, row.fileName, row.tournament, await getCurrentEdition(db), category);
}

/** Publishes a tournament as the category's next version, in one transaction: all or nothing. */
async function publishTournament(
  tx: DbOrTx,
  edition: string,
  category: string,
  fileName: string,
  tournament: Tournament,
  actor: Principal,
  restoredFrom: number | null,
): Promise<number> {
  // Publishes of one category take turns: the second of two at once takes the next number instead of failing.
  await lockResultsKey(tx, `results-versions:${edition}/${category}`);
  const version = await nextVersionNumber(tx, edition, category);
  try {
    await insertVersion(tx, { edition, category, version, fileName, tournament, publishedBy: actor.email, restoredFrom });
  } catch (error) {
    if ((error as { code?: string }).code === '23505' || /duplicate key/.test(String((error as Error).message))) {
      throw conflict('platform.conflict', 'Another version was published at the same moment; reload and try again');
    }
    throw error;
  }
  await setCurrentVersion(tx, edition, category, version);
  // The official file supersedes the arbiters' results of every game it has a result for.
  const superseded = matchUnofficial(tournament, await listUnofficial(tx, edition, category)).matched.filter((u) =>
    roundPairings(tournament, u.round).some((p) => p.board === u.board && p.result !== null),
  );
  for (const u of superseded) await deleteUnofficialResult(tx, edition, category, u);
  await recordAudit(tx, {
    actor,
    action: restoredFrom ? 'results.version_restored' : 'results.published',
    subjectType: 'tournament',
    subjectId: `${edition}/${category}`,
    after: {
      version,
      fileName,
      restoredFrom,
      players: tournament.players.length,
      pairedRounds: tournament.pairedRounds,
      unofficialSuperseded: superseded.length,
    },
  });
  return version;
}

export async function publishImport(
  ctx: ManagerContext,
  id: string,
  input: { category: string; tieBreakRules?: FideTieBreakRules | undefined; confirm?: boolean | undefined },
): Promise<TournamentVersion> {
  const { db, actor } = ctx;
  const version = await inTransaction(ctx, async ({ db: tx, afterCommit }) => {
    const row = await getImport(tx, id);
    const { edition, category } = await editionCategory(tx, input.category);
    // Against the version current under the lock: what the manager confirmed is what is replaced.
    await lockResultsKey(tx, `results-versions:${edition}/${category}`);
    const current = await findCurrentVersion(tx, edition, category);
    const tournament = withRules(row.tournament, current, (await getCurrentEdition(tx)).settings.startDate, input.tieBreakRules);
    requireConfirmation(diffTournaments(current?.tournament ?? null, row.tournament, []), input.confirm);
    const published = await publishTournament(tx, edition, category, row.fileName, tournament, actor, null);
    await deleteDraft(tx, id);
    afterCommit({ type: 'results.changed', edition, category, cause: 'published', change: `version:${published}` });
    return { category, published };
  });
  return (await listVersions(db, version.category)).find((v) => v.version === version.published)!;
}

/** The bytes of a data URL: base64 (a browser's FileReader) or percent-encoded text. */
function dataUrlBytes(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  const header = comma < 0 ? '' : dataUrl.slice(0, comma);
  if (!/^data:[^,]*$/.test(header)) throw badRequest(RESULTS_ERRORS.invalidDataUrl, 'jsoncontent is not a data URL');
  const payload = dataUrl.slice(comma + 1);
  if (/;base64$/i.test(header)) return Buffer.from(payload, 'base64');
  try {
    return Buffer.from(decodeURIComponent(payload), 'utf8');
  } catch {
    throw badRequest(RESULTS_ERRORS.invalidDataUrl, 'jsoncontent is not a well-formed data URL');
  }
}

/**
 * The specification's call: a Swar export as a data URL, read and published at once for the named tournament.
 * Idempotent by content, with or without an Idempotency-Key: when the category's current version already is this
 * file's content (a double click, a retry, a script sending every minute), nothing is published again and the
 * current version is the answer (`created` false).
 */
export async function importAndPublishDataUrl(
  ctx: ManagerContext,
  input: { name: string; jsoncontent: string },
): Promise<{ version: TournamentVersion; created: boolean }> {
  const { db, actor } = ctx;
  const bytes = dataUrlBytes(input.jsoncontent);
  if (bytes.length > TOURNAMENT_FILE_MAX_BYTES) {
    throw new AppError(413, PLATFORM_ERRORS.uploadTooLarge, 'The file is too large', { maxBytes: TOURNAMENT_FILE_MAX_BYTES });
  }
  const file = await readTournamentFile(bytes, ctx.config);
  const { category, published, created } = await inTransaction(ctx, async ({ db: tx, afterCommit }) => {
    const { edition, category } = await editionCategory(tx, input.name);
    await lockResultsKey(tx, `results-versions:${edition}/${category}`);
    // The category's rules (or the date's): the same file sent again is the same version.
    const tournament = withRules(file, await findCurrentVersion(tx, edition, category), (await getCurrentEdition(tx)).settings.startDate, undefined);
    const same = await findCurrentVersionWithContent(tx, edition, category, tournament);
    if (same) return { category, published: same, created: false };
    // The organiser's back office names the file ("bjk_u8.json"); older callers name the tournament ("trn_u8").
    const fileName = /\.json$/i.test(input.name) ? input.name : `${input.name}.json`;
    const published = await publishTournament(tx, edition, category, fileName, tournament, actor, null);
    afterCommit({ type: 'results.changed', edition, category, cause: 'published', change: `version:${published}` });
    return { category, published, created: true };
  });
  return { version: (await listVersions(db, category)).find((v) => v.version === published)!, created };
}

export async function listVersions(db: DbOrTx, categoryName: string): Promise<TournamentVersion[]> {
  const { edition, category } = await editionCategory(db, categoryName);
  const current = await findCurrentVersion(db, edition, category);
  const rows = await listVersionRows(db, edition, category);
  return rows.map((r) => ({
    category,
    version: r.version,
    name: r.tournament.name,
    fileName: r.fileName,
    players: r.tournament.players.length,
    pairedRounds: r.tournament.pairedRounds,
    publishedAt: r.publishedAt.toISOString(),
    publishedBy: r.publishedBy,
    restoredFrom: r.restoredFrom,
    current: r.version === current?.version,
  }));
}

async function getVersion(db: DbOrTx, edition: string, category: string, version: number) {
  const row = await findVersionRow(db, edition, category, version);
  if (!row) throw notFound(RESULTS_ERRORS.versionNotFound, `${category} has no version ${version}`);
  return row;
}

/** What restoring an older version would change against the current one, shown before the manager confirms. */
export async function restoreDiff(db: DbOrTx, categoryName: string, version: number): Promise<VersionDiff> {
  const { edition, category } = await editionCategory(db, categoryName);
  const row = await getVersion(db, edition, category, version);
  const current = await findCurrentVersion(db, edition, category);
  const unofficial = await listUnofficial(db, edition, category);
  return {
    category,
    version,
    comparedWithVersion: current?.version ?? 0,
    diff: diffTournaments(current?.tournament ?? null, row.tournament, unofficial),
  };
}

/** Re-publishes an older version as the newest one (history stays append-only), audited; only once confirmed. */
export async function restoreVersion(ctx: ManagerContext, categoryName: string, version: number, confirm: boolean): Promise<TournamentVersion> {
  const { db, actor } = ctx;
  const published = await inTransaction(ctx, async ({ db: tx, afterCommit }) => {
    const { edition, category } = await editionCategory(tx, categoryName);
    const row = await getVersion(tx, edition, category, version);
    await lockResultsKey(tx, `results-versions:${edition}/${category}`);
    const current = await findCurrentVersion(tx, edition, category);
    requireConfirmation(diffTournaments(current?.tournament ?? null, row.tournament, []), confirm, true);
    const published = await publishTournament(tx, edition, category, row.fileName, row.tournament, actor, version);
    afterCommit({ type: 'results.changed', edition, category, cause: 'published', change: `version:${published}` });
    return published;
  });
  return (await listVersions(db, categoryName)).find((v) => v.version === published)!;
}

/** The change-bus topic of a category's results (a known category only: visitors cannot invent topics). */
export async function resultsTopic(db: DbOrTx, name: string): Promise<string> {
  const { category } = await editionCategory(db, name);
  return `results:${category}`;
}

/** Categories of the current edition with published results. */
export async function listResultsCategories(db: DbOrTx): Promise<ResultsCategorySummary[]> {
  const edition = await getCurrentEdition(db);
  const rows = await listCurrentVersions(db, edition.code);
  const order = edition.settings.categories.map((c) => c.code);
  return rows
    .map((r) => ({
      category: r.category,
      name: r.tournament.name,
      version: r.version,
      players: r.tournament.players.length,
      plannedRounds: r.tournament.plannedRounds,
      pairedRounds: r.tournament.pairedRounds,
      publishedAt: r.publishedAt.toISOString(),
    }))
    .sort((a, b) => order.indexOf(a.category) - order.indexOf(b.category));
}

export async function getPublicTournament(db: DbOrTx, name: string): Promise<PublicTournament> {
  const current = await getCurrentVersion(db, name);
  const t = current.tournament;
  const byNumber = new Map(t.players.map((p) => [p.pairingNumber, p]));
  return {
    category: current.category,
    version: current.version,
    publishedAt: current.publishedAt.toISOString(),
    name: t.name,
    place: t.place,
    startDate: t.startDate,
    endDate: t.endDate,
    plannedRounds: t.plannedRounds,
    pairedRounds: t.pairedRounds,
    tieBreaks: t.tieBreaks,
    players: t.players.map((p) => publicPlayer(p, byNumber)),
  };
}

export async function getStandings(db: DbOrTx, name: string): Promise<Standings> {
  const current = await getCurrentVersion(db, name);
  const unofficial = await listUnofficial(db, current.edition, current.category);
  // A file without a start date takes the edition's: the rules in force then.
  const edition = await getCurrentEdition(db);
  return standingsOf(current.category, current.version, current.tournament, unofficial, edition.settings.startDate);
}

export async function getRoundPairings(db: DbOrTx, name: string, round: number): Promise<RoundPairings> {
  const current = await getCurrentVersion(db, name);
  const unofficial = await listUnofficial(db, current.edition, current.category, round);
  return { category: current.category, round, pairings: roundPairings(current.tournament, round, unofficial) };
}

/**
 * For the live games (issue #12): the published pairings of a round, board by board, with names and FIDE ids.
 * Empty when nothing is published for the category or the round is not paired.
 */
export async function listRoundPairings(db: DbOrTx, edition: string, category: string, round: number): Promise<RoundPairingPlayers[]> {
  const current = await findCurrentVersion(db, edition, category);
  if (!current) return [];
  const byNumber = new Map(current.tournament.players.map((p) => [p.pairingNumber, p]));
  // The pairing program's names, FIDE ids, ratings and federations: what a matched game shows and its PGN carries.
  const side = (pairingNumber: number) => {
    const player = byNumber.get(pairingNumber)!;
    return { name: player.name, fideId: player.fideId, rating: player.rating, federation: player.federation };
  };
  return roundPairings(current.tournament, round)
    .filter((p) => p.board !== null)
    .map((p) => ({ board: p.board!, white: side(p.white.pairingNumber), black: p.black && side(p.black.pairingNumber) }));
}

type PairingSide = { name: string; fideId: number | null; rating: number | null; federation: string | null };
export type RoundPairingPlayers = { board: number; white: PairingSide; black: PairingSide | null };

export async function exportTrf(db: DbOrTx, name: string): Promise<{ body: string; category: string }> {
  const current = await getCurrentVersion(db, name);
  return { body: writeTrf16(current.tournament), category: current.category };
}

export async function exportStandingsCsv(db: DbOrTx, name: string, language: Language): Promise<{ body: string; category: string }> {
  const standings = await getStandings(db, name);
  return { body: standingsCsv(standings, language), category: standings.category };
}

export async function getUnofficialRound(db: DbOrTx, name: string, round: number): Promise<UnofficialRound> {
  const { edition, category } = await editionCategory(db, name);
  return unofficialRoundOf(db, edition, category, round, await findCurrentVersion(db, edition, category));
}

/** A round's arbiters' results, matched to the pairings of `current` (none published: every one is stale). */
async function unofficialRoundOf(db: DbOrTx, edition: string, category: string, round: number, current: CurrentVersion | null): Promise<UnofficialRound> {
  const rows = await listUnofficial(db, edition, category, round);
  const { matched, stale } = current ? matchUnofficial(current.tournament, rows) : { matched: [], stale: rows };
  const shown = (r: (typeof rows)[number]) => ({
    round: r.round,
    board: r.board,
    white: r.whiteName,
    black: r.blackName,
    result: r.result,
    updatedAt: r.updatedAt.toISOString(),
  });
  return {
    category,
    round,
    boards: (matched as typeof rows).map(shown).sort((a, b) => a.board - b.board),
    stale: (stale as typeof rows).map(shown),
  };
}

/**
 * Enters or clears one board's unofficial result. One row per board, written by a single upsert: arbiters on other
 * boards never conflict, and the last tap on the same board wins without losing anyone else's. Audited.
 */
export async function setUnofficialResult(ctx: ManagerContext, input: UnofficialResultInput): Promise<UnofficialRound> {
  const { db, actor } = ctx;
  const current = await getCurrentVersion(db, input.name);
  const pairing = roundPairings(current.tournament, input.round).find((p) => p.board === input.boardnr);
  if (!pairing || !pairing.black)
    throw new AppError(400, RESULTS_ERRORS.boardNotPaired, `Round ${input.round} has no board ${input.boardnr}`, { round: input.round, board: input.boardnr });
  // The arbiter saw other players on this board: a new version re-paired the round since; the result must not land on these.
  if (
    (input.white !== undefined && input.white !== pairing.white.pairingNumber) ||
    (input.black !== undefined && input.black !== pairing.black.pairingNumber)
  ) {
    throw conflict(RESULTS_ERRORS.pairingChanged, `Round ${input.round}, board ${input.boardnr} has other players now`, {
      round: input.round,
      board: input.boardnr,
    });
  }
  // The published file already has this game's result: the arbiters' entry would show beside it on the pairings.
  if (input.unofficial_result && pairing.result !== null) {
    throw conflict(RESULTS_ERRORS.boardHasOfficialResult, `Round ${input.round}, board ${input.boardnr} has an official result`, {
      round: input.round,
      board: input.boardnr,
      official: pairing.result,
    });
  }
  const game = { round: input.round, white: pairingPlayerKey(pairing.white), black: pairingPlayerKey(pairing.black) };
  await inTransaction(ctx, async ({ db: tx, afterCommit }) => {
    afterCommit({
      type: 'results.changed',
      edition: current.edition,
      category: current.category,
      cause: 'unofficial',
      change: `unofficial:${input.round}:${input.boardnr}`,
    });
    // Two arbiters on one game take turns, so the audit's "before" is the value this entry really replaced.
    const lock = `unofficial:${current.edition}/${current.category}/${input.round}/${game.white}/${game.black}`;
    await lockUnofficialGame(tx, lock);
    const before = await findUnofficialResult(tx, current.edition, current.category, game);
    if (input.unofficial_result) {
      await upsertUnofficialResult(tx, {
        edition: current.edition,
        category: current.category,
        ...game,
        board: input.boardnr,
        whiteName: pairing.white.name,
        blackName: pairing.black!.name,
        result: input.unofficial_result,
        updatedBy: actor.email,
      });
    } else {
      await deleteUnofficialResult(tx, current.edition, current.category, game);
    }
    await recordAudit(tx, {
      actor,
      action: 'results.unofficial_result_set',
      subjectType: 'board',
      subjectId: `${current.edition}/${current.category}/${input.round}/${input.boardnr}`,
      before: { result: before ?? null },
      after: { result: input.unofficial_result || null },
    });
  });
  // Matched to the version the entry was checked against, already read: no second read of the edition and the file.
  return unofficialRoundOf(db, current.edition, current.category, input.round, current);
}

/** One row of a category's standings with what prize rules need (managers only: sex and birth year stay private). */
export type PrizeStandingsRow = {
  rank: number;
  name: string;
  club: string | null;
  points: number;
  sex: 'm' | 'f' | null;
  birthYear: number | null;
  nationalId: number | null;
};

/**
 * The current standings of a category in rank order, each row with the player's sex and birth year, for the
 * print area's prize vouchers (best girl, best under-N). `provisional` says whether unofficial results still count.
 */
export async function listPrizeStandings(
  db: DbOrTx,
  name: string,
): Promise<{ category: string; provisional: boolean; afterRound: number; plannedRounds: number; rows: PrizeStandingsRow[] }> {
  const current = await getCurrentVersion(db, name);
  const body = await getStandings(db, name);
  const players = new Map(current.tournament.players.map((p) => [p.pairingNumber, p]));
  return {
    category: body.category,
    provisional: body.provisional,
    afterRound: body.afterRound,
    plannedRounds: current.tournament.plannedRounds,
    // A player the program did not rank (withdrawn) wins no prize.
    rows: body.rows.flatMap((row) => {
      const player = players.get(row.pairingNumber);
      if (row.rank === null) return [];
      return {
        rank: row.rank,
        name: row.name,
        club: row.club,
        points: row.points,
        sex: player?.sex ?? null,
        birthYear: player?.birthYear ?? null,
        nationalId: player?.nationalId ?? null,
      };
    }),
  };
}

/** What followers of a category may be told (issue #27): exactly what the public pages show, read once per planning. */
export type FollowView = {
  version: number;
  plannedRounds: number;
  pairedRounds: number;
  /** Public player facts by pairing number (name, and the ids that keep a follow on its player across versions). */
  players: Map<number, { name: string; nationalId: number | null; fideId: number | null }>;
  /** Each paired round's pairings with the arbiters' results, as the pairings tab shows them. */
  pairings: (round: number) => ReturnType<typeof roundPairings>;
  /** When an arbiter last set a board's unofficial result (`round:board`). */
  unofficialAt: Map<string, Date>;
  /** Official final places and points, once every planned round has its results in the published file; else null. */
  finalPlaces: Map<number, { rank: number; points: number }> | null;
};

export async function findFollowView(db: DbOrTx, edition: string, category: string): Promise<FollowView | null> {
  const current = await findCurrentVersion(db, edition, category);
  if (!current) return null;
  const t = current.tournament;
  const unofficial = await listUnofficial(db, edition, category);
  const complete =
    t.plannedRounds > 0 &&
    t.pairedRounds >= t.plannedRounds &&
    t.players.every((p) => p.rounds.every((r) => r.round < t.plannedRounds || r.outcome !== 'pending'));
  let finalPlaces: FollowView['finalPlaces'] = null;
  if (complete) {
    const settings = (await getCurrentEdition(db)).settings;
    const standings = standingsOf(category, current.version, t, [], settings.startDate);
    finalPlaces = new Map(standings.rows.filter((r) => r.rank !== null).map((r) => [r.pairingNumber, { rank: r.rank!, points: r.points }]));
  }
  const cache = new Map<number, ReturnType<typeof roundPairings>>();
  return {
    version: current.version,
    plannedRounds: t.plannedRounds,
    pairedRounds: t.pairedRounds,
    players: new Map(t.players.map((p) => [p.pairingNumber, { name: p.name, nationalId: p.nationalId ?? null, fideId: p.fideId ?? null }])),
    pairings: (round) => {
      if (!cache.has(round)) cache.set(round, roundPairings(t, round, unofficial));
      return cache.get(round)!;
    },
    unofficialAt: new Map(unofficial.map((u) => [`${u.round}:${u.board}`, u.updatedAt])),
    finalPlaces,
  };
}
