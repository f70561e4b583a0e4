import { useQuery } from '@tanstack/react-query';
import type { Pairing } from '@bjk/domain/results';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChipButton } from '../../shared/ui/plain/Chip';
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { formatPoints, pairingsQuery, tournamentQuery } from './api';
import { GameLink } from './GameLink';
import { useGameOnBoard } from './games/api';
import { PlayerLink } from './PlayerLink';
import { ResultsTable } from './ResultsTable';
import './results.css';

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
  if (last === 0) return <p className="bjk-body1">{t('pairings.none')}</p>;
  const rounds = Array.from({ length: last }, (_, i) => last - i);
  return (
    <div className="bjk-stack">
      <div className="bjk-row results-no-print" role="group" aria-label={t('pairings.rounds')}>
        {rounds.map((r) => (
          <ChipButton key={r} pressed={r === round} onClick={() => setParams({ tab: 'pairings', round: String(r) })}>
            {t('pairings.round', { round: r })}
          </ChipButton>
        ))}
      </div>
      <h2 className="results-round-title">{t('pairings.round', { round })}</h2>
      {query.isError && <ErrorNotice error={query.error} />}
      {query.data && (
        <ResultsTable testId="pairings-table" label={t('pairings.round', { round })}>
          <thead>
            <tr>
              <th scope="col" className="bjk-num">
                {t('columns.board')}
              </th>
              <th scope="col">{t('columns.white')}</th>
              <th scope="col">{t('columns.result')}</th>
              <th scope="col">{t('columns.black')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.pairings.map((p) => (
              <tr key={`${p.board ?? 'x'}-${p.white.pairingNumber}`} data-testid="pairing-row">
                <td className="bjk-num">
                  <BoardCell board={p.board} game={gameOn(round, p.board)} />
                </td>
                <td>
                  <PlayerLink category={category} pairingNumber={p.white.pairingNumber} name={p.white.name} />
                  <span className="results-points">{formatPoints(p.white.points)}</span>
                </td>
                <td data-testid="pairing-result">
                  <ResultCell pairing={p} />
                </td>
                <td>
                  {p.black && (
                    <>
                      <PlayerLink category={category} pairingNumber={p.black.pairingNumber} name={p.black.name} />
                      <span className="results-points">{formatPoints(p.black.points)}</span>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ResultsTable>
      )}
    </div>
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
  if (pairing.result) return <span className="results-result results-result--official">{pairing.result}</span>;
  if (pairing.unofficialResult) {
    return (
      <span className="results-nowrap" title={t('pairings.unofficial')} data-testid="pairing-unofficial">
        {pairing.unofficialResult}
        <span className="results-unofficial">{t('pairings.unofficialShort')}</span>
      </span>
    );
  }
  return <span className="bjk-secondary">{t('pairings.pending')}</span>;
}
