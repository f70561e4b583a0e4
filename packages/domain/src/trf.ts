import { withBoardOrder } from './board-order.js';
import { TOURNAMENT_LIMITS, checkTournamentIsPossible, type TournamentLocations } from './tournament-checks.js';
import { TOURNAMENT_FILE_ERRORS, TournamentFileError, categoryFromLabel, pairedRoundCount, parseLooseDate } from './tournament-model.js';
import type { Colour, PlayerRound, RoundOutcome, TieBreakColumn, TieBreakKind, Tournament, TournamentPlayer } from './tournament-model.js';

/**
 * FIDE Tournament Report Files: TRF16, TRF-2025/26 (`###` rulers, new header codes), JaVaFo input (byes `H`/`Z`/`U`/`F`),
 * the Belgian federation's national-rating dialect (`00A`–`00F` headers, national ids in the id column, Latin-1) and
 * lax exports (lichess: a bye written as a blank opponent and `U`). Team tournaments are refused.
 */

/** A TRF carries no tie-break list of its own for individuals: these are the usual Swiss ones. */
export const TRF_DEFAULT_TIE_BREAKS: TieBreakColumn[] = [
  { name: 'Buchholz Cut 1', kind: 'buchholz_cut1' },
  { name: 'Buchholz', kind: 'buchholz' },
  { name: 'Sonneborn-Berger', kind: 'sonneborn_berger' },
  { name: 'Progressive', kind: 'progressive' },
];

/** Team records of TRF16 (`013`) and TRF-2025 (`310`, `300`, `320`, `330`, `801`, `802`). */
const TEAM_RECORDS = new Set(['013', '300', '310', '320', '330', '801', '802']);

const TITLES: Record<string, string> = { g: 'GM', m: 'IM', f: 'FM', c: 'CM', wg: 'WGM', wm: 'WIM', wf: 'WFM', wc: 'WCM' };

