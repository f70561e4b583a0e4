import type { GameMove, GameResult } from '@bjk/domain';

/**
 * How a game that arrives again (the relay posts the whole round every few seconds) changes the stored one, and what
 * of a stored game a visitor may see. Every move keeps the instant the server first received it: the broadcast delay
 * counts from there, so re-posting a game never makes its old moves "new" again, and its new moves wait their delay.
 */

/** A stored move: the visitor's part plus when the server first had it (epoch ms). */
export type TimedMove = GameMove & { at: number };

export type StoredGameState = { moves: TimedMove[]; result: GameResult; resultAt: number | null };

export type IncomingGame = { moves: GameMove[]; result: GameResult };

export type MergeOutcome = 'added' | 'unchanged' | 'grown' | 'replaced' | 'stale';

function sameMove(a: GameMove, b: GameMove): boolean {
  return a.san === b.san && a.clock === b.clock && a.elapsed === b.elapsed;
}

/**
 * - nothing stored: the game is added, every move stamped `now`;
 * - the same moves, clocks and result: unchanged (re-posting the same PGN changes nothing);
 * - a strict prefix of what is stored, still in progress: stale (an older copy of the file; the game never shrinks
 *   because a relay or a cache served an old version);
 * - the stored moves followed by more: grown; anything else (a corrected move, a changed clock): replaced.
 * Moves kept from the stored game keep their instant; the rest get `now`. A changed result gets `now` too.
 */
export function mergeGame(stored: StoredGameState | null, incoming: IncomingGame, now: number): { outcome: MergeOutcome; state: StoredGameState } {
  if (!stored) {
    return {
      outcome: 'added',
      state: { moves: incoming.moves.map((m) => ({ ...m, at: now })), result: incoming.result, resultAt: incoming.result === '*' ? null : now },
    };
  }
  const sameLength = stored.moves.length === incoming.moves.length;
  if (sameLength && stored.result === incoming.result && incoming.moves.every((m, i) => sameMove(m, stored.moves[i]!))) {
    return { outcome: 'unchanged', state: stored };
  }
  const sansPrefix = (shorter: GameMove[], longer: GameMove[]) => shorter.length <= longer.length && shorter.every((m, i) => m.san === longer[i]!.san);
  if (incoming.moves.length < stored.moves.length && incoming.result === '*' && sansPrefix(incoming.moves, stored.moves)) {
    return { outcome: 'stale', state: stored };
  }
  let common = 0;
  while (common < stored.moves.length && common < incoming.moves.length && stored.moves[common]!.san === incoming.moves[common]!.san) common++;
  const moves: TimedMove[] = incoming.moves.map((m, i) => ({ ...m, at: i < common ? stored.moves[i]!.at : now }));
  const resultAt = incoming.result === '*' ? null : incoming.result === stored.result ? (stored.resultAt ?? now) : now;
  const grown = common === stored.moves.length && incoming.moves.slice(0, common).every((m, i) => sameMove(m, stored.moves[i]!));
  return { outcome: grown ? 'grown' : 'replaced', state: { moves, result: incoming.result, resultAt } };
}

/**
 * What a visitor may see at `now` with a broadcast delay: the moves the server has had for at least `delayMs`, and
 * the result once it is as old. Moves are stamped in order, so this is always a prefix of the game.
 */
export function visiblePart(state: StoredGameState, delayMs: number, now: number): { moves: GameMove[]; result: GameResult } {
  const due = now - delayMs;
  const moves: GameMove[] = [];
  for (const move of state.moves) {
    if (move.at > due) break;
    const { at: _at, ...visible } = move;
    moves.push(visible);
  }
  const resultDue = state.resultAt !== null && state.resultAt <= due && moves.length === state.moves.length;
  return { moves, result: resultDue ? state.result : '*' };
}

/** The next instant at which more of the game becomes visible (a move or the result), or null when all is shown. */
export function nextReveal(state: StoredGameState, delayMs: number, now: number): number | null {
  const due = now - delayMs;
  const hidden = state.moves.find((m) => m.at > due);
  if (hidden) return hidden.at + delayMs;
  if (state.resultAt !== null && state.resultAt > due) return state.resultAt + delayMs;
  return null;
}
