import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { GameLinks, GameSource, GameSourceUpdate, ManagedGame, PgnIngestReport, PublicGame, PublicRoundGames } from '@bjk/domain/games';
import { http } from '../../../shared/http';
import { takeOrGet } from './preload';

const base = '/api/v1/games';

export const gameRoundsQuery = (category: string) => ({
  queryKey: ['games', 'rounds', category] as const,
  queryFn: () => takeOrGet<{ category: string; rounds: number[] }>(`${base}/public/${category}/rounds`),
  staleTime: 30_000,
});

export const roundPgnUrl = (category: string, round: number) => `${base}/public/${category}/${round}/pgn`;
export const gamePgnUrl = (id: number) => `${base}/public/game/${id}/pgn`;
export const playerPgnUrl = (category: string, name: string) => `${base}/public/${category}/player/pgn?${new URLSearchParams({ name })}`;
export const gamePath = (id: number) => `/games/game/${id}`;

/** Which game was played on which board of which round: for the links from the pairings and the player card. */
export const gameLinksQuery = (category: string) => ({
  queryKey: ['games', 'boards', category] as const,
  queryFn: () => http.get<GameLinks>(`${base}/public/${category}/boards`),
  staleTime: 30_000,
});

/** The id of the game played on a board of a round, when the relay's game was matched to that pairing. */
export function useGameOnBoard(category: string): (round: number, board: number | null) => number | undefined {
  const links = useQuery(gameLinksQuery(category));
  const byBoard = useMemo(() => new Map((links.data?.games ?? []).map((g) => [`${g.round}:${g.pairingBoard}`, g.id])), [links.data]);
  return (round, board) => (board === null ? undefined : byBoard.get(`${round}:${board}`));
}

export const gameQuery = (id: number) => ({ queryKey: ['games', 'game', id] as const, queryFn: () => takeOrGet<PublicGame>(`${base}/public/game/${id}`) });

export type LiveRound = { games: PublicGame[]; delaySeconds: number | null; status: 'connecting' | 'live' | 'reconnecting' };

/**
 * The games of a round, kept live: server-sent events (`games`), the first after each (re)connection being the
 * whole round, then the games whose visible part changed. The server holds every move back for the broadcast delay.
 * While the stream is down (the browser retries by itself) the round is read once a minute instead.
 */
export function useLiveRound(category: string, round: number): LiveRound {
  const [state, setState] = useState<LiveRound>({ games: [], delaySeconds: null, status: 'connecting' });
  useEffect(() => {
    let whole = true;
    let fallback: ReturnType<typeof setInterval> | null = null;
    const readOnce = () =>
      http.get<PublicRoundGames>(`${base}/public/${category}/${round}`).then(
        (data) => setState((prev) => ({ ...prev, games: data.games, delaySeconds: data.delaySeconds })),
        () => undefined,
      );
    setState({ games: [], delaySeconds: null, status: 'connecting' });
    void readOnce();
    const source = new EventSource(`${base}/public/${category}/${round}/stream`);
    source.onopen = () => {
      whole = true;
      if (fallback) clearInterval(fallback);
      fallback = null;
      setState((prev) => ({ ...prev, status: 'live' }));
    };
    source.onerror = () => {
      setState((prev) => ({ ...prev, status: 'reconnecting' }));
      fallback ??= setInterval(() => void readOnce(), 60_000);
    };
    source.addEventListener('games', (event) => {
      const { games } = JSON.parse((event as MessageEvent<string>).data) as { games: PublicGame[] };
      const replace = whole;
      whole = false;
      setState((prev) => {
        if (replace) return { ...prev, games, status: 'live' };
        const byId = new Map(prev.games.map((g) => [g.id, g]));
        for (const game of games) byId.set(game.id, game);
        const merged = [...byId.values()].sort((a, b) => (a.board ?? 1e6) - (b.board ?? 1e6) || a.id - b.id);
        return { ...prev, games: merged, status: 'live' };
      });
    });
    return () => {
      source.close();
      if (fallback) clearInterval(fallback);
    };
  }, [category, round]);
  return state;
}

// Back office

export const gameSourcesQuery = { queryKey: ['games', 'sources'] as const, queryFn: () => http.get<GameSource[]>(`${base}/sources`) };
export const managedGamesQuery = (category: string, round: number) => ({
  queryKey: ['games', 'managed', category, round] as const,
  queryFn: () => http.get<ManagedGame[]>(`${base}/manage/${category}/${round}`),
});
export const saveGameSource = (category: string, input: GameSourceUpdate) => http.put<GameSource>(`${base}/sources/${category}`, input);
export const rotatePushToken = (category: string) => http.post<{ token: string }>(`${base}/sources/${category}/token`, undefined, { idempotencyKey: crypto.randomUUID() });
export const pushUrl = (category: string) => `${window.location.origin}${base}/push/${category}`;
export function uploadGames(category: string, round: number | null, file: File): Promise<PgnIngestReport> {
  const form = new FormData();
  form.append('file', file);
  return http.post<PgnIngestReport>(`${base}/sources/${category}/upload`, form, { query: { round: round ?? undefined }, idempotencyKey: crypto.randomUUID() });
}
export const linkGame = (id: number, pairingBoard: number | null) => http.put<ManagedGame>(`${base}/manage/game/${id}/pairing`, { pairingBoard });
