import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FideTieBreakRules } from '../src/tie-breaks.js';
import { TRF_DEFAULT_TIE_BREAKS } from '../src/trf.js';
import type { TieBreakColumn, TieBreakKind, Tournament } from '../src/tournament-model.js';

/**
 * FIDE's own tie-break checker (TieBreakServer of FIDE's Technical Commission, `../shared/tools/fide-tiebreak-checker`,
 * Python 3): the reference our tie-breaks are held to. Only the conformance run and the script that writes
 * `fixtures/checker/` call it; the regular tests read that script's answers.
 */
export const checkerDir = process.env.FIDE_CHECKER_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/tools/fide-tiebreak-checker');

/** "1.9.57 (2026-07-21)", from the checker's own version file. */
export function checkerVersion(): string {
  const text = readFileSync(path.join(checkerDir, 'version.py'), 'utf8');
  return `${/"version": "([^"]+)"/.exec(text)?.[1] ?? '?'} (${/"version_date": "([^"]+)"/.exec(text)?.[1] ?? '?'})`;
}

/** The checker's names of the tie-breaks it computes the way we do; direct encounter (a recursive ranking there) is left out. */
export const CHECKER_CODES: Partial<Record<TieBreakKind, string>> = {
  buchholz_cut1: 'BH/C1',
  buchholz: 'BH',
  sonneborn_berger: 'SB',
  progressive: 'PS',
  games_won: 'WON',
  games_with_black: 'BPG',
};

/** The tie-breaks of a tournament both we and the checker compute: the file's list (Swar), or the TRF default list. */
export function comparableColumns(tournament: Tournament): TieBreakColumn[] {
  return (tournament.format === 'swar' ? tournament.tieBreaks : TRF_DEFAULT_TIE_BREAKS).filter((c) => CHECKER_CODES[c.kind] !== undefined);
}

/** Unplayed rounds differ between the texts only in Buchholz and Sonneborn-Berger: those take the version explicitly. */
function codeFor(kind: TieBreakKind, rules: FideTieBreakRules): string {
  const code = CHECKER_CODES[kind]!;
  return /^(BH|SB)/.test(code) ? `${code}/V${rules === 'fide2026' ? 2 : 1}` : code;
}

export interface CheckerAnswer {
  /** The rules date the checker chose by itself from the `042` line ("2024-08-01" …); unused where `/V1` or `/V2` was passed. */
  rules: string;
  /** Per starting number: the checker's rank (tied players share one) and its values: points, then the asked tie-breaks. */
  players: Map<number, { rank: number; values: number[] }>;
}

export class CheckerRefusal extends Error {}

/** The checker's own words when it refuses a file (its JSON status), e.g. "status 510: Program error". */
function refusalOf(stdout: string): string | null {
  try {
    const json = JSON.parse(stdout) as { status?: { code: number; error: string[] } };
    if (json.status) return `status ${json.status.code}: ${json.status.error.join('; ')}`;
  } catch {
    // Not JSON: the checker stopped before writing its answer.
  }
  return stdout.trim().split('\n').slice(0, 2).join(' ') || null;
}

/**
 * Runs the checker on a TRF after `rounds` rounds with `kinds` (which must all have a checker code) under `rules`.
 * The rules are passed explicitly (`/V1`, `/V2`) rather than left to the checker's reading of the `042` date,
 * which reads `YYYY/MM/DD` and `DD.MM.YYYY` only and falls back to today's date otherwise.
 */
export function runFideChecker(
  trf: string,
  options: { rounds: number; kinds: readonly TieBreakKind[]; rules: FideTieBreakRules; encoding?: string },
): CheckerAnswer {
  const dir = mkdtempSync(path.join(tmpdir(), 'fide-checker-'));
  try {
    const input = path.join(dir, 'in.trf');
    writeFileSync(input, trf, options.encoding === 'latin-1' ? 'latin1' : 'utf8');
    const args = [
      'tiebreakchecker.py',
      '-i',
      input,
      '-o',
      '-',
      '-n',
      String(options.rounds),
      '-t',
      'PTS',
      ...options.kinds.map((k) => codeFor(k, options.rules)),
    ];
    if (options.encoding) args.push('-b', options.encoding);
    let output: string;
    try {
      output = execFileSync('python3', args, { cwd: checkerDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      throw new CheckerRefusal(refusalOf(String((error as { stdout?: string }).stdout ?? '')) ?? String(error));
    }
    const json = JSON.parse(output) as {
      status: { code: number; error: string[] };
      tiebreakResult?: { rules: string; competitors: { cid: number; rank: number; tiebreakScore: (string | number | null)[] }[] };
    };
    if (json.status.code !== 0 || !json.tiebreakResult) throw new CheckerRefusal(`status ${json.status.code}: ${json.status.error.join('; ')}`);
    return {
      rules: json.tiebreakResult.rules,
      players: new Map(
        json.tiebreakResult.competitors.map((c) => [c.cid, { rank: c.rank, values: c.tiebreakScore.map((v) => (v === null ? NaN : Number(v))) }]),
      ),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