/** UTF-8 when the bytes are valid UTF-8, else ISO-8859-1 (the FRBE dialect). A BOM is dropped. */
export function decodeTournamentBytes(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('iso-8859-1').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function parseTrf(text: string): Tournament {
  const lines = text.split(/\r?\n|\r/);
  const header = new Map<string, string>();
  let frbe = false;
  let trf2025 = false;
  let lax = false;
  let plannedRounds: number | null = null;
  let plannedRoundsLine = 0;
  const players: TournamentPlayer[] = [];
  const lineOf = new Map<TournamentPlayer, number>();
  const columnsOf = new Map<PlayerRound, number>();
  const boardRecords: { round: number; boards: [number, number][] }[] = [];
  const ratingRecords = new Map<number, { rating: number | null; nationalRating: number | null }>();
  let tieBreakRecord: TieBreakColumn[] | null = null;
  lines.forEach((raw, index) => {
    const lineNumber = index + 1;
    const line = raw.replace(/\s+$/, '');
    if (line === '') return;
    const code = line.slice(0, 3);
    if (code === '###') {
      trf2025 = true;
      return;
    }
    if (TEAM_RECORDS.has(code)) {
      throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.teamTournament, 'Team tournaments are not supported', { line: lineNumber, value: code });
    }
    if (/^00[A-F]$/.test(code)) {
      frbe = true;
      return;
    }
    if (code === 'XXR') {
      const rounds = Number(line.slice(3).trim());
      if (!Number.isInteger(rounds) || rounds < 0) throw lineError(lineNumber, 'XXR names no number of rounds', line);
      plannedRounds = rounds;
      plannedRoundsLine = lineNumber;
      return;
    }
    if (code === 'XXB') {
      boardRecords.push(parseBoardRecord(line, lineNumber));
      return;
    }
    if (code === 'XXU') {
      const [number, rating, national] = line.slice(3).trim().split(/\s+/).map(Number);
      if (!Number.isInteger(number) || !Number.isInteger(rating) || !Number.isInteger(national ?? 0)) throw lineError(lineNumber, 'XXU names no rating', line);
      ratingRecords.set(number!, { rating: rating || null, nationalRating: national || null });
      return;
    }
    if (code === '202' || code === '212') {
      tieBreakRecord = tieBreaksOfRecord(line.slice(4), code === '212');
      return;
    }
    if (code === '001') {
      const player = parsePlayerLine(line, lineNumber, columnsOf);
      if (player.laxBye) lax = true;
      players.push(player.player);
      lineOf.set(player.player, lineNumber);
      return;
    }
    if (/^\d{3}$/.test(code) && !header.has(code)) header.set(code, line.slice(4).trim());
  });
  if (/team/i.test(header.get('092') ?? '')) {
    const lineNumber = lines.findIndex((l) => l.startsWith('092')) + 1;
    throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.teamTournament, 'Team tournaments are not supported', { line: lineNumber, value: header.get('092') });
  }
  if (players.length === 0) throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.noPlayers, 'The file has no player lines (001)');
  if (frbe) {
    // The FRBE dialect writes the national id where TRF16 has the FIDE id.
    for (const player of players) {
      player.nationalId = player.fideId;
      player.fideId = null;
      player.nationalRating = player.rating;
      player.fideRating = null;
    }
  }
  applyRatingRecords(players, ratingRecords);
  applyBoardRecords(players, boardRecords);
  checkTournamentIsPossible(plannedRounds ?? pairedRoundCount(players), players, trfLocations(lines, plannedRoundsLine, lineOf, columnsOf));
  const realPlayers = withoutByePlaceholders(players);
  const pairedRounds = pairedRoundCount(realPlayers);
  const name = header.get('012') ?? '';
  const hasRanks = realPlayers.some((p) => p.rank !== null);
  return {
    format: 'trf',
    formatVersion: frbe ? 'TRF16 FRBE' : trf2025 ? 'TRF-2025' : lax ? 'TRF lichess' : 'TRF16',
    name,
    place: header.get('022') || null,
    startDate: parseLooseDate(header.get('042') ?? ''),
    endDate: parseLooseDate(header.get('052') ?? ''),
    plannedRounds: plannedRounds ?? pairedRounds,
    pairedRounds,
    tieBreaks: tieBreakRecord ?? TRF_DEFAULT_TIE_BREAKS,
    categoryHint: categoryFromLabel(name),
    byePoints: 1,
    absencePoints: 0,
    // A TRF has no board numbers: the pairs get them in the order pairing programs list them (display only).
    players: withBoardOrder(hasRanks ? realPlayers : realPlayers.map((p) => ({ ...p, rank: null })), (p) => p.pairingNumber),
  };
}

/**
 * FIDE's tie-break codes (C.07 as TRF-2025's `202` record writes them, and FIDE's checker reads them) for the kinds
 * we know. `202` names the tie-breaks, `212` the same with the points first.
 */
const TIE_BREAK_CODES: Partial<Record<TieBreakKind, string>> = {
  buchholz_cut1: 'BH/C1',
  buchholz: 'BH',
  sonneborn_berger: 'SB',
  progressive: 'PS',
  direct_encounter: 'DE',
  games_won: 'WON',
  games_with_black: 'BPG',
  performance: 'TPR',
};
const TIE_BREAK_NAMES: Record<string, string> = {
  buchholz_cut1: 'Buchholz Cut 1',
  buchholz: 'Buchholz',
  sonneborn_berger: 'Sonneborn-Berger',
  progressive: 'Progressive',
  direct_encounter: 'Direct Encounter',
  games_won: 'Games won',
  games_with_black: 'Games with Black',
  performance: 'Performance',
};

