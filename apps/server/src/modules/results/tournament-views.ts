import {
  gameResultOf,
  rankPlayers,
  tieBreakRulesOf,
  lastRoundWithResults,
  cardPerformance,
  programName,
  type Language,
  type Pairing,
  type PublicTournamentPlayer,
  type RoundOutcome,
  type Standings,
  type Tournament,
  type TournamentDiff,
  type TournamentPlayer,
  type UnofficialResult,
} from '@bjk/domain';
import { localizedCsv, type ExportColumn } from '../../platform/export-texts.js';

/**
 * Pure views of a stored tournament: what the public sees of it, pairings of a round, standings (official or with
 * unofficial results), the diff a manager previews before publishing. No database here.
 */

/**
 * Nothing private leaves: no birth year, sex, national id (the schema drops what is not listed too). The performance
 * is FIDE's (ours: unrated opponents left out), never the program's own figure, which counts an unrated opponent at
 * rating 0 (docs/results-tie-breaks.md).
 */
export function publicPlayer(p: TournamentPlayer, byNumber: ReadonlyMap<number, TournamentPlayer>): PublicTournamentPlayer {
  return {
    pairingNumber: p.pairingNumber,
    rank: p.rank,
    name: p.name,
    title: p.title,
    federation: p.federation,
    fideId: p.fideId,
    rating: p.rating,
    club: p.club,
    points: p.points,
    tieBreakValues: p.tieBreakValues,
    ...cardPerformance(p, byNumber),
    rounds: p.rounds,
  };
}

/**
 * An arbiter's result of one game: keyed on the round and the two players (`pairingPlayerKey`), with the board the
 * game had when it was entered. A new version may renumber or re-pair the round: the result follows its players.
 */
export type UnofficialBoard = { round: number; board: number; white: string; black: string; whiteName: string; blackName: string; result: UnofficialResult };

/** A player as arbiters' results know them across versions: the FIDE id, else the name (pairing numbers may change). */
export function pairingPlayerKey(side: { fideId: number | null; name: string }): string {
  return side.fideId ? `fide:${side.fideId}` : `name:${side.name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()}`;
}

const isResultOf = (u: UnofficialBoard, round: number, pairing: Pairing) =>
  pairing.black !== null && u.round === round && u.white === pairingPlayerKey(pairing.white) && u.black === pairingPlayerKey(pairing.black);

/**
 * The arbiters' results that still match a game of the tournament, each with the game's board in it (`matched`),
 * and those whose two players no longer play each other with these colours in that round (`stale`): shown to the
 * arbiters as such, never counted.
 */
export function matchUnofficial(tournament: Tournament, unofficial: readonly UnofficialBoard[]): { matched: UnofficialBoard[]; stale: UnofficialBoard[] } {
  const rounds = new Map<number, Pairing[]>();
  const matched: UnofficialBoard[] = [];
  const stale: UnofficialBoard[] = [];
  for (const u of unofficial) {
    if (!rounds.has(u.round)) rounds.set(u.round, roundPairings(tournament, u.round));
    const pairing = rounds.get(u.round)!.find((p) => isResultOf(u, u.round, p));
    if (pairing && pairing.board !== null) matched.push({ ...u, board: pairing.board });
    else stale.push(u);
  }
  return { matched, stale };
}

/** The round's games read from White's entries (or the lower number's when the file gives no colours), by board, then byes and absences. */
export function roundPairings(tournament: Tournament, round: number, unofficial: readonly UnofficialBoard[] = []): Pairing[] {
  const byNumber = new Map(tournament.players.map((p) => [p.pairingNumber, p]));
  const pairings: Pairing[] = [];
  for (const player of tournament.players) {
    const entry = player.rounds.find((r) => r.round === round);
    if (!entry) continue;
    const side = (p: TournamentPlayer) => ({ pairingNumber: p.pairingNumber, name: p.name, fideId: p.fideId, points: scoreBefore(p, round) });
    if (entry.opponent === null) {
      pairings.push({ board: null, white: side(player), black: null, result: entry.outcome === 'pending' ? null : entry.outcome, unofficialResult: null });
      continue;
    }
    const opponent = byNumber.get(entry.opponent);
    if (!opponent) continue;
    const isWhite = entry.colour === 'white' || (entry.colour === null && player.pairingNumber < opponent.pairingNumber);
    if (!isWhite) continue;
    const back = opponent.rounds.find((r) => r.round === round);
    pairings.push({
      board: entry.board,
      white: side(player),
      black: side(opponent),
      result: gameResultOf(entry.outcome, back?.outcome),
      unofficialResult: null,
    });
  }
  // An arbiter's result belongs to its players, whatever board the game has now.
  for (const pairing of pairings) pairing.unofficialResult = unofficial.find((u) => isResultOf(u, round, pairing))?.result ?? null;
  const unpairedOrder: Record<string, number> = { bye: 0, half_bye: 1, zero_bye: 2, absent: 3 };
  return pairings.sort(
    (a, b) =>
      (a.board ?? Infinity) - (b.board ?? Infinity) ||
      (unpairedOrder[a.result ?? ''] ?? 9) - (unpairedOrder[b.result ?? ''] ?? 9) ||
      a.white.name.localeCompare(b.white.name),
  );
}

