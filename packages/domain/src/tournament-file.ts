import { withComputedPerformance } from './performance.js';
import { parseSwarJson } from './swar-json.js';
import { decodeTournamentBytes, parseTrf } from './trf.js';
import { TOURNAMENT_FILE_ERRORS, TournamentFileError, type Tournament } from './tournament-model.js';

/**
 * A Swar JSON export or a TRF, told apart by content (not by the file name, which users rename). Players the file
 * gives no performance (every TRF) get ours.
 */
export function parseTournamentFile(bytes: Uint8Array): Tournament {
  return withComputedPerformance(readTournamentFile(bytes));
}

function readTournamentFile(bytes: Uint8Array): Tournament {
  const text = decodeTournamentBytes(bytes);
  const start = text.trimStart();
  if (start.startsWith('{')) return parseSwarJson(start);
  if (/^(001|012|XXR|00[A-F]|###)/m.test(start)) return parseTrf(text);
  throw new TournamentFileError(TOURNAMENT_FILE_ERRORS.unknownFormat, 'Neither a Swar JSON export nor a FIDE TRF');
}
