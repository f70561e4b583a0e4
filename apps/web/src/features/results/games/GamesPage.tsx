import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { PublicGame } from '@bjk/domain/games';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { useEdition } from '../../../shared/edition/useEdition';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { gamePath, gameRoundsQuery, roundPgnUrl, useLiveRound } from './api';
import { Board } from './Board';
import { clocksAt, formatClock, moveLabel, positionsOf, resultText } from './position';

/** What the board shows in words: who plays and the last move (the board itself is an image). */
export function useBoardLabel() {
  const { t } = useTranslation('results');
  return (game: PublicGame, ply: number) => {
    const last = ply > 0 ? game.moves[ply - 1] : undefined;
    const move = last ? `${moveLabel(ply, game.fen).number}${moveLabel(ply, game.fen).white ? '.' : '…'} ${last.san}` : null;
    return t('games.boardLabel', {
      white: game.white.name,
      black: game.black.name,
      position: move ? t('games.afterMove', { move }) : t('games.startPosition'),
    });
  };
}

function PlayerLine({ name, rating, clock, result }: { name: string; rating: number | null; clock: number | undefined; result: string | null }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', minWidth: 0 }}>
      <Typography variant="body2" noWrap sx={{ flex: 1, fontWeight: 500 }}>
        {name}
        {rating ? (
          <Typography component="span" variant="caption" color="text.secondary">
            {' '}
            {rating}
          </Typography>
        ) : null}
      </Typography>
      {result !== null && (
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {result}
        </Typography>
      )}
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatClock(clock)}
      </Typography>
    </Stack>
  );
}

function resultOf(game: PublicGame, white: boolean): string | null {
  const text = resultText(game.result);
  if (text === null) return null;
  const [w, b] = text.split('-');
  return white ? (w ?? null) : (b ?? null);
}

/** One board of the round: players, clocks, result and the position, moving live; a tap opens the game. */
function GameCard({ game }: { game: PublicGame }) {
  const { t } = useTranslation('results');
  const label = useBoardLabel();
  const fens = positionsOf(game.moves, game.fen);
  const ply = fens.length - 1;
  const clocks = clocksAt(game.moves, ply, game.fen);
  return (
    <Card variant="outlined" data-testid={`game-${game.board ?? game.id}`}>
      <CardActionArea component={Link} to={gamePath(game.id)} aria-label={t('games.openGame', { white: game.white.name, black: game.black.name })} sx={{ p: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {game.board !== null ? t('games.board', { board: game.board }) : '\u00a0'}
        </Typography>
        <PlayerLine name={game.black.name} rating={game.black.rating} clock={clocks.black} result={resultOf(game, false)} />
        <Box sx={{ my: 0.5 }}>
          <Board fen={fens[ply]!} label={label(game, ply)} />
        </Box>
        <PlayerLine name={game.white.name} rating={game.white.rating} clock={clocks.white} result={resultOf(game, true)} />
        <Typography variant="caption" color="text.secondary" data-testid="last-move">
          {ply > 0 ? `${moveLabel(ply, game.fen).number}${moveLabel(ply, game.fen).white ? '.' : '…'} ${game.moves[ply - 1]!.san}` : t('games.notStarted')}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

/** All boards of a round as small boards that move live. The Games tab of a category. */
export function RoundGames({ category, round }: { category: string; round: number }) {
  const { t } = useTranslation('results');
  const live = useLiveRound(category, round);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip size="small" color={live.status === 'live' ? 'success' : 'default'} label={t(`games.status.${live.status}`)} data-testid="live-status" />
        {live.delaySeconds ? <Typography variant="body2">{t('games.delay', { count: Math.round(live.delaySeconds / 60) || 1 })}</Typography> : null}
        <Box sx={{ flex: 1 }} />
        <Button size="small" startIcon={<DownloadIcon />} href={roundPgnUrl(category, round)} download>
          {t('games.downloadRound', { round })}
        </Button>
      </Stack>
      {live.games.length === 0 && live.status !== 'connecting' && <Typography color="text.secondary">{t('games.noGames')}</Typography>}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
        {live.games.map((game) => (
          <GameCard key={game.id} game={game} />
        ))}
      </Box>
    </Stack>
  );
}

/** `/games`, `/games/:category`, `/games/:category/:round`: a category's rounds and the boards of one. */
export function GamesPage() {
  const { t } = useTranslation('results');
  const { category, round } = useParams();
  const edition = useEdition();
  const players = edition.categories.filter((c) => c.kind === 'player');
  const rounds = useQuery({ ...gameRoundsQuery(category ?? ''), enabled: !!category });
  if (!category || !players.some((c) => c.code === category)) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{t('games.title')}</Typography>
        <Typography>{t('games.chooseCategory')}</Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {players.map((c) => (
            <Button key={c.code} variant="outlined" component={Link} to={`/games/${c.code}`}>
              {c.code}
            </Button>
          ))}
        </Stack>
      </Stack>
    );
  }
  if (rounds.isPending) return <PageLoading />;
  if (rounds.isError) return <ErrorAlert error={rounds.error} />;
  const list = rounds.data.rounds;
  const shown = round ? Number(round) : list.at(-1);
  if (!round && shown !== undefined) return <Navigate to={`/games/${category}/${shown}`} replace />;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('games.categoryTitle', { category })}</Typography>
      <Stack direction="row" component="nav" aria-label={t('games.rounds')} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {list.map((r) => (
          <Button key={r} size="small" variant={r === shown ? 'contained' : 'outlined'} component={Link} to={`/games/${category}/${r}`} aria-current={r === shown ? 'page' : undefined}>
            {t('games.round', { round: r })}
          </Button>
        ))}
      </Stack>
      {shown === undefined || !Number.isInteger(shown) ? <Typography color="text.secondary">{t('games.noRounds')}</Typography> : <RoundGames category={category} round={shown} />}
    </Stack>
  );
}
