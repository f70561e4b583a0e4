import type { DeletedGame, GameSource, GameSourceUpdate, GameUploadJob, ManagedGame, MoveGame } from '@bjk/domain/games';
import { http } from '../../../shared/http';
import type { GameRounds } from './live';
import { randomId } from '../../../shared/random-id';
// The public pages' reads and addresses live in `live.ts` (no TanStack Query).

const base = '/api/v1/games';

// Back office

export const gameSourcesQuery = { queryKey: ['games', 'sources'] as const, queryFn: () => http.get<GameSource[]>(`${base}/sources`) };
/** The rounds of a category that have games (the back office opens its round table on the last of them). */
export const gameRoundsQuery = (category: string) => ({
  queryKey: ['games', 'rounds', category] as const,
  queryFn: () => http.get<GameRounds>(`${base}/public/${category}/rounds`),
});
export const managedGamesQuery = (category: string, round: number) => ({
  queryKey: ['games', 'managed', category, round] as const,
  queryFn: () => http.get<ManagedGame[]>(`${base}/manage/${category}/${round}`),
});
export const saveGameSource = (category: string, input: GameSourceUpdate) => http.put<GameSource>(`${base}/sources/${category}`, input);
export const rotatePushToken = (category: string) =>
  http.post<{ token: string }>(`${base}/sources/${category}/token`, undefined, { idempotencyKey: randomId() });
export const pushUrl = (category: string) => `${window.location.origin}${base}/push/${category}`;
/** Uploads a PGN file: the answer is the job that takes its games (202), which the page follows with `gameUploadQuery`. */
export function uploadGames(category: string, round: number | null, file: File): Promise<GameUploadJob> {
  const form = new FormData();
  form.append('file', file);
  return http.post<GameUploadJob>(`${base}/sources/${category}/upload`, form, { query: { round: round ?? undefined }, idempotencyKey: randomId() });
}
/** How often a queued or running upload is read again. */
export const UPLOAD_POLL_MS = 1000;
const uploadRunning = (job: GameUploadJob | undefined) => job?.status === 'queued' || job?.status === 'running';
/** A category's recent uploads, newest first: the page shows the running or last one when it opens. */
export const gameUploadsQuery = (category: string) => ({
  queryKey: ['games', 'uploads', category] as const,
  queryFn: () => http.get<GameUploadJob[]>(`${base}/uploads`, { query: { category } }),
});
/** One upload, read again every `UPLOAD_POLL_MS` while it is queued or running, no longer once it ended. */
export const gameUploadQuery = (id: string) => ({
  queryKey: ['games', 'upload', id] as const,
  queryFn: () => http.get<GameUploadJob>(`${base}/uploads/${id}`),
  refetchInterval: (query: { state: { data?: GameUploadJob } }) => (uploadRunning(query.state.data) ? UPLOAD_POLL_MS : false),
});
export const linkGame = (id: number, pairingBoard: number | null) => http.put<ManagedGame>(`${base}/manage/game/${id}/pairing`, { pairingBoard });
export const moveGame = (id: number, to: MoveGame) => http.put<ManagedGame>(`${base}/manage/game/${id}/place`, to);
export const deleteGame = (id: number) => http.delete<void>(`${base}/manage/game/${id}`);
/** The games managers deleted from a round (under the managed games' key: a delete or restore refreshes both). */
export const deletedGamesQuery = (category: string, round: number) => ({
  queryKey: ['games', 'managed', category, round, 'deleted'] as const,
  queryFn: () => http.get<DeletedGame[]>(`${base}/manage/${category}/${round}/deleted`),
});
export const restoreGame = (id: number) => http.post<ManagedGame>(`${base}/manage/deleted/${id}/restore`, undefined);
