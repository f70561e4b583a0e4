import { findUnsafeText, parseTournamentFile, TournamentFileError, type Tournament } from '@bjk/domain';

/** What a read gives: the tournament, or why the file is refused (an error's class does not cross threads). */
export type TournamentFileAnswer =
  | { ok: true; tournament: Tournament }
  | { ok: false; refused: 'file'; code: TournamentFileError['code']; message: string; details: TournamentFileError['details'] }
  | { ok: false; refused: 'unsafe_text'; path: string };

/** Parses a file and applies the text rule of every request to what it brings; never throws for a bad file. */
export function checkTournamentFile(bytes: Uint8Array): TournamentFileAnswer {
  let tournament: Tournament;
  try {
    tournament = parseTournamentFile(bytes);
  } catch (error) {
    if (error instanceof TournamentFileError) return { ok: false, refused: 'file', code: error.code, message: error.message, details: error.details };
    throw error;
  }
  // A name with a NUL character (which PostgreSQL cannot store) or a lone surrogate (a JSON escape of half a
  // character) is refused, naming where.
  const unsafe = findUnsafeText(tournament);
  if (unsafe) return { ok: false, refused: 'unsafe_text', path: unsafe.path };
  return { ok: true, tournament };
}