function tieBreaksOfRecord(text: string, pointsFirst: boolean): TieBreakColumn[] {
  const codes = text
    .trim()
    .split(/[\s,]+/)
    .filter((c) => c !== '');
  return (pointsFirst ? codes.slice(1) : codes).map((code): TieBreakColumn => {
    // Modifiers other than the cut (`/V1`, `/P` …) do not change which tie-break it is.
    const base = code.toUpperCase().replace(/\/(?!C1\b)[^/]*/g, '');
    const kind = (Object.entries(TIE_BREAK_CODES).find(([, c]) => c === base)?.[0] ?? 'unknown') as TieBreakKind;
    return { name: kind === 'unknown' ? code : TIE_BREAK_NAMES[kind]!, kind };
  });
}

/** `XXB <round> <board>-<White's starting rank> …`: the boards a program gave a round (our export writes them). */
function parseBoardRecord(line: string, lineNumber: number): { round: number; boards: [number, number][] } {
  const [roundText, ...pairs] = line.slice(3).trim().split(/\s+/);
  const round = Number(roundText);
  const boards = pairs.map((pair) => pair.split('-').map(Number) as [number, number]);
  if (!Number.isInteger(round) || round < 1 || boards.some((b) => b.length !== 2 || !b.every((n) => Number.isInteger(n) && n > 0))) {
    throw lineError(lineNumber, 'XXB names no round and boards', line);
  }
  return { round, boards };
}

function applyBoardRecords(players: TournamentPlayer[], records: readonly { round: number; boards: [number, number][] }[]): void {
  const byNumber = new Map(players.map((p) => [p.pairingNumber, p]));
  for (const { round, boards } of records) {
    for (const [board, white] of boards) {
      const entry = byNumber.get(white)?.rounds.find((r) => r.round === round && r.opponent !== null);
      if (!entry) continue;
      entry.board = board;
      const back = byNumber.get(entry.opponent!)?.rounds.find((r) => r.round === round && r.opponent === white);
      if (back) back.board = board;
    }
  }
}

/** `XXU <starting rank> <rating used> <national rating>`: where the program paired with another rating than the FIDE one. */
function applyRatingRecords(players: TournamentPlayer[], records: ReadonlyMap<number, { rating: number | null; nationalRating: number | null }>): void {
  for (const player of players) {
    const record = records.get(player.pairingNumber);
    if (!record) continue;
    player.rating = record.rating;
    player.nationalRating = record.nationalRating;
  }
}

/** Names pairing programs give the line that stands for the bye: Swiss-Chess's "spielfrei", and the like. */
const BYE_PLACEHOLDER_NAMES = /^(spielfrei|freilos|bye|free|exempt|vrij|libre|pairing[- ]allocated bye)$/i;

/**
 * Drops the pseudo-player some programs list for the bye (the 284-player Karl-Mala file: "spielfrei", no rating, no
 * id, no points, rank 0): it is no player, and never appears in standings. A game against it is the bye it stands for.
 */
function withoutByePlaceholders(players: TournamentPlayer[]): TournamentPlayer[] {
  const placeholders = new Set(
    players.filter((p) => BYE_PLACEHOLDER_NAMES.test(p.name.trim()) && !p.fideId && !p.rating && p.points === 0).map((p) => p.pairingNumber),
  );
  if (placeholders.size === 0) return players;
  return players
    .filter((p) => !placeholders.has(p.pairingNumber))
    .map((p) => ({
      ...p,
      rounds: p.rounds.map((r): PlayerRound => {
        if (r.opponent === null || !placeholders.has(r.opponent)) return r;
        const outcome: RoundOutcome = r.points >= 1 ? 'bye' : r.points > 0 ? 'half_bye' : 'absent';
        return { round: r.round, board: null, colour: null, opponent: null, outcome, points: r.points };
      }),
    }));
}

