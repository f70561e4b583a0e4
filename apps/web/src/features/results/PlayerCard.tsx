import type { PublicTournament } from '@bjk/domain/results';
import { useTranslation } from 'react-i18next';
import { usePeekResources } from '../../shared/data/resource';
import { FollowButton } from '../../shared/follow/FollowButton';
import { shellButtonClass } from '../../shared/ui/ShellButton';
import { formatPoints } from './api';
import { GameLink } from './GameLink';
import { playerPgnUrl, useGameOnBoard } from './games/live';
import { PlayerLink } from './PlayerLink';
import { loadPairings, pairingsKey } from './resources';
import { ResultsTable, UnofficialResult } from './ResultsTable';
import { TableContent, type Column } from '../../shared/ui/plain/Table';
import './results.css';

/**
 * A player's card: every round's opponent, colour, result and running score, with FIDE's performance (unrated
 * opponents left out). The round being played shows the arbiter's unofficial result of the player's board, labelled so, as the
 * pairings do (the page's live stream reads it again).
 */
export function PlayerCard({ tournament, pairingNumber }: { tournament: PublicTournament; pairingNumber: number }) {
  const { t } = useTranslation('results');
  const gameOn = useGameOnBoard(tournament.category);
  const player = tournament.players.find((p) => p.pairingNumber === pairingNumber);
  const playing = player?.rounds.filter((r) => r.outcome === 'pending' && r.board !== null).at(-1);
  const [current] = usePeekResources(
    playing ? [{ key: pairingsKey(tournament.category, playing.round), load: loadPairings(tournament.category, playing.round) }] : [],
  ).values;
  const unofficial = playing && current?.pairings.find((p) => p.board === playing.board && p.result === null)?.unofficialResult;
  if (!player) return <p className="bjk-body1">{t('player.unknown')}</p>;
  const byNumber = new Map(tournament.players.map((p) => [p.pairingNumber, p]));
  let running = 0;
  const rows = [...player.rounds]
    .sort((a, b) => a.round - b.round)
    .map((r) => {
      running += r.points;
      return { ...r, running, opponent: r.opponent === null ? undefined : byNumber.get(r.opponent) };
    });
  type Row = (typeof rows)[number];
  // The official outcome, else the board's unofficial result (labelled so) or "pending"; then the game's link.
  const result = (r: Row) => (
    <>
      {r.outcome !== 'pending' ? (
        t(`outcome.${r.outcome}`)
      ) : r.round === playing?.round && unofficial ? (
        <UnofficialResult value={unofficial} testId="player-unofficial" />
      ) : (
        t('pairings.pending')
      )}
      {gameOn(r.round, r.board) !== undefined && (
        <>
          {' · '}
          <GameLink id={gameOn(r.round, r.board)!} label={t('games.gameOfRound', { round: r.round })}>
            {t('games.game')}
          </GameLink>
        </>
      )}
    </>
  );
  const columns: Column<Row>[] = [
    { head: t('columns.round'), className: 'bjk-num', cell: (r) => r.round },
    { head: t('columns.board'), className: 'bjk-num', cell: (r) => r.board ?? '' },
    { head: t('columns.colour'), cell: (r) => (r.colour ? t(`colour.${r.colour}`) : '') },
    {
      head: t('columns.opponent'),
      cell: ({ opponent, outcome }) =>
        opponent ? <PlayerLink category={tournament.category} pairingNumber={opponent.pairingNumber} name={opponent.name} /> : t(`outcome.${outcome}`),
    },
    { head: t('columns.rating'), className: 'bjk-num results-wide', cell: (r) => r.opponent?.rating ?? '' },
    { head: t('columns.result'), cell: (r) => result(r) },
    { head: t('columns.running'), className: 'bjk-num', cell: (r) => (r.outcome === 'pending' ? '' : formatPoints(r.running)) },
  ];
  return (
    <div className="bjk-stack" data-testid="player-card">
      <div>
        <h2 className="bjk-h2">{player.title ? `${player.title} ${player.name}` : player.name}</h2>
        <p className="bjk-body1 bjk-secondary">
          {[
            player.club,
            player.federation,
            player.rating ? t('player.rating', { rating: player.rating }) : null,
            player.fideId ? t('player.fideId', { id: player.fideId }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="bjk-body1" data-testid="player-summary">
          {t('player.summary', { points: formatPoints(player.points), rank: player.rank ?? '—', performance: player.performance ?? '—' })}
        </p>
        {player.noPerformance && (
          <p className="bjk-body2 bjk-secondary" data-testid="player-no-performance">
            {t(`player.noPerformance.${player.noPerformance}`)}
          </p>
        )}
        <FollowButton category={tournament.category} pairingNumber={player.pairingNumber} name={player.name} />
      </div>
      <ResultsTable testId="player-rounds" label={t('player.rounds')}>
        <TableContent columns={columns} rows={rows} rowKey={(r) => r.round} />
      </ResultsTable>
      {rows.some((r) => gameOn(r.round, r.board) !== undefined) && (
        <div className="results-no-print">
          <a
            className={shellButtonClass('outlined', undefined, 'small')}
            href={playerPgnUrl(tournament.category, player.name)}
            download
            data-testid="player-pgn"
          >
            {t('games.downloadPlayer', { name: player.name })}
          </a>
        </div>
      )}
    </div>
  );
}
