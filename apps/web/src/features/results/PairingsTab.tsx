import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Pairing } from '@bjk/domain/results';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { formatPoints, pairingsQuery, tournamentQuery } from './api';
import { GameLink } from './GameLink';
import { useGameOnBoard } from './games/api';
import { PlayerLink } from './PlayerLink';
import { ResultsTable } from './ResultsTable';

/** Rounds newest first; the chosen one is `?round=` (default: the last paired round). */
export function PairingsTab({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const [params, setParams] = useSearchParams();
  const tournament = useQuery(tournamentQuery(category));
  const last = tournament.data?.pairedRounds ?? 0;
  const chosen = Number(params.get('round') ?? 0);
  const round = chosen >= 1 && chosen <= last ? chosen : last;
  const query = useQuery(pairingsQuery(category, round));
  const gameOn = useGameOnBoard(category);
  if (last === 0) return <Typography>{t('pairings.none')}</Typography>;
  const rounds = Array.from({ length: last }, (_, i) => last - i);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} className="results-no-print" role="group" aria-label={t('pairings.rounds')}>
        {rounds.map((r) => (
          <Chip key={r} label={t('pairings.round', { round: r })} clickable color={r === round ? 'primary' : 'default'} onClick={() => setParams({ tab: 'pairings', round: String(r) })} />
        ))}
      </Stack>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('pairings.round', { round })}
      </Typography>
      {query.isError && <ErrorAlert error={query.error} />}
      {query.data && (
        <ResultsTable testId="pairings-table" label={t('pairings.round', { round })}>
          <thead>
            <tr>
              <th scope="col" className="num">{t('columns.board')}</th>
              <th scope="col">{t('columns.white')}</th>
              <th scope="col">{t('columns.result')}</th>
              <th scope="col">{t('columns.black')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.pairings.map((p) => (
              <tr key={`${p.board ?? 'x'}-${p.white.pairingNumber}`} data-testid="pairing-row">
                <td className="num">
                  <BoardCell board={p.board} game={gameOn(round, p.board)} />
                </td>
                <td>
                  <PlayerLink category={category} pairingNumber={p.white.pairingNumber} name={p.white.name} />
                  <Box component="span" sx={{ ml: 0.5, color: 'text.secondary', fontSize: '0.8rem' }}>
                    {formatPoints(p.white.points)}
                  </Box>
                </td>
                <td data-testid="pairing-result">
                  <ResultCell pairing={p} />
                </td>
                <td>
                  {p.black && (
                    <>
                      <PlayerLink category={category} pairingNumber={p.black.pairingNumber} name={p.black.name} />
                      <Box component="span" sx={{ ml: 0.5, color: 'text.secondary', fontSize: '0.8rem' }}>
                        {formatPoints(p.black.points)}
                      </Box>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ResultsTable>
      )}
    </Stack>
  );
}

/** The board number, a link to its game when the relay's game of that board is known. */
function BoardCell({ board, game }: { board: number | null; game: number | undefined }) {
  const { t } = useTranslation('results');
  if (board === null) return null;
  if (game === undefined) return <>{board}</>;
  return (
    <GameLink id={game} label={t('games.boardGame', { board })}>
      {board}
    </GameLink>
  );
}

const UNPAIRED = new Set(['bye', 'half_bye', 'zero_bye', 'absent']);

/** The official result; else the arbiter's unofficial one, marked as such; byes and absences in words. */
function ResultCell({ pairing }: { pairing: Pairing }) {
  const { t } = useTranslation('results');
  if (pairing.result && UNPAIRED.has(pairing.result)) return <>{t(`outcome.${pairing.result}`)}</>;
  if (pairing.result) return <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{pairing.result}</Box>;
  if (pairing.unofficialResult) {
    return (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }} title={t('pairings.unofficial')} data-testid="pairing-unofficial">
        {pairing.unofficialResult}
        <Box component="span" sx={{ ml: 0.5, fontSize: '0.75rem', color: 'warning.main' }}>
          {t('pairings.unofficialShort')}
        </Box>
      </Box>
    );
  }
  return <Box component="span" sx={{ color: 'text.secondary' }}>{t('pairings.pending')}</Box>;
}
