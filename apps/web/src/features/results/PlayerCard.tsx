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
import { ResultsTable } from './ResultsTable';
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
      return { ...r, running };
    });
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
        <thead>
          <tr>
            <th scope="col" className="bjk-num">
              {t('columns.round')}
            </th>
            <th scope="col" className="bjk-num">
              {t('columns.board')}
            </th>
            <th scope="col">{t('columns.colour')}</th>
            <th scope="col">{t('columns.opponent')}</th>
            <th scope="col" className="bjk-num results-wide">
              {t('columns.rating')}
            </th>
            <th scope="col">{t('columns.result')}</th>
            <th scope="col" className="bjk-num">
              {t('columns.running')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const opponent = r.opponent === null ? undefined : byNumber.get(r.opponent);
            return (
              <tr key={r.round}>
                <td className="bjk-num">{r.round}</td>
                <td className="bjk-num">{r.board ?? ''}</td>
                <td>{r.colour ? t(`colour.${r.colour}`) : ''}</td>
                <td>
                  {opponent ? (
                    <PlayerLink category={tournament.category} pairingNumber={opponent.pairingNumber} name={opponent.name} />
                  ) : (
                    t(`outcome.${r.outcome}`)
                  )}
                </td>
                <td className="bjk-num results-wide">{opponent?.rating ?? ''}</td>
                <td>
                  {r.outcome !== 'pending' ? (
                    t(`outcome.${r.outcome}`)
                  ) : r.round === playing?.round && unofficial ? (
                    <span className="results-nowrap" title={t('pairings.unofficial')} data-testid="player-unofficial">
                      {unofficial}
                      <span className="results-unofficial">{t('pairings.unofficialShort')}</span>
                    </span>
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
                </td>
                <td className="bjk-num">{r.outcome === 'pending' ? '' : formatPoints(r.running)}</td>
              </tr>
            );
          })}
        </tbody>
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