/** TRF lines (and a round's columns) of what `checkTournamentIsPossible` refuses. */
function trfLocations(
  lines: readonly string[],
  plannedRoundsLine: number,
  lineOf: ReadonlyMap<TournamentPlayer, number>,
  columnsOf: ReadonlyMap<PlayerRound, number>,
): TournamentLocations {
  // The field names the line too: the same message then serves Swar paths and TRF places.
  const at = (player: TournamentPlayer, what: string, value: string) => ({ line: lineOf.get(player), field: `line ${lineOf.get(player)} (${what})`, value });
  const roundField = (round: PlayerRound) => {
    const start = columnsOf.get(round) ?? 0;
    return `round ${round.round}, columns ${start + 1}–${start + 8}`;
  };
  const longest = () => lines.findIndex((l) => l.startsWith('001') && l.length > 91 + 10 * TOURNAMENT_LIMITS.maxRounds) + 1;
  return {
    // Without XXR the rounds are those of the longest player line.
    plannedRounds: () =>
      plannedRoundsLine > 0 ? { line: plannedRoundsLine, field: `line ${plannedRoundsLine} (XXR)` } : { line: longest(), field: `line ${longest()}` },
    players: () => ({ field: '001' }),
    pairingNumber: (player) => at(player, 'starting rank, columns 5–8', String(player.pairingNumber)),
    roundNumber: (player, round) => at(player, roundField(round), String(round.round)),
    board: (player, round) => at(player, roundField(round), String(round.board)),
    opponent: (player, round) => at(player, roundField(round), String(round.opponent)),
  };
}

function lineError(line: number, message: string, value: string): TournamentFileError {
  return new TournamentFileError(TOURNAMENT_FILE_ERRORS.trfLine, `Line ${line}: ${message}`, { line, value: value.slice(0, 120) });
}

function optionalNumber(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

function parsePlayerLine(line: string, lineNumber: number, columnsOf: Map<PlayerRound, number>): { player: TournamentPlayer; laxBye: boolean } {
  const pairingNumber = Number(line.slice(4, 8).trim());
  if (!Number.isInteger(pairingNumber) || pairingNumber <= 0) throw lineError(lineNumber, 'The starting rank (columns 5–8) is not a number', line);
  const sexCode = line.slice(9, 10).toLowerCase();
  const titleCode = line.slice(10, 13).trim().toLowerCase();
  const name = line.slice(14, 47).trim();
  if (name === '') throw lineError(lineNumber, 'The player has no name (columns 15–47)', line);
  const rating = optionalNumber(line.slice(48, 52));
  const id = optionalNumber(line.slice(57, 68));
  const birth = /(\d{4})/.exec(line.slice(69, 79));
  const points = optionalNumber(line.slice(80, 84));
  const rank = optionalNumber(line.slice(85, 89));
  if (line.slice(80, 84).trim() !== '' && points === null) throw lineError(lineNumber, 'The points (columns 81–84) are not a number', line);
  const rounds: PlayerRound[] = [];
  let laxBye = false;
  for (let start = 91, round = 1; start < line.length; start += 10, round++) {
    const block = line.slice(start, start + 10).padEnd(8, ' ');
    const opponentText = block.slice(0, 4).trim();
    const colourText = block.slice(5, 6).toLowerCase();
    const resultText = block.slice(7, 8);
    if (opponentText === '' && resultText.trim() === '') continue;
    if (round > TOURNAMENT_LIMITS.maxRounds) {
      // Stops reading a hostile line of a million rounds at the first impossible one.
      throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.roundOutOfRange, `Line ${lineNumber}: round ${round} is more than a championship has`, {
        line: lineNumber,
        field: `line ${lineNumber} (round ${round}, columns ${start + 1}–${start + 8})`,
        value: String(round),
      });
    }
    const parsed = parseRoundBlock(opponentText, colourText, resultText, round);
    if (!parsed) throw lineError(lineNumber, `Round ${round}: cannot read "${block.trimEnd()}" (columns ${start + 1}–${start + 8})`, line);
    if (opponentText === '') laxBye = true;
    rounds.push(parsed);
    columnsOf.set(parsed, start);
  }
  const total = points ?? rounds.reduce((sum, r) => sum + r.points, 0);
  return {
    laxBye,
    player: {
      pairingNumber,
      rank: rank && rank > 0 ? rank : null,
      name,
      title: TITLES[titleCode] ?? (titleCode ? titleCode.toUpperCase() : null),
      sex: sexCode === 'm' ? 'm' : sexCode === 'w' || sexCode === 'f' ? 'f' : null,
      federation: line.slice(53, 56).trim() || null,
      fideId: id || null,
      nationalId: null,
      rating: rating || null,
      fideRating: rating || null,
      nationalRating: null,
      club: null,
      clubNumber: null,
      birthYear: birth ? Number(birth[1]) || null : null,
      points: total,
      tieBreakValues: [],
      performance: null,
      rounds,
    },
  };
}