function scoreBefore(player: TournamentPlayer, round: number): number {
  return player.rounds.filter((r) => r.round < round).reduce((sum, r) => sum + r.points, 0);
}

const UNOFFICIAL_OUTCOMES: Record<UnofficialResult, [RoundOutcome, number, RoundOutcome, number]> = {
  '1-0': ['win', 1, 'loss', 0],
  '½-½': ['draw', 0.5, 'draw', 0.5],
  '0-1': ['loss', 0, 'win', 1],
  '1-0 FF': ['forfeit_win', 1, 'forfeit_loss', 0],
  '0-1 FF': ['forfeit_loss', 0, 'forfeit_win', 1],
  '½-0': ['draw', 0.5, 'loss', 0],
  '0-½': ['loss', 0, 'draw', 0.5],
  '0-0 FF': ['forfeit_loss', 0, 'forfeit_loss', 0],
};

/** The tournament with the arbiters' results filled into pending games (official results are never overridden). */
export function withUnofficialResults(tournament: Tournament, all: readonly UnofficialBoard[]): Tournament {
  const unofficial = matchUnofficial(tournament, all).matched;
  if (unofficial.length === 0) return tournament;
  const players = tournament.players.map((p) => ({ ...p, rounds: p.rounds.map((r) => ({ ...r })) }));
  const byNumber = new Map(players.map((p) => [p.pairingNumber, p]));
  for (const u of unofficial) {
    for (const player of players) {
      const entry = player.rounds.find((r) => r.round === u.round && r.board === u.board && r.opponent !== null);
      if (!entry || entry.outcome !== 'pending') continue;
      const isWhite = entry.colour === 'white' || (entry.colour === null && player.pairingNumber < entry.opponent!);
      if (!isWhite) continue;
      const back = byNumber.get(entry.opponent!)?.rounds.find((r) => r.round === u.round);
      const [whiteOutcome, whitePoints, blackOutcome, blackPoints] = UNOFFICIAL_OUTCOMES[u.result];
      Object.assign(entry, { outcome: whiteOutcome, points: whitePoints });
      if (back && back.outcome === 'pending') Object.assign(back, { outcome: blackOutcome, points: blackPoints });
    }
  }
  for (const player of players) player.points = player.rounds.reduce((sum, r) => sum + r.points, 0);
  return { ...tournament, players };
}

/**
 * Standings after the last round with a game result.
 * - Official standings of a Swar file: Swar's own places and values, as written.
 * - Provisional standings (unofficial results in): ranked by our values under the tournament's rules (FIDE's text by
 *   start date for Swar v6.5 on and TRF; the program's own for older Swar), showing our values.
 * - Official standings of a TRF: our values (the file carries none); the program's order where the file has a rank
 *   column, the players it did not rank (rank 0: withdrawn) after them without a place.
 * `editionStart` chooses the rules of a file without a start date.
 */
export function standingsOf(
  category: string,
  version: number,
  tournament: Tournament,
  unofficial: readonly UnofficialBoard[],
  editionStart: string | null = null,
): Standings {
  const provisional = matchUnofficial(tournament, unofficial).matched.some((u) =>
    tournament.players.some((p) => p.rounds.some((r) => r.round === u.round && r.board === u.board && r.outcome === 'pending')),
  );
  const source = provisional ? withUnofficialResults(tournament, unofficial) : tournament;
  const afterRound = lastRoundWithResults(source.players);
  const byNumber = new Map(source.players.map((p) => [p.pairingNumber, p]));
  const rules = tieBreakRulesOf(source, editionStart);
  const programValues = !provisional && source.format === 'swar' && source.players.every((p) => p.rank !== null);
  let ranked: { pairingNumber: number; rank: number | null; points: number; tieBreaks: (number | null)[] }[];
  if (programValues) {
    ranked = [...source.players]
      .sort((a, b) => a.rank! - b.rank!)
      .map((p) => ({ pairingNumber: p.pairingNumber, rank: p.rank!, points: p.points, tieBreaks: p.tieBreakValues }));
  } else {
    ranked = rankPlayers(source.players, source.tieBreaks, { rules, rounds: afterRound });
    if (!provisional && source.format === 'trf' && source.players.some((p) => p.rank !== null)) {
      const order = new Map(ranked.map((row, index) => [row.pairingNumber, index]));
      const programRank = (row: { pairingNumber: number }) => byNumber.get(row.pairingNumber)!.rank;
      ranked = ranked
        .map((row) => ({ ...row, rank: programRank(row) }))
        .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || order.get(a.pairingNumber)! - order.get(b.pairingNumber)!);
    }
  }
  return {
    category,
    version,
    provisional,
    afterRound,
    tieBreaks: source.tieBreaks,
    tieBreakRules: programValues ? null : rules,
    program: programName(source),
    rows: ranked.map((row) => {
      const p = byNumber.get(row.pairingNumber)!;
      return {
        rank: row.rank,
        pairingNumber: p.pairingNumber,
        name: p.name,
        title: p.title,
        federation: p.federation,
        rating: p.rating,
        club: p.club,
        points: row.points,
        tieBreaks: row.tieBreaks,
      };
    }),
  };
}

