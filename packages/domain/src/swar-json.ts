import { checkTournamentIsPossible, checkTournamentSize, type TournamentLocations } from './tournament-checks.js';
import { TOURNAMENT_FILE_ERRORS, TournamentFileError, categoryFromLabel, pairedRoundCount, parseLooseDate } from './tournament-model.js';
import type { Colour, PlayerRound, RoundOutcome, TieBreakColumn, TieBreakKind, Tournament, TournamentPlayer } from './tournament-model.js';

/**
 * Swar's JSON export (v3.24, v4.11, v6.40–v6.75) as observed in real files (DOMAIN §7b): numbers sometimes as
 * strings, "Femelle", `1B`/`1FF`/`0ff`, "BYE"/"Absent" boards, players out of ranking order, no `RoundArray`
 * before round 1, a key with a trailing space, `AbsValue` (v6) or `AbsenceValue` (v3/v4).
 */
export function parseSwarJson(text: string): Tournament {
  let root: unknown;
  try {
    root = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.invalidJson, `Not valid JSON: ${(error as Error).message}`);
  }
  const swar = object(object(root, '')['Swar'], 'Swar');
  const desc = object(swar['TournamentDesc'], 'Swar.TournamentDesc');
  const version = optionalString(desc['Version'], 'Swar.TournamentDesc.Version') ?? 'unknown';
  const name = requiredString(desc['Tournament'], 'Swar.TournamentDesc.Tournament');
  const plannedRounds = integer(desc['NbOfRounds'], 'Swar.TournamentDesc.NbOfRounds');

  const tieBreaks: TieBreakColumn[] = [];
  const tieBreakList = desc['TieBreaks'] === undefined ? [] : array(desc['TieBreaks'], 'Swar.TournamentDesc.TieBreaks');
  tieBreakList.forEach((entry, index) => {
    const type = requiredString(object(entry, `Swar.TournamentDesc.TieBreaks[${index}]`)['Type'], `Swar.TournamentDesc.TieBreaks[${index}].Type`);
    if (type.trim() !== 'None') tieBreaks.push({ name: type.trim(), kind: tieBreakKindOfName(type) });
  });

  const byePoints = pointsValue(desc['ByeValue'], 'Swar.TournamentDesc.ByeValue', 1);
  const absenceKey = 'AbsValue' in desc ? 'AbsValue' : 'AbsenceValue';
  const absencePoints = pointsValue(desc[absenceKey], `Swar.TournamentDesc.${absenceKey}`, 0);

  const ratingUsed = ratingUsedOf(optionalString(desc['EloUsed'], 'Swar.TournamentDesc.EloUsed'));
  const playerList = array(swar['Player'] ?? [], 'Swar.Player');
  // Refused before reading the players: a hostile file's million players or rounds cost nothing.
  checkTournamentSize(plannedRounds, playerList.length, swarLocations(new Map(), new Map()));
  const playerIndex = new Map<TournamentPlayer, number>();
  const roundIndex = new Map<PlayerRound, number>();
  const players = playerList.map((entry, index) => {
    const player = parsePlayer(object(entry, `Swar.Player[${index}]`), `Swar.Player[${index}]`, tieBreaks, ratingUsed, roundIndex);
    playerIndex.set(player, index);
    return player;
  });
  if (players.length === 0) throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.noPlayers, 'The file has no players');
  checkTournamentIsPossible(plannedRounds, players, swarLocations(playerIndex, roundIndex));

  return {
    format: 'swar',
    formatVersion: version,
    name: name.trim(),
    place: optionalString(desc['Place'], 'Swar.TournamentDesc.Place')?.trim() || null,
    startDate: parseLooseDate(optionalString(desc['StartDate'], 'Swar.TournamentDesc.StartDate') ?? ''),
    endDate: parseLooseDate(optionalString(desc['EndDate'], 'Swar.TournamentDesc.EndDate') ?? ''),
    plannedRounds,
    pairedRounds: pairedRoundCount(players),
    tieBreaks,
    categoryHint: categoryFromLabel(name) ?? categoryFromSwarCategories(desc['Category_1']),
    byePoints,
    absencePoints,
    players,
  };
}

/** Swar's tie-break names (its own spellings) and the usual English ones. */
export function tieBreakKindOfName(name: string): TieBreakKind {
  const n = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (/^bu(ch|c)hol(t)?zcut1$|^bu(ch|c)hol(t)?zmedianless1$|^bhc1$/.test(n)) return 'buchholz_cut1';
  if (/^bu(ch|c)hol(t)?z$|^bh$/.test(n)) return 'buchholz';
  if (/^sonnebornberger$|^sb$/.test(n)) return 'sonneborn_berger';
  if (/^progressi(f|ve)$|^cumulative$|^pr$/.test(n)) return 'progressive';
  if (/^directencounter$|^de$|^edet$/.test(n)) return 'direct_encounter';
  if (/^nbgameswon$|^gameswon$|^win$|^won$/.test(n)) return 'games_won';
  if (/^nbplayedwithblack$|^gameswithblack$|^bpg$|^blk$/.test(n)) return 'games_with_black';
  if (/^performance$|^tpr$/.test(n)) return 'performance';
  return 'unknown';
}

