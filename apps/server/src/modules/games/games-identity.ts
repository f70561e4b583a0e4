/**
 * Which stored game an incoming game is (issue #23). Across uploads and feeds a game is its round and its players:
 * the same two players in one round are one game, whatever board or feed brought it, and a game first received
 * without a board and later with one stays one game. Within one relay feed (the push token, or one polled address)
 * a round's board is one game too, so an operator who corrects a name mid-round does not split it. Two different
 * games that claim one board (a broadcast numbering two groups 1–28 each) are both kept; the manager sees them flagged.
 * Two games of the same two players in one round (a play-off, an armageddon) are two games: `gameNumbersOf`.
 */

export type GamePlayers = { white: string; black: string; whiteFideId: number | null; blackFideId: number | null };
/**
 * `gameNumber`: which game of these two players with these colours in the round (1 for the game, 2 and on for a
 * play-off or an armageddon they play in the same round): see `gameNumbersOf`.
 */
export type IncomingIdentity = GamePlayers & { board: number | null; gameNumber?: number };
export type KnownGame = GamePlayers & { id: number; board: number | null; feed: string; gameKey?: string };

/** A name as identity: no accents, case or punctuation ("Anciaux, A." and "anciaux a" are one). */
export function plainName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The stored key of a game's players within its round (the unique index that stops two writers inserting it twice). */
export function playersKey(game: Pick<GamePlayers, 'white' | 'black'>): string {
  return `${plainName(game.white)}|${plainName(game.black)}`;
}

/** The stored key of one game of the round: its players, and from the second game of the same players on, its number. */
export function gameKeyOf(game: Pick<GamePlayers, 'white' | 'black'>, gameNumber = 1): string {
  return gameNumber > 1 ? `${playersKey(game)}|${gameNumber}` : playersKey(game);
}

/** The game number a stored key names (1 for a key of the players alone). */
export function gameNumberOfKey(key: string): number {
  const parts = key.split('|');
  return parts.length === 3 ? Number(parts[2]) || 1 : 1;
}

type NumberedGame = Pick<GamePlayers, 'white' | 'black'> & {
  /** The number the file gives (`[Game "2"]`, `Round "5.1.2"`), or null. */
  gameNumber: number | null;
  result: string;
  moves: readonly { san: string }[];
};

/**
 * Which game of its players each game of one round in one file is: the number its tags give, else by order in the
 * file. A file repeats a game as it grows (the relay's file holds every copy it wrote): a later copy of the same
 * players is the same game, unless the earlier copy was finished and the later one is another game (other moves or
 * another result) — a play-off or an armageddon of the two players after their game. Games with the colours
 * reversed have other players' keys already.
 */
export function gameNumbersOf(round: readonly NumberedGame[]): number[] {
  const last = new Map<string, { number: number; game: NumberedGame }>();
  return round.map((game) => {
    const key = playersKey(game);
    const previous = last.get(key);
    let number: number;
    if (game.gameNumber !== null) number = game.gameNumber;
    else if (!previous) number = 1;
    else {
      const p = previous.game;
      const continues = p.moves.length <= game.moves.length && p.moves.every((m, i) => m.san === game.moves[i]!.san);
      const anotherGame = p.result !== '*' && !(continues && p.result === game.result && p.moves.length === game.moves.length);
      number = anotherGame ? previous.number + 1 : previous.number;
    }
    if (!previous || number >= previous.number) last.set(key, { number, game });
    return number;
  });
}

function sameSide(a: string, aId: number | null, b: string, bId: number | null): boolean {
  // FIDE ids where both sides have one: a relay's "Moss, M" and the pairing program's "Moss, Magnus" are one player.
  if (aId !== null && bId !== null) return aId === bId;
  return plainName(a) === plainName(b);
}

export function samePlayers(a: GamePlayers, b: GamePlayers): boolean {
  return sameSide(a.white, a.whiteFideId, b.white, b.whiteFideId) && sameSide(a.black, a.blackFideId, b.black, b.blackFideId);
}

/** The same players and the same game of theirs in the round (a play-off game is not their first game). */
function sameGame(known: KnownGame, game: IncomingIdentity): boolean {
  return samePlayers(known, game) && gameNumberOfKey(known.gameKey ?? '') === (game.gameNumber ?? 1);
}

/** A relay feed, whose boards identify its games within a round; a manager's upload is not one. */
export function isRelayFeed(feed: string): boolean {
  return feed === 'push' || feed.startsWith('poll:');
}

/**
 * For each incoming game of one round (in file order), the id of the stored game it is, or null for a new game.
 * First by players; then, for a relay feed, by the board this same feed sent before — only when exactly one incoming
 * game and one stored game of the feed, neither taken by players, are on that board.
 */
export function identifyGames(incoming: readonly IncomingIdentity[], known: readonly KnownGame[], feed: string): (number | null)[] {
  const taken = new Set<number>();
  const ids: (number | null)[] = incoming.map((game) => {
    const same = known.find((k) => !taken.has(k.id) && sameGame(k, game));
    if (!same) return null;
    taken.add(same.id);
    return same.id;
  });
  if (!isRelayFeed(feed)) return ids;
  const claims = new Map<number, number>();
  incoming.forEach((game, i) => {
    if (ids[i] === null && game.board !== null) claims.set(game.board, (claims.get(game.board) ?? 0) + 1);
  });
  incoming.forEach((game, i) => {
    if (ids[i] !== null || game.board === null || claims.get(game.board) !== 1) return;
    // The same players on the board are another game of theirs (a play-off), not a corrected name.
    const onBoard = known.filter((k) => !taken.has(k.id) && k.feed === feed && k.board === game.board && !samePlayers(k, game));
    if (onBoard.length !== 1) return;
    taken.add(onBoard[0]!.id);
    ids[i] = onBoard[0]!.id;
  });
  return ids;
}

/** Games of one round that share a board but are different games: flagged for the manager (ids). */
export function sharedBoards(games: readonly { id: number; board: number | null }[]): Set<number> {
  const byBoard = new Map<number, number[]>();
  for (const game of games) if (game.board !== null) byBoard.set(game.board, [...(byBoard.get(game.board) ?? []), game.id]);
  return new Set([...byBoard.values()].filter((ids) => ids.length > 1).flat());
}
