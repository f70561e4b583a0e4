import {
  TOURNAMENT_FILE_ERRORS,
  TournamentFileError,
  type PlayerRound,
  type RoundOutcome,
  type TournamentFileErrorCode,
  type TournamentFileErrorDetails,
  type TournamentPlayer,
} from './tournament-model.js';

/**
 * What a youth championship's file can hold at most. Beyond these a file is not a real export but a broken or hostile
 * one: a page reading "round 1000000000 of 9" helps nobody. The largest real file we know has 948 players (the
 * FRBE's national rating list of one interclub round) and 13 rounds.
 */
export const TOURNAMENT_LIMITS = { maxRounds: 30, maxPlayers: 1000, maxBoard: 1000 } as const;

/** Where a file's reader found each thing, so that a refusal names the field (Swar) or the line (TRF). */
export interface TournamentLocations {
  plannedRounds(): TournamentFileErrorDetails;
  players(): TournamentFileErrorDetails;
  /** The player's pairing number (Swar `Ni`, TRF starting rank). */
  pairingNumber(player: TournamentPlayer): TournamentFileErrorDetails;
  roundNumber(player: TournamentPlayer, round: PlayerRound): TournamentFileErrorDetails;
  board(player: TournamentPlayer, round: PlayerRound): TournamentFileErrorDetails;
  opponent(player: TournamentPlayer, round: PlayerRound): TournamentFileErrorDetails;
}

function refuse(code: TournamentFileErrorCode, message: string, details: TournamentFileErrorDetails): never {
  throw new TournamentFileError(code, message, details);
}

/** The planned rounds and the number of players, checked before the rest is read. */
export function checkTournamentSize(plannedRounds: number, playerCount: number, where: Pick<TournamentLocations, 'plannedRounds' | 'players'>): void {
  // 0 is a start list without a round count (a TRF before round 1 may have no XXR).
  if (plannedRounds < 0 || plannedRounds > TOURNAMENT_LIMITS.maxRounds) {
    refuse(TOURNAMENT_FILE_ERRORS.tooManyRounds, `${plannedRounds} rounds: a championship has at most ${TOURNAMENT_LIMITS.maxRounds}`, {
      ...where.plannedRounds(),
      value: String(plannedRounds),
    });
  }
  if (playerCount > TOURNAMENT_LIMITS.maxPlayers) {
    refuse(TOURNAMENT_FILE_ERRORS.tooManyPlayers, `${playerCount} players: at most ${TOURNAMENT_LIMITS.maxPlayers} are possible`, {
      ...where.players(),
      value: String(playerCount),
    });
  }
}

/** Outcomes of one game seen from both sides that cannot be: more than one point given out, or one side still pending. */
function impossibleOutcomes(a: PlayerRound, b: PlayerRound): boolean {
  const pending = (o: RoundOutcome) => o === 'pending';
  if (pending(a.outcome) !== pending(b.outcome)) return true;
  return a.points + b.points > 1;
}

/**
 * Refuses a file no pairing program writes, with a coded error naming the field: more rounds than a championship has,
 * round numbers outside 1…rounds, a round twice for one player, a player paired with themself or with a pairing number
 * that does not exist, a game its opponent does not confirm (another opponent, the same colour, another board, results
 * that give out more than a point), an absurd number of players or board number. Both readers call it on what they
 * read, before anything else uses the pairings.
 */
export function checkTournamentIsPossible(plannedRounds: number, players: readonly TournamentPlayer[], where: TournamentLocations): void {
  checkTournamentSize(plannedRounds, players.length, where);
  const byNumber = new Map<number, TournamentPlayer>();
  for (const player of players) {
    if (player.pairingNumber < 1 || byNumber.has(player.pairingNumber)) {
      refuse(TOURNAMENT_FILE_ERRORS.duplicatePlayer, `Pairing number ${player.pairingNumber} is not a new positive number`, where.pairingNumber(player));
    }
    byNumber.set(player.pairingNumber, player);
  }
  for (const player of players) {
    const seen = new Set<number>();
    for (const round of player.rounds) {
      if (round.round < 1 || round.round > plannedRounds || seen.has(round.round)) {
        refuse(
          TOURNAMENT_FILE_ERRORS.roundOutOfRange,
          seen.has(round.round) ? `${player.name} has round ${round.round} twice` : `Round ${round.round} is not one of the ${plannedRounds} rounds`,
          where.roundNumber(player, round),
        );
      }
      seen.add(round.round);
      if (round.board !== null && (round.board < 1 || round.board > TOURNAMENT_LIMITS.maxBoard)) {
        refuse(TOURNAMENT_FILE_ERRORS.boardOutOfRange, `Board ${round.board} is not a board number`, where.board(player, round));
      }
    }
  }
  for (const player of players) {
    for (const round of player.rounds) {
      if (round.opponent === null) continue;
      if (round.opponent === player.pairingNumber) {
        refuse(TOURNAMENT_FILE_ERRORS.pairedWithSelf, `Round ${round.round}: ${player.name} is paired with themself`, where.opponent(player, round));
      }
      const opponent = byNumber.get(round.opponent);
      if (!opponent) {
        refuse(TOURNAMENT_FILE_ERRORS.unknownOpponent, `Round ${round.round}: opponent ${round.opponent} is not in the file`, where.opponent(player, round));
      }
      const back = opponent.rounds.find((r) => r.round === round.round);
      const symmetric =
        back !== undefined &&
        back.opponent === player.pairingNumber &&
        (round.colour === null || back.colour === null || round.colour !== back.colour) &&
        back.board === round.board &&
        !impossibleOutcomes(round, back);
      if (!symmetric) {
        refuse(
          TOURNAMENT_FILE_ERRORS.asymmetric,
          `Round ${round.round}: ${player.name} is paired against ${round.opponent}, whose entry for that round does not match`,
          where.opponent(player, round),
        );
      }
    }
  }
}