type RatingUsed = 'national' | 'fide' | 'higher';

/** "Elo National", "Elo Fide", "Higher of National and Fide": which rating the program paired and ranked with. */
function ratingUsedOf(value: string | undefined): RatingUsed {
  const v = value?.toLowerCase() ?? '';
  if (v.includes('higher')) return 'higher';
  if (v.includes('national')) return 'national';
  if (v.includes('fide')) return 'fide';
  return 'higher';
}

function parsePlayer(
  p: Record<string, unknown>,
  path: string,
  tieBreaks: TieBreakColumn[],
  ratingUsed: RatingUsed,
  roundIndex: Map<PlayerRound, number>,
): TournamentPlayer {
  const pairingNumber = integer(p['Ni'], `${path}.Ni`);
  const ranking = p['Ranking'] === undefined ? null : integer(p['Ranking'], `${path}.Ranking`);
  const tieBreakValues: (number | null)[] = tieBreaks.map(() => null);
  const playerTieBreaks = p['TieBreak'] === undefined ? [] : array(p['TieBreak'], `${path}.TieBreak`);
  playerTieBreaks.forEach((entry, index) => {
    const tb = object(entry, `${path}.TieBreak[${index}]`);
    const type = requiredString(tb['Type'], `${path}.TieBreak[${index}].Type`).trim();
    const column = tieBreaks.findIndex((c) => c.name === type);
    if (column < 0) return; // "None" columns
    const raw = tb['Points'];
    if (typeof raw === 'string' && raw.trim() === '-') return;
    tieBreakValues[column] = decimal(raw, `${path}.TieBreak[${index}].Points`);
  });
  const roundArray = p['RoundArray'] === undefined ? [] : array(p['RoundArray'], `${path}.RoundArray`);
  const rounds = roundArray.map((entry, index) => {
    const round = parseRound(object(entry, `${path}.RoundArray[${index}]`), `${path}.RoundArray[${index}]`);
    roundIndex.set(round, index);
    return round;
  });
  rounds.sort((a, b) => a.round - b.round);
  const fideId = optionalInteger(p['FideId'], `${path}.FideId`);
  const nationalId = optionalInteger(p['NationalId'], `${path}.NationalId`);
  const fideRating = optionalInteger(p['FideElo'], `${path}.FideElo`);
  const nationalRating = optionalInteger(p['NationalElo'], `${path}.NationalElo`);
  const usedRating = optionalInteger(p['UsedElo'], `${path}.UsedElo`);
  const performance = p['Performance'] === undefined ? null : integer(p['Performance'], `${path}.Performance`);
  return {
    pairingNumber,
    rank: ranking && ranking > 0 ? ranking : null,
    name: requiredString(p['Name'], `${path}.Name`).trim(),
    title: optionalString(p['Titel'], `${path}.Titel`)?.trim() || null,
    sex: sexOf(optionalString(p['Sex'], `${path}.Sex`)),
    federation: optionalString(p['Country'], `${path}.Country`)?.trim() || null,
    fideId: fideId || null,
    nationalId: nationalId || null,
    rating:
      usedRating || (ratingUsed === 'national' ? nationalRating : ratingUsed === 'fide' ? fideRating : Math.max(fideRating ?? 0, nationalRating ?? 0)) || null,
    fideRating: fideRating || null,
    nationalRating: nationalRating || null,
    club: optionalString(p['ClubName'], `${path}.ClubName`)?.trim() || null,
    clubNumber: optionalInteger(p['ClubNumber'], `${path}.ClubNumber`) || null,
    birthYear: birthYearOf(p['BirthDate']),
    points: p['Points'] === undefined ? 0 : decimal(p['Points'], `${path}.Points`),
    tieBreakValues,
    performance: performance === 0 ? null : performance,
    rounds,
  };
}

function parseRound(r: Record<string, unknown>, path: string): PlayerRound {
  const round = integer(r['RoundNr'], `${path}.RoundNr`);
  const tabel = String(r['Tabel'] ?? '').trim();
  const result = requiredString(r['Result'], `${path}.Result`).trim();
  const colour = colourOf(optionalString(r['Color'], `${path}.Color`), `${path}.Color`);
  const opponentNi = r['OpponentNi'] === undefined ? -1 : integer(r['OpponentNi'], `${path}.OpponentNi`);
  const opponent = opponentNi > 0 ? opponentNi : null;
  if (/^bye$/i.test(tabel) || /^\d*(\.\d+)?B$/i.test(result) || result === '½B') {
    // Swar scores a bye "1B" even where ByeValue says "0.0" (v3.24): the result is the truth.
    const points = /^(.*)B$/i.exec(result) ? scoreOf(result.slice(0, -1), `${path}.Result`) : 0;
    return { round, board: null, colour: null, opponent: null, outcome: 'bye', points };
  }
  if (/^absent$/i.test(tabel)) {
    return { round, board: null, colour: null, opponent: null, outcome: 'absent', points: result === '-' ? 0 : scoreOf(result, `${path}.Result`) };
  }
  if (!/^\d+$/.test(tabel)) {
    throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.swarField, `Unknown board "${tabel}"`, { field: `${path}.Tabel`, value: tabel });
  }
  if (opponent === null) {
    throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.swarField, 'A game on a board has no opponent', { field: `${path}.OpponentNi` });
  }
  const board = Number(tabel);
  let outcome: RoundOutcome;
  let points: number;
  const forfeit = /^(.+)ff$/i.exec(result);
  if (result === '-' || result === '') {
    outcome = 'pending';
    points = 0;
  } else if (forfeit) {
    points = scoreOf(forfeit[1]!, `${path}.Result`);
    outcome = points > 0 ? 'forfeit_win' : 'forfeit_loss';
  } else {
    points = scoreOf(result, `${path}.Result`);
    outcome = points === 1 ? 'win' : points === 0 ? 'loss' : 'draw';
  }
  return { round, board, colour, opponent, outcome, points };
}