const playerKey = (p: TournamentPlayer) => (p.fideId ? `fide:${p.fideId}` : `name:${p.name.toLowerCase()}`);

/** What publishing `next` changes against `previous` (null: nothing published yet). */
export function diffTournaments(previous: Tournament | null, next: Tournament, unofficial: readonly UnofficialBoard[]): TournamentDiff {
  const before = new Map((previous?.players ?? []).map((p) => [playerKey(p), p]));
  const after = new Map(next.players.map((p) => [playerKey(p), p]));
  // Every result added, changed or removed, pairing by pairing (its players, not its board: a round paired again
  // moves players between boards). The upload after each round lists that round's results here.
  const resultsChanged: TournamentDiff['resultsChanged'] = [];
  const keyOf = (p: Pairing) => `${p.white.name}|${p.black?.name ?? ''}`;
  if (previous) {
    for (let round = 1; round <= Math.max(previous.pairedRounds, next.pairedRounds); round++) {
      const old = new Map(roundPairings(previous, round).map((p) => [keyOf(p), p]));
      const now = roundPairings(next, round);
      for (const pairing of now) {
        const before = old.get(keyOf(pairing))?.result ?? null;
        if (before !== pairing.result) {
          resultsChanged.push({ round, board: pairing.board, white: pairing.white.name, black: pairing.black?.name ?? null, before, after: pairing.result });
        }
      }
      const kept = new Set(now.map(keyOf));
      for (const [key, pairing] of old) {
        if (!kept.has(key) && pairing.result !== null) {
          resultsChanged.push({
            round,
            board: pairing.board,
            white: pairing.white.name,
            black: pairing.black?.name ?? null,
            before: pairing.result,
            after: null,
          });
        }
      }
    }
  }
  const unofficialContradicted: TournamentDiff['unofficialContradicted'] = [];
  for (const u of matchUnofficial(next, unofficial).matched) {
    const official = roundPairings(next, u.round).find((p) => p.board === u.board);
    if (official && official.result !== null && official.result !== u.result)
      unofficialContradicted.push({ round: u.round, board: u.board, unofficial: u.result, official: official.result });
  }
  const previousRounds = previous ? lastRoundWithResults(previous.players) : 0;
  const nextRounds = lastRoundWithResults(next.players);
  return {
    playersAdded: [...after.entries()].filter(([key]) => !before.has(key)).map(([, p]) => p.name),
    playersRemoved: [...before.entries()].filter(([key]) => !after.has(key)).map(([, p]) => p.name),
    roundsRemoved: previous ? Array.from({ length: Math.max(0, previous.pairedRounds - next.pairedRounds) }, (_, i) => next.pairedRounds + i + 1) : [],
    roundsAdded: Array.from(
      { length: Math.max(0, Math.max(nextRounds, next.pairedRounds) - Math.max(previousRounds, previous?.pairedRounds ?? 0)) },
      (_, i) => Math.max(previousRounds, previous?.pairedRounds ?? 0) + i + 1,
    ),
    resultsChanged,
    unofficialContradicted,
  };
}

/**
 * Standings as CSV in the reader's language (see export-texts.ts: `;` and a decimal comma for nl, fr and de), one
 * header line with the program's tie-break names; with a byte-order mark, or Excel reads the UTF-8 of "CRELEL Liège"
 * as Latin-1.
 */
export function standingsCsv(standings: Standings, language: Language): string {
  type Row = Standings['rows'][number];
  const columns: ExportColumn<Row>[] = [
    ['rank', (r) => r.rank],
    ['name', (r) => r.name],
    ['title', (r) => r.title],
    ['federation', (r) => r.federation],
    ['rating', (r) => r.rating],
    ['clubName', (r) => r.club],
    ['points', (r) => r.points],
    ...standings.tieBreaks.map((c, i): ExportColumn<Row> => [{ label: c.name }, (r) => r.tieBreaks[i]]),
  ];
  return localizedCsv(language, columns, standings.rows);
}

/** Whether publishing `diff` takes something away (players, rounds, results), which the manager must confirm. */
export function takesAway(diff: TournamentDiff): boolean {
  return diff.playersRemoved.length > 0 || diff.roundsRemoved.length > 0 || diff.resultsChanged.some((c) => c.before !== null && c.after === null);
}
