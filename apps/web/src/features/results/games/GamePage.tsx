import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DownloadIcon from '@mui/icons-material/Download';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { PublicGame } from '@bjk/domain/games';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { gamePgnUrl, gameQuery, playerPgnUrl, useLiveRound } from './api';
import { Board } from './Board';
import { useBoardLabel } from './GamesPage';
import { clocksAt, formatClock, moveLabel, positionsOf, resultText } from './position';

/** The move list as text: numbered moves, each a button that shows its position; the shown one is marked. */
function MoveList({ game, ply, onSelect }: { game: PublicGame; ply: number; onSelect: (ply: number) => void }) {
  const { t } = useTranslation('results');
  const current = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // In braces: newer browsers answer scrollIntoView with a promise, which React would take for a clean-up.
    void current.current?.scrollIntoView({ block: 'nearest' });
  }, [ply]);
  return (
    <Paper variant="outlined" component="section" aria-label={t('games.moveList')} sx={{ p: 1, maxHeight: { md: 420 }, overflowY: 'auto' }}>
      <Typography component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', columnGap: 0.5, rowGap: 0.25 }}>
        {game.moves.map((move, i) => {
          const label = moveLabel(i + 1, game.fen);
          const shown = i + 1 === ply;
          return (
            <li key={i}>
              {(label.white || i === 0) && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ mr: 0.25 }}>
                  {label.number}
                  {label.white ? '.' : '…'}
                </Typography>
              )}
              <Button
                ref={shown ? current : undefined}
                size="small"
                variant={shown ? 'contained' : 'text'}
                onClick={() => onSelect(i + 1)}
                aria-current={shown ? 'step' : undefined}
                sx={{ minWidth: 0, px: 0.75, py: 0, textTransform: 'none', fontWeight: shown ? 700 : 400 }}
              >
                {move.san}
              </Button>
            </li>
          );
        })}
        {resultText(game.result) && (
          <li>
            <Typography component="span" variant="body2" sx={{ fontWeight: 700, ml: 0.5 }} data-testid="game-result">
              {resultText(game.result)}
            </Typography>
          </li>
        )}
      </Typography>
    </Paper>
  );
}

function Clock({ name, rating, seconds, testId }: { name: string; rating: number | null; seconds: number | undefined; testId: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
      <Typography sx={{ flex: 1, fontWeight: 500 }} noWrap>
        {name}
        {rating ? ` (${rating})` : ''}
      </Typography>
      <Typography sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} data-testid={testId}>
        {formatClock(seconds)}
      </Typography>
    </Stack>
  );
}

/** One game, live: board, move list, clocks; first/previous/next/last by buttons, arrow keys and swipes; flip; PGN. */
function GameViewer({ initial }: { initial: PublicGame }) {
  const { t } = useTranslation('results');
  const boardLabel = useBoardLabel();
  const live = useLiveRound(initial.category, initial.round);
  const game = live.games.find((g) => g.id === initial.id) ?? initial;
  const fens = positionsOf(game.moves, game.fen);
  const last = fens.length - 1;
  const [ply, setPly] = useState(last);
  const [flipped, setFlipped] = useState(false);
  // Someone following the game at its last move follows the new moves; someone looking back stays where they are.
  const following = useRef(true);
  useEffect(() => {
    if (following.current) setPly(last);
  }, [last]);
  const go = (next: number) => {
    const target = Math.max(0, Math.min(last, next));
    following.current = target === last;
    setPly(target);
  };
  const shown = Math.min(ply, last);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.altKey || event.ctrlKey || event.metaKey) return;
      const moves: Record<string, () => number> = { ArrowLeft: () => shown - 1, ArrowRight: () => shown + 1, Home: () => 0, End: () => last };
      const target = moves[event.key];
      if (!target) return;
      event.preventDefault();
      go(target());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // A horizontal swipe over the board steps through the moves (left: next, right: previous).
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(event.clientY - start.y)) go(dx < 0 ? shown + 1 : shown - 1);
  };

  const clocks = clocksAt(game.moves, shown, game.fen);
  const top = flipped ? { ...game.white, seconds: clocks.white, testId: 'clock-white' } : { ...game.black, seconds: clocks.black, testId: 'clock-black' };
  const bottom = flipped ? { ...game.black, seconds: clocks.black, testId: 'clock-black' } : { ...game.white, seconds: clocks.white, testId: 'clock-white' };
  const control = (label: string, icon: ReactNode, target: number, disabled: boolean) => (
    <IconButton aria-label={label} title={label} onClick={() => go(target)} disabled={disabled}>
      {icon}
    </IconButton>
  );
  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', md: '2rem' } }}>
        {t('games.gameTitle', { white: game.white.name, black: game.black.name })}
      </Typography>
      <Typography color="text.secondary">
        {t('games.gameWhere', { category: game.category, round: game.round })}
        {game.board !== null ? ` · ${t('games.board', { board: game.board })}` : ''}
        {' · '}
        <Link to={`/games/${game.category}/${game.round}`}>{t('games.backToRound', { round: game.round })}</Link>
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 520px) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Stack spacing={1}>
          <Clock name={top.name} rating={top.rating} seconds={top.seconds} testId={top.testId} />
          <Box onPointerDown={onPointerDown} onPointerUp={onPointerUp} sx={{ touchAction: 'pan-y' }} data-testid="game-board">
            <Board fen={fens[shown]!} flipped={flipped} label={boardLabel(game, shown)} coordinates />
          </Box>
          <Clock name={bottom.name} rating={bottom.rating} seconds={bottom.seconds} testId={bottom.testId} />
          <Stack direction="row" sx={{ justifyContent: 'center' }} role="toolbar" aria-label={t('games.controls')}>
            {control(t('games.first'), <FirstPageIcon />, 0, shown === 0)}
            {control(t('games.previous'), <ChevronLeftIcon />, shown - 1, shown === 0)}
            {control(t('games.next'), <ChevronRightIcon />, shown + 1, shown === last)}
            {control(t('games.last'), <LastPageIcon />, last, shown === last)}
            <IconButton aria-label={t('games.flip')} title={t('games.flip')} aria-pressed={flipped} onClick={() => setFlipped((f) => !f)}>
              <SwapVertIcon />
            </IconButton>
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('games.keyboardHint')}
          </Typography>
        </Stack>
        <Stack spacing={1}>
          <Typography variant="body2" aria-live="polite" data-testid="shown-move">
            {shown === 0 ? t('games.startPosition') : t('games.afterMove', { move: `${moveLabel(shown, game.fen).number}${moveLabel(shown, game.fen).white ? '.' : '…'} ${game.moves[shown - 1]!.san}` })}
          </Typography>
          <MoveList game={game} ply={shown} onSelect={go} />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" startIcon={<DownloadIcon />} href={gamePgnUrl(game.id)} download data-testid="download-game">
              {t('games.downloadGame')}
            </Button>
            <Button size="small" startIcon={<DownloadIcon />} href={playerPgnUrl(game.category, game.white.name)} download>
              {t('games.downloadPlayer', { name: game.white.name })}
            </Button>
            <Button size="small" startIcon={<DownloadIcon />} href={playerPgnUrl(game.category, game.black.name)} download>
              {t('games.downloadPlayer', { name: game.black.name })}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Stack>
  );
}

/** `/games/game/:id`. */
export function GamePage() {
  const { id } = useParams();
  const game = useQuery(gameQuery(Number(id)));
  if (game.isPending) return <PageLoading />;
  if (game.isError) return <ErrorAlert error={game.error} />;
  return <GameViewer key={game.data.id} initial={game.data} />;
}