/** Swar's field paths of what `checkTournamentIsPossible` refuses (each game is written twice, once per player). */
function swarLocations(playerIndex: ReadonlyMap<TournamentPlayer, number>, roundIndex: ReadonlyMap<PlayerRound, number>): TournamentLocations {
  const playerPath = (player: TournamentPlayer) => `Swar.Player[${playerIndex.get(player) ?? 0}]`;
  const roundPath = (player: TournamentPlayer, round: PlayerRound) => `${playerPath(player)}.RoundArray[${roundIndex.get(round) ?? 0}]`;
  return {
    plannedRounds: () => ({ field: 'Swar.TournamentDesc.NbOfRounds' }),
    players: () => ({ field: 'Swar.Player' }),
    pairingNumber: (player) => ({ field: `${playerPath(player)}.Ni`, value: String(player.pairingNumber) }),
    roundNumber: (player, round) => ({ field: `${roundPath(player, round)}.RoundNr`, value: String(round.round) }),
    board: (player, round) => ({ field: `${roundPath(player, round)}.Tabel`, value: String(round.board) }),
    opponent: (player, round) => ({ field: `${roundPath(player, round)}.OpponentNi`, value: String(round.opponent) }),
  };
}

function categoryFromSwarCategories(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const found = new Set<string>();
  for (const entry of value) {
    if (!entry || typeof entry !== 'object') continue;
    for (const [key, label] of Object.entries(entry)) {
      if (key === 'Type' || typeof label !== 'string') continue;
      const category = categoryFromLabel(label);
      if (category) found.add(category);
    }
  }
  // Only a single "-08"-style entry names the category; a free list of several is no proposal.
  return found.size === 1 ? [...found][0]! : null;
}

function sexOf(value: string | undefined): 'm' | 'f' | null {
  const v = value?.trim().toLowerCase() ?? '';
  if (/^(m|male|masculin|man)$/.test(v)) return 'm';
  if (/^(f|w|female|femelle|féminin|feminin|vrouw)$/.test(v)) return 'f';
  return null;
}

function colourOf(value: string | undefined, path: string): Colour | null {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === 'white') return 'white';
  if (v === 'black') return 'black';
  if (v === '' || v === 'no color') return null;
  throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.swarField, `Unknown colour "${value}"`, { field: path, value });
}

function birthYearOf(value: unknown): number | null {
  if (typeof value === 'number') return value > 1900 ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})/.exec(value.trim());
  return match ? Number(match[1]) : null;
}

/** "1", "0", "½", "0.5", "1.0". */
function scoreOf(text: string, path: string): number {
  const t = text.trim().replace('½', '0.5').replace(',', '.');
  if (t === '=') return 0.5;
  const n = Number(t);
  if (t === '' || !Number.isFinite(n) || n < 0 || n > 1 || (n * 2) % 1 !== 0) {
    throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.swarField, `Unknown result "${text}"`, { field: path, value: text });
  }
  return n;
}

function pointsValue(value: unknown, path: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return scoreOf(value, path);
  throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.swarField, 'Expected a points value', { field: path });
}

function object(value: unknown, path: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.swarField, path ? `${path} is missing or not an object` : 'Not a Swar export', { field: path || '$' });
  }
  return value as Record<string, unknown>;
}

function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.swarField, `${path} is not a list`, { field: path });
  return value;
}

function requiredString(value: unknown, path: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.swarField, `${path} is missing`, { field: path });
}

function optionalString(value: unknown, path: string): string | undefined {
  return value === undefined || value === null ? undefined : requiredString(value, path);
}

/** Swar writes most integers as numbers, some as strings. */
function integer(value: unknown, path: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.swarField, `${path} is not a whole number`, { field: path, value: String(value) });
  }
  return n;
}

function optionalInteger(value: unknown, path: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  return integer(value, path);
}

function decimal(value: unknown, path: string): number {
  const n = typeof value === 'string' ? Number(value.trim().replace('½', '.5').replace(',', '.')) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.swarField, `${path} is not a number`, { field: path, value: String(value) });
  }
  return n;
}