function parseRoundBlock(opponentText: string, colourText: string, result: string, round: number): PlayerRound | null {
  const opponent = opponentText === '' || /^0+$/.test(opponentText) ? null : Number(opponentText);
  // A player paired with themself is read, then refused by name (`checkTournamentIsPossible`).
  if (opponent !== null && !Number.isInteger(opponent)) return null;
  const colour: Colour | null = colourText === 'w' ? 'white' : colourText === 'b' ? 'black' : colourText === '-' || colourText === ' ' ? null : undefined!;
  if (colour === undefined) return null;
  const unpaired = (outcome: RoundOutcome, points: number): PlayerRound => ({ round, board: null, colour: null, opponent: null, outcome, points });
  if (opponent === null) {
    switch (result) {
      case 'H':
        return unpaired('half_bye', 0.5);
      case 'F':
      case 'U':
      case '+':
        return unpaired('bye', 1);
      case 'Z':
      case '-':
      case '0':
      case ' ':
        return unpaired(result === 'Z' ? 'zero_bye' : 'absent', 0);
      default:
        return null;
    }
  }
  const game = (outcome: RoundOutcome, points: number): PlayerRound => ({ round, board: null, colour, opponent, outcome, points });
  switch (result) {
    case '1':
    case 'W':
      return game('win', 1);
    case '=':
    case 'D':
      return game('draw', 0.5);
    case '0':
    case 'L':
      return game('loss', 0);
    case '+':
      return game('forfeit_win', 1);
    case '-':
      return game('forfeit_loss', 0);
    case ' ':
      return game('pending', 0);
    default:
      return null;
  }
}

/**
 * TRF16 of a tournament (the open-data export): header, `XXR`, one `001` line per player in pairing order with the
 * program's points and rank. Birth dates and national ids are left out (personal data of minors).
 */
