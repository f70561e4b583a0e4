import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { PublicTournament } from '@bjk/domain/results';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { formatPoints, pairingsQuery } from './api';
import { GameLink } from './GameLink';
import { playerPgnUrl, useGameOnBoard } from './games/api';
import { PlayerLink } from './PlayerLink';
import { ResultsTable } from './ResultsTable';

/**
 * A player's card: every round's opponent, colour, result and running score, with FIDE's performance (unrated
 * opponents left out). The round being played shows the arbiter's unofficial result of the player's board, labelled so, as the
 * pairings do (the page's live stream refetches it).
 */
export function PlayerCard({ tournament, pairingNumber }: { tournament: PublicTournament; pairingNumber: number }) {
  const { t } = useTranslation('results');
  const gameOn = useGameOnBoard(tournament.category);
  const player = tournament.players.find((p) => p.pairingNumber === pairingNumber);
  const playing = player?.rounds.filter((r) => r.outcome === 'pending' && r.board !== null).at(-1);
  const current = useQuery(pairingsQuery(tournament.category, playing?.round ?? 0));
  const unofficial = playing && current.data?.pairings.find((p) => p.board === playing.board && p.result === null)?.unofficialResult;
  if (!player) return <Typography>{t('player.unknown')}</Typography>;
  const byNumber = new Map(tournament.players.map((p) => [p.pairingNumber, p]));
  let running = 0;
  const rows = [...player.rounds]
    .sort((a, b) => a.round - b.round)
    .map((r) => {
      running += r.points;
      return { ...r, running };
    });
  return (
    <Stack spacing={2} data-testid="player-card">
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
          {player.title ? `${player.title} ${player.name}` : player.name}
        </Typography>
        <Typography color="text.secondary">
          {[player.club, player.federation, player.rating ? t('player.rating', { rating: player.rating }) : null, player.fideId ? t('player.fideId', { id: player.fideId }) : null].filter(Boolean).join(' · ')}
        </Typography>
        <Typography data-testid="player-summary">
          {t('player.summary', { points: formatPoints(player.points), rank: player.rank ?? '—', performance: player.performance ?? '—' })}
        </Typography>
      </Box>
      <ResultsTable testId="player-rounds" label={t('player.rounds')}>
        <thead>
          <tr>
            <th scope="col" className="num">{t('columns.round')}</th>
            <th scope="col">{t('columns.colour')}</th>
            <th scope="col">{t('columns.opponent')}</th>
            <th scope="col" className="num wide">{t('columns.rating')}</th>
            <th scope="col">{t('columns.result')}</th>
            <th scope="col" className="num">{t('columns.running')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const opponent = r.opponent === null ? undefined : byNumber.get(r.opponent);
            return (
              <tr key={r.round}>
                <td className="num">{r.round}</td>
                <td>{r.colour ? t(`colour.${r.colour}`) : ''}</td>
                <td>{opponent ? <PlayerLink category={tournament.category} pairingNumber={opponent.pairingNumber} name={opponent.name} /> : t(`outcome.${r.outcome}`)}</td>
                <td className="num wide">{opponent?.rating ?? ''}</td>
                <td>
                  {r.outcome !== 'pending' ? (
                    t(`outcome.${r.outcome}`)
                  ) : r.round === playing?.round && unofficial ? (
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }} title={t('pairings.unofficial')} data-testid="player-unofficial">
                      {unofficial}
                      <Box component="span" sx={{ ml: 0.5, fontSize: '0.75rem', color: 'warning.dark' }}>
                        {t('pairings.unofficialShort')}
                      </Box>
                    </Box>
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
                <td className="num">{r.outcome === 'pending' ? '' : formatPoints(r.running)}</td>
              </tr>
            );
          })}
        </tbody>
      </ResultsTable>
      {rows.some((r) => gameOn(r.round, r.board) !== undefined) && (
        <Box className="results-no-print">
          <Button size="small" variant="outlined" href={playerPgnUrl(tournament.category, player.name)} download data-testid="player-pgn">
            {t('games.downloadPlayer', { name: player.name })}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
