import type {
  Pairing,
  ResultsCategorySummary,
  RoundPairings,
  TournamentImport,
  TournamentVersion,
  UnofficialResult,
  UnofficialRound,
  VersionDiff,
} from '@bjk/domain/results';
import type { TFunction } from 'i18next';
import type { Language } from '@bjk/domain/languages';
import type { TieBreakColumn } from '@bjk/domain/tournament-model';
import type { FideTieBreakRules } from '@bjk/domain/tie-breaks';
import { formatNumber } from '../../shared/format';
import { http } from '../../shared/http';

/**
 * Results change during a round: answers are revalidated with ETags (304 costs little) and read again at least
 * every minute (the specification's fallback when the live stream is down). The back office's queries are here; the
 * public pages' reads are `resources.ts` (the resource cache).
 */
export const RESULTS_REFRESH_MS = 60_000;

export const resultsCategoriesQuery = {
  queryKey: ['results', 'categories'] as const,
  queryFn: () => http.get<ResultsCategorySummary[]>('/api/v1/results/anon/categories'),
  staleTime: 30_000,
};

export const pairingsQuery = (category: string, round: number) => ({
  queryKey: ['results', category, 'pairings', round] as const,
  queryFn: () => http.get<RoundPairings>(`/api/v1/results/anon/${encodeURIComponent(category)}/pairings/${round}`),
  refetchInterval: RESULTS_REFRESH_MS,
  enabled: round > 0,
});

export const unofficialRoundQuery = (category: string, round: number) => ({
  queryKey: ['results', category, 'unofficial', round] as const,
  queryFn: () => http.get<UnofficialRound>(`/api/v1/results/anon/${encodeURIComponent(category)}/unofficial/${round}`),
  enabled: round > 0,
});

export const versionsQuery = (category: string) => ({
  queryKey: ['results', category, 'versions'] as const,
  queryFn: () => http.get<TournamentVersion[]>(`/api/v1/results/${encodeURIComponent(category)}/versions`),
  enabled: category !== '',
});

export function uploadTournamentFile(file: File): Promise<TournamentImport> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<TournamentImport>('/api/v1/results/imports', form);
}

export const previewImport = (id: string, category: string) => http.get<TournamentImport>(`/api/v1/results/imports/${id}`, { query: { category } });
/** `confirm`: the manager confirmed what the publish takes away (`confirmationRequired` of the preview). */
export const publishImport = (id: string, category: string, tieBreakRules: FideTieBreakRules | undefined, confirm: boolean) =>
  http.post<TournamentVersion>(`/api/v1/results/imports/${id}/publish`, { category, tieBreakRules, confirm });
/** Restoring always follows the manager's confirmation of `versionDiff` (the server refuses without it). */
export const restoreVersion = (category: string, version: number) =>
  http.post<TournamentVersion>(`/api/v1/results/${encodeURIComponent(category)}/versions/${version}/restore`, { confirm: true });
export const versionDiff = (category: string, version: number) =>
  http.get<VersionDiff>(`/api/v1/results/${encodeURIComponent(category)}/versions/${version}/diff`);
/** One game's result; the players the arbiter saw on the board go along, so a re-paired board refuses it. */
export const enterUnofficialResult = (category: string, round: number, pairing: Pairing, result: UnofficialResult | null) =>
  http.post<UnofficialRound>('/api/v1/tournament/unofficial_result', {
    name: category,
    round,
    boardnr: pairing.board,
    unofficial_result: result,
    white: pairing.white.pairingNumber,
    black: pairing.black?.pairingNumber,
  });

/** `/trn_u8` → "U8"; null when the address is no results page. */
export function categoryOfSlug(slug: string): string | null {
  const match = /^trn_(.+)$/i.exec(slug);
  return match ? match[1]!.toUpperCase() : null;
}

export const slugOfCategory = (category: string) => `/trn_${category.toLowerCase()}`;

/** Points as the programs print them: "4½", "½", "0". */
export function formatPoints(points: number): string {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  return half ? `${whole === 0 ? '' : whole}½` : String(whole);
}

/** A tie-break value in the reader's number format ("23,5" in nl, fr and de): "-" when not applicable, no trailing zeros. */
export function formatTieBreak(value: number | null, language: Language): string {
  return value === null ? '-' : formatNumber(value, language, { maximumFractionDigits: 2, useGrouping: false });
}

/**
 * A tie-break's name in the reader's language ("Buchholz zonder laagste"), never the program's spelling ("Bucholtz Cut 1");
 * a tie-break we do not know keeps the program's name.
 */
export function tieBreakName(t: TFunction<'results'>, column: TieBreakColumn): string {
  return column.kind === 'unknown' ? column.name : t(`tieBreak.${column.kind}`);
}
