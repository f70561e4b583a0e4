import { Chess } from 'chess.js';
import type { GameMove } from '@bjk/domain/games';

/**
 * The positions of a game, one per ply (index 0: before the first move), replayed from its SAN moves with chess.js.
 * The server checked every move; a move the replay refuses anyway ends the list there rather than break the page.
 */
export function positionsOf(moves: readonly GameMove[], startFen: string | null): string[] {
  const chess = startFen ? new Chess(startFen) : new Chess();
  const fens = [chess.fen()];
  for (const move of moves) {
    try {
      chess.move(move.san);
    } catch {
      break;
    }
    fens.push(chess.fen());
  }
  return fens;
}

/** Whose move the first ply is: Black when the game starts from a position with Black to move. */
export function blackStarts(startFen: string | null): boolean {
  return startFen?.split(' ')[1] === 'b';
}

/** The clocks shown after `ply` plies: each side's last `[%clk]` up to there (undefined before its first move). */
export function clocksAt(moves: readonly GameMove[], ply: number, startFen: string | null): { white?: number; black?: number } {
  const offset = blackStarts(startFen) ? 1 : 0;
  const clocks: { white?: number; black?: number } = {};
  for (let i = 0; i < Math.min(ply, moves.length); i++) {
    const clock = moves[i]!.clock;
    if (clock === undefined) continue;
    if ((i + offset) % 2 === 0) clocks.white = clock;
    else clocks.black = clock;
  }
  return clocks;
}

/** `1:05:03` or `4:07` (no hours under an hour); tenths are dropped. */
export function formatClock(seconds: number | undefined): string {
  if (seconds === undefined) return '–';
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}

/** The move number and side of a ply (1-based ply: the move just played), e.g. `12.` or `12…`. */
export function moveLabel(ply: number, startFen: string | null): { number: number; white: boolean } {
  const fields = startFen?.split(' ');
  const first = Number(fields?.[5] ?? '1') || 1;
  const offset = blackStarts(startFen) ? 1 : 0;
  const index = ply - 1 + offset;
  return { number: first + Math.floor(index / 2), white: index % 2 === 0 };
}

/** "1-0", "½-½", "0-1" or nothing while the game goes on. */
export function resultText(result: string): string | null {
  if (result === '1/2-1/2') return '½-½';
  return result === '*' ? null : result;
}
