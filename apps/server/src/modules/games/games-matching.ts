/**
 * Matching the games of a round to the round's pairings. Relay software knows the board and the names typed at the
 * venue ("Moss, M"); the pairing program knows full names ("Moss, Magnus", or "Moss Magnus" in old Swar) and FIDE ids.
 * A game is matched when its players are the pairing's players (by FIDE id where both sides have one, else by
 * name), on its own board first, then on any board of the round (boards get renumbered). What does not match is
 * listed with the reason, for a manager to link by hand.
 */

export type PairedPlayer = { name: string; fideId: number | null };
export type RoundPairing = { board: number; white: PairedPlayer; black: PairedPlayer | null };
export type GameToMatch = { key: string; board: number | null; white: string; black: string; whiteFideId: number | null; blackFideId: number | null };

export type UnmatchedReason = 'no_pairing_on_board' | 'players_differ' | 'pairing_taken';
export type MatchResult = {
  matched: { key: string; board: number }[];
  unmatched: { key: string; reason: UnmatchedReason }[];
};

/** Lower case, no accents or punctuation, split into surname and given names at the comma (or first word). */
export function nameParts(name: string): { surname: string[]; given: string[] } {
  const plain = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N},\s-]/gu, ' ');
  const [before, after] = plain.includes(',') ? [plain.slice(0, plain.indexOf(',')), plain.slice(plain.indexOf(',') + 1)] : [plain, ''];
  const words = (text: string) => text.split(/[\s-]+/).filter((w) => w !== '');
  if (after.trim() !== '') return { surname: words(before), given: words(after) };
  // Without a comma: "Moss Magnus" (Swar v3) — the first word is the surname.
  const all = words(before);
  return { surname: all.slice(0, 1), given: all.slice(1) };
}

/** The same surname, and given names that agree as far as both go (an initial matches its name). */
export function sameName(a: string, b: string): boolean {
  const x = nameParts(a);
  const y = nameParts(b);
  const flat = (w: string[]) => w.join('');
  if (flat(x.surname) === '' || flat(x.surname) !== flat(y.surname)) {
    // "Van den Berg, A" against "Van Den Berg A": without a comma the split differs; compare all words joined.
    const all = (p: { surname: string[]; given: string[] }) => flat([...p.surname, ...p.given]);
    if (all(x) !== all(y) || all(x) === '') return false;
    return true;
  }
  const n = Math.min(x.given.length, y.given.length);
  for (let i = 0; i < n; i++) {
    const g = x.given[i]!;
    const h = y.given[i]!;
    if (!(g.startsWith(h) || h.startsWith(g))) return false;
  }
  return true;
}

function samePlayer(gameName: string, gameFideId: number | null, player: PairedPlayer | null): boolean {
  if (!player) return false;
  if (gameFideId && player.fideId) return gameFideId === player.fideId;
  return sameName(gameName, player.name);
}

function playsPairing(game: GameToMatch, pairing: RoundPairing): boolean {
  return samePlayer(game.white, game.whiteFideId, pairing.white) && samePlayer(game.black, game.blackFideId, pairing.black);
}

export function matchGamesToPairings(games: GameToMatch[], pairings: RoundPairing[]): MatchResult {
  const taken = new Set<number>();
  const matched: MatchResult['matched'] = [];
  const unmatched: MatchResult['unmatched'] = [];
  const pending: GameToMatch[] = [];
  // First pass: games on their own board, so a renumbered game cannot take another game's board.
  for (const game of games) {
    const own = game.board === null ? undefined : pairings.find((p) => p.board === game.board);
    if (own && !taken.has(own.board) && playsPairing(game, own)) {
      taken.add(own.board);
      matched.push({ key: game.key, board: own.board });
    } else pending.push(game);
  }
  for (const game of pending) {
    const candidates = pairings.filter((p) => playsPairing(game, p));
    const free = candidates.find((p) => !taken.has(p.board));
    if (free) {
      taken.add(free.board);
      matched.push({ key: game.key, board: free.board });
      continue;
    }
    const reason: UnmatchedReason =
      candidates.length > 0 ? 'pairing_taken' : game.board !== null && !pairings.some((p) => p.board === game.board) ? 'no_pairing_on_board' : 'players_differ';
    unmatched.push({ key: game.key, reason });
  }
  return { matched, unmatched };
}