export function writeTrf16(tournament: Tournament, standings?: ReadonlyMap<number, { rank: number; points: number }>): string {
  const lines: string[] = [];
  lines.push(`012 ${tournament.name}`);
  if (tournament.place) lines.push(`022 ${tournament.place}`);
  if (tournament.startDate) lines.push(`042 ${tournament.startDate.replaceAll('-', '/')}`);
  if (tournament.endDate) lines.push(`052 ${tournament.endDate.replaceAll('-', '/')}`);
  lines.push(`062 ${tournament.players.length}`);
  lines.push('092 Individual: Swiss-System');
  // The tie-break list, in FIDE's codes (TRF-2025's record; TRF16 readers skip it). One the code list cannot name is
  // written by its name without spaces, and read back as unknown.
  if (tournament.tieBreaks.length > 0)
    lines.push(`202 ${tournament.tieBreaks.map((c) => TIE_BREAK_CODES[c.kind] ?? c.name.replace(/[\s,]+/g, '_')).join(' ')}`);
  lines.push(`XXR ${tournament.plannedRounds}`);
  const titleCodes = Object.fromEntries(Object.entries(TITLES).map(([code, title]) => [title, code]));
  const players = [...tournament.players].sort((a, b) => a.pairingNumber - b.pairingNumber);
  const byNumber = new Map(players.map((p) => [p.pairingNumber, p]));
  /**
   * A game's colours; where the file gave none (forfeits written `  45 - +`), the lower pairing number takes White,
   * so that both sides name opposite colours (FIDE's checker refuses a game whose two sides are both White).
   */
  const colourOf = (p: TournamentPlayer, round: PlayerRound): Colour | null => {
    if (round.opponent === null) return null;
    if (round.colour) return round.colour;
    const back = byNumber.get(round.opponent)?.rounds.find((x) => x.round === round.round);
    if (back?.colour) return back.colour === 'white' ? 'black' : 'white';
    return p.pairingNumber < round.opponent ? 'white' : 'black';
  };
  for (const p of players) {
    const standing = standings?.get(p.pairingNumber);
    const points = standing?.points ?? p.points;
    const rank = standing?.rank ?? p.rank ?? 0;
    let line =
      '001 ' +
      String(p.pairingNumber).padStart(4) +
      ' ' +
      (p.sex === 'f' ? 'w' : p.sex === 'm' ? 'm' : ' ') +
      (titleCodes[p.title ?? ''] ?? '').padStart(3) +
      ' ' +
      p.name.slice(0, 33).padEnd(33) +
      ' ' +
      String(p.fideRating ?? 0).padStart(4) +
      ' ' +
      (p.federation ?? '').padEnd(3).slice(0, 3) +
      ' ' +
      String(p.fideId ?? '').padStart(11) +
      ' ' +
      ''.padEnd(10) +
      ' ' +
      points.toFixed(1).padStart(4) +
      ' ' +
      String(rank).padStart(4);
    for (let r = 1; r <= tournament.pairedRounds; r++) {
      const round = p.rounds.find((x) => x.round === r);
      line += '  ' + roundBlock(round, round && colourOf(p, round));
    }
    lines.push(line.trimEnd());
  }
  // TRF16 has no field for these; its readers skip records they do not know (FIDE's checker does): our reader takes
  // them back, so that an export imported again gives the same boards and the same ratings.
  for (const p of players) {
    if ((p.rating ?? 0) !== (p.fideRating ?? 0) || p.nationalRating) lines.push(`XXU ${p.pairingNumber} ${p.rating ?? 0} ${p.nationalRating ?? 0}`);
  }
  for (let r = 1; r <= tournament.pairedRounds; r++) {
    const boards = players
      .flatMap((p) =>
        p.rounds.filter((x) => x.round === r && x.board !== null && x.opponent !== null && colourOf(p, x) === 'white').map((x) => [x.board!, p.pairingNumber]),
      )
      .sort((a, b) => a[0]! - b[0]!);
    if (boards.length > 0) lines.push(`XXB ${r} ${boards.map(([board, white]) => `${board}-${white}`).join(' ')}`);
  }
  return lines.join('\n') + '\n';
}

function roundBlock(round: PlayerRound | undefined, gameColour: Colour | null | undefined): string {
  // A round the player has no entry for yet (a later round already holds a pre-announced bye) stays blank.
  if (!round) return '        ';
  const colour = gameColour === 'white' ? 'w' : gameColour === 'black' ? 'b' : '-';
  const opponent = round.opponent === null ? '0000' : String(round.opponent).padStart(4);
  const code: Record<RoundOutcome, string> = {
    win: '1',
    draw: '=',
    loss: '0',
    forfeit_win: '+',
    forfeit_loss: '-',
    bye: 'U',
    half_bye: 'H',
    zero_bye: 'Z',
    absent: '-',
    pending: ' ',
  };
  // An absence the program scored (Swar's AbsValue ½ or 1) keeps its points: TRF16 has a code for each.
  if (round.outcome === 'absent' && round.points > 0) return `${opponent} ${colour} ${round.points >= 1 ? 'F' : 'H'}`;
  return `${opponent} ${colour} ${code[round.outcome]}`;
}
