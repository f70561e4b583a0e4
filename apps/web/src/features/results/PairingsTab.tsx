import { Suspense } from 'react';
import type { Pairing } from '@bjk/domain/results';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useResource } from '../../shared/data/resource';
import { PageLoading } from '../../shared/ui/PageLoading';
import { ChipButton } from '../../shared/ui/plain/Chip';
import { LoadFailure } from '../../shared/ui/plain/LoadFailure';
import { TableContent, type Column } from '../../shared/ui/plain/Table';
import { formatPoints } from './api';
import { GameLink } from './GameLink';
import { useGameOnBoard } from './games/live';
import { PlayerLink } from './PlayerLink';
import { loadPairings, pairingsKey, usePublishedTournament } from './resources';
import { ResultsTable, UnofficialResult } from './ResultsTable';
import './results.css';

/** Rounds newest first; the chosen one is `?round=` (default: the last paired round). */
export function PairingsTab({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const [params, setParams] = useSearchParams();
  const last = usePublishedTournament(category).pairedRounds;
  const chosen = Number(params.get('round') ?? 0);
  const round = chosen >= 1 && chosen <= last ? chosen : last;
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
      <LoadFailure key={round}>
        <Suspense fallback={<PageLoading />}>
          <RoundTable category={category} round={round} />
        </Suspense>
      </LoadFailure>
    </div>
  );
}

/** One round's pairings, read when the round is chosen (a refused read is said in words in its place). */
function RoundTable({ category, round }: { category: string; round: number }) {
  const { t } = useTranslation('results');
  const pairings = useResource(pairingsKey(category, round), loadPairings(category, round));
  const gameOn = useGameOnBoard(category);
  const side = (player: Pairing['black']) =>
    player && (
      <>
        <PlayerLink category={category} pairingNumber={player.pairingNumber} name={player.name} />
        <span className="results-points">{formatPoints(player.points)}</span>
      </>
    );
  const columns: Column<Pairing>[] = [
    { head: t('columns.board'), className: 'bjk-num', cell: (p) => <BoardCell board={p.board} game={gameOn(round, p.board)} /> },
    { head: t('columns.white'), cell: (p) => side(p.white) },
    { head: t('columns.result'), testId: 'pairing-result', cell: (p) => <ResultCell pairing={p} /> },
    { head: t('columns.black'), cell: (p) => side(p.black) },
  ];
  return (
    <ResultsTable testId="pairings-table" label={t('pairings.round', { round })}>
      <TableContent columns={columns} rows={pairings.pairings} rowKey={(p) => `${p.board ?? 'x'}-${p.white.pairingNumber}`} rowTestId="pairing-row" />
    </ResultsTable>
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
  if (pairing.unofficialResult) return <UnofficialResult value={pairing.unofficialResult} testId="pairing-unofficial" />;
  return <span className="bjk-secondary">{t('pairings.pending')}</span>;
}
