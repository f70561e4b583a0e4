import { useMemo, useEffect, useState } from 'react';
import type { GameCategories, GameLinks, PublicGame, PublicRoundGames } from '@bjk/domain/games';
import { preloadResource, settled, usePeekResource } from '../../../shared/data/resource';
import { HttpError, http } from '../../../shared/http';
import { currentLanguage } from '../../../shared/i18n';
import { openLiveStream, type LiveStreamStatus } from '../../../shared/live-stream';

/**
 * The live games' public reads and addresses, without TanStack Query: the games pages and the Games tab read through
 * the resource cache (`shared/data/resource.ts`: loaded once, refreshed in the background when older than a minute);
 * a round's games stay live over server-sent events (`useLiveRound`).
 */
const base = '/api/v1/games';

// PGN downloads name the championship in the reader's language (their Event tag).
export const roundPgnUrl = (category: string, round: number) => `${base}/public/${category}/${round}/pgn?lang=${currentLanguage()}`;
export const gamePgnUrl = (id: number) => `${base}/public/game/${id}/pgn?lang=${currentLanguage()}`;
export const playerPgnUrl = (category: string, name: string) =>
  `${base}/public/${category}/player/pgn?${new URLSearchParams({ lang: currentLanguage(), name })}`;
export const gamePath = (id: number) => `/games/game/${id}`;

/** Every player category with how many games it has received (`/games`). */
export const categoriesKey = 'games:categories';
export const loadCategories = () => settled(http.get<GameCategories>(`${base}/public/categories`));

export type GameRounds = { category: string; rounds: number[] };
/** A category's rounds that have games. */
export const roundsKey = (category: string) => `games:rounds:${category}`;
export const loadRounds = (category: string) => () => settled(http.get<GameRounds>(`${base}/public/${category}/rounds`));
/** One game as the public sees it (the broadcast delay applied). */
export const gameKey = (id: number) => `games:game:${id}`;
export const loadGame = (id: number) => () => settled(http.get<PublicGame>(`${base}/public/game/${id}`));

/** Which game was played on which board of which round: for the links from the pairings and the player card. */
export const gameLinksKey = (category: string) => `games:boards:${category}`;
const loadGameLinks = (category: string) => () => http.get<GameLinks>(`${base}/public/${encodeURIComponent(category)}/boards`);

/**
 * The id of the game played on a board of a round, when the relay's game was matched to that pairing. Never waits
 * nor fails: a board links to its game once the links are there.
 */
export function useGameOnBoard(category: string): (round: number, board: number | null) => number | undefined {
  const links = usePeekResource(gameLinksKey(category), loadGameLinks(category));
  const byBoard = useMemo(() => new Map((links?.games ?? []).map((g) => [`${g.round}:${g.pairingBoard}`, g.id])), [links]);
  return (round, board) => (board === null ? undefined : byBoard.get(`${round}:${board}`));
}

/**
 * At start-up on `/games/:category[/:round]` or `/games/game/:id`: that page's first read starts beside its code
 * instead of after it arrived and rendered (one round trip less on a phone).
 */
export function preloadGames(path: string): void {
  const game = /^\/games\/game\/(\d{1,9})\/?$/.exec(path);
  if (game) return preloadResource(gameKey(Number(game[1])), loadGame(Number(game[1])));
  if (/^\/games\/?$/.test(path)) return preloadResource(categoriesKey, loadCategories);
  const category = /^\/games\/([A-Za-z0-9_-]{1,20})(?:\/\d{1,3})?\/?$/.exec(path)?.[1];
  if (category) preloadResource(roundsKey(category), loadRounds(category));
}

/** `error`: the API refused the round (a coded 4xx: a round it cannot have); the page says so instead of waiting. */
export type LiveRound = { games: PublicGame[]; delaySeconds: number | null; status: LiveStreamStatus; error: HttpError | null };

/** A refusal that reading again will not change (not a timeout, a rate limit or the server away). */
const refused = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/**
 * The games of a round, kept live: server-sent events (`games`), the first after each (re)connection being the
 * whole round, then the games whose visible part changed. The server holds every move back for the broadcast delay.
 * While the stream is down (the browser retries by itself, or the server refused it and it is tried again later)
 * the round is read once a minute instead.
 */
export function useLiveRound(category: string, round: number): LiveRound {
  const [state, setState] = useState<LiveRound>({ games: [], delaySeconds: null, status: 'connecting', error: null });
  useEffect(() => {
    let whole = true;
    let fallback: ReturnType<typeof setInterval> | null = null;
    const stop = () => {
      close();
      if (fallback) clearInterval(fallback);
      fallback = null;
    };
    const readOnce = () =>
      http.get<PublicRoundGames>(`${base}/public/${category}/${round}`).then(
        (data) => setState((prev) => ({ ...prev, games: data.games, delaySeconds: data.delaySeconds })),
        (error: unknown) => {
          // Any other failure (the server away) is read again by the stream's fallback.
          if (!refused(error)) return;
          stop();
          setState({ games: [], delaySeconds: null, status: 'polling', error });
        },
      );
    setState({ games: [], delaySeconds: null, status: 'connecting', error: null });
    const close = openLiveStream(`${base}/public/${category}/${round}/stream`, {
      onOpen: () => {
        whole = true;
        if (fallback) clearInterval(fallback);
        fallback = null;
      },
      onStatus: (status) => {
        setState((prev) => ({ ...prev, status }));
        if (status === 'reconnecting' || status === 'polling') fallback ??= setInterval(() => void readOnce(), 60_000);
      },
      events: {
        games: (data) => {
          const { games } = JSON.parse(data) as { games: PublicGame[] };
          const replace = whole;
          whole = false;
          setState((prev) => {
            if (replace) return { ...prev, games, status: 'live' };
            const byId = new Map(prev.games.map((g) => [g.id, g]));
            for (const game of games) byId.set(game.id, game);
            const merged = [...byId.values()].sort((a, b) => (a.board ?? 1e6) - (b.board ?? 1e6) || a.id - b.id);
            return { ...prev, games: merged, status: 'live' };
          });
        },
      },
    });
    void readOnce();
    return stop;
  }, [category, round]);
  return state;
}
