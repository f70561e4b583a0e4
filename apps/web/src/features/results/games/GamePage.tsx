import { Suspense, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { PublicGame } from '@bjk/domain/games';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { useResource } from '../../../shared/data/resource';
import { ErrorNotice } from '../../../shared/ui/plain/ErrorNotice';
import { Icon } from '../../../shared/ui/plain/Icon';
import type { IconName } from '../../../shared/ui/plain/icons';
import { ShellButton, shellButtonClass } from '../../../shared/ui/ShellButton';
import { gameKey, gamePgnUrl, loadGame, playerPgnUrl, useLiveRound } from './live';
import { Board } from './Board';
import { useBoardLabel } from './RoundGames';
import { clocksAt, formatClock, moveLabel, positionsOf, resultText } from './position';
import './games.css';

/** The move list as text: numbered moves, each a button that shows its position; the shown one is marked. */
function MoveList({ game, ply, onSelect }: { game: PublicGame; ply: number; onSelect: (ply: number) => void }) {
  const { t } = useTranslation('results');
  const current = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // In braces: newer browsers answer scrollIntoView with a promise, which React would take for a clean-up.
    void current.current?.scrollIntoView({ block: 'nearest' });
  }, [ply]);
  return (
    <section className="bjk-card games-moves" aria-label={t('games.moveList')}>
      <ol className="games-move-list">
        {game.moves.map((move, i) => {
          const label = moveLabel(i + 1, game.fen);
          const shown = i + 1 === ply;
          return (
            <li key={i}>
              {(label.white || i === 0) && (
                <span className="games-move-number bjk-body2">
                  {label.number}
                  {label.white ? '.' : '…'}
                </span>
              )}
              <button
                ref={shown ? current : undefined}
                type="button"
                className={shellButtonClass(shown ? 'contained' : 'text', 'games-move', 'small')}
                onClick={() => onSelect(i + 1)}
                aria-current={shown ? 'step' : undefined}
              >
                {move.san}
              </button>
            </li>
          );
        })}
        {resultText(game.result) && (
          <li>
            <span className="games-move-result bjk-body2" data-testid="game-result">
              {resultText(game.result)}
            </span>
          </li>
        )}
      </ol>
    </section>
  );
}

function Clock({ name, rating, seconds, testId }: { name: string; rating: number | null; seconds: number | undefined; testId: string }) {
  return (
    <div className="games-player bjk-body1">
      <span className="games-player-name">
        {name}
        {rating ? ` (${rating})` : ''}
      </span>
      <span className="games-game-clock" data-testid={testId}>
        {formatClock(seconds)}
      </span>
    </div>
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
  const control = (label: string, icon: IconName, target: number, disabled: boolean) => (
    <ShellButton variant="icon" className="games-control" aria-label={label} title={label} onClick={() => go(target)} disabled={disabled}>
      <Icon name={icon} />
    </ShellButton>
  );
  return (
    <div className="bjk-stack">
      <h1 className="bjk-h1 games-game-title">{t('games.gameTitle', { white: game.white.name, black: game.black.name })}</h1>
      <p className="bjk-body1">
        {t('games.gameWhere', { category: game.category, round: game.round })}
        {game.board !== null ? ` · ${t('games.board', { board: game.board })}` : ''}
        {' · '}
        <Link className="bjk-link" to={`/games/${game.category}/${game.round}`}>
          {t('games.backToRound', { round: game.round })}
        </Link>
      </p>
      <div className="games-layout">
        <div className="games-column">
          <Clock name={top.name} rating={top.rating} seconds={top.seconds} testId={top.testId} />
          <div className="games-swipe" onPointerDown={onPointerDown} onPointerUp={onPointerUp} data-testid="game-board">
            <Board fen={fens[shown]!} flipped={flipped} label={boardLabel(game, shown)} coordinates />
          </div>
          <Clock name={bottom.name} rating={bottom.rating} seconds={bottom.seconds} testId={bottom.testId} />
          <div className="games-controls" role="toolbar" aria-label={t('games.controls')}>
            {control(t('games.first'), 'firstPage', 0, shown === 0)}
            {control(t('games.previous'), 'chevronLeft', shown - 1, shown === 0)}
            {control(t('games.next'), 'chevronRight', shown + 1, shown === last)}
            {control(t('games.last'), 'lastPage', last, shown === last)}
            <ShellButton
              variant="icon"
              className="games-control"
              aria-label={t('games.flip')}
              title={t('games.flip')}
              aria-pressed={flipped}
              onClick={() => setFlipped((f) => !f)}
            >
              <Icon name="swapVert" />
            </ShellButton>
          </div>
          <p className="games-caption games-hint">{t('games.keyboardHint')}</p>
        </div>
        <div className="games-column">
          <p className="bjk-body2" aria-live="polite" data-testid="shown-move">
            {shown === 0
              ? t('games.startPosition')
              : t('games.afterMove', {
                  move: `${moveLabel(shown, game.fen).number}${moveLabel(shown, game.fen).white ? '.' : '…'} ${game.moves[shown - 1]!.san}`,
                })}
          </p>
          <MoveList game={game} ply={shown} onSelect={go} />
          <div className="bjk-row">
            <a className={shellButtonClass('outlined')} href={gamePgnUrl(game.id)} download data-testid="download-game">
              <Icon name="download" size={20} />
              {t('games.downloadGame')}
            </a>
            <a className={shellButtonClass('text', undefined, 'small')} href={playerPgnUrl(game.category, game.white.name)} download>
              <Icon name="download" size={18} />
              {t('games.downloadPlayer', { name: game.white.name })}
            </a>
            <a className={shellButtonClass('text', undefined, 'small')} href={playerPgnUrl(game.category, game.black.name)} download>
              <Icon name="download" size={18} />
              {t('games.downloadPlayer', { name: game.black.name })}
            </a>
          </div>
        </div>
      </div>
    </div>
  );
}

/** `/games/game/:id`. */
export function GamePage() {
  const { id } = useParams();
  return (
    <Suspense fallback={<PageLoading />}>
      <GameLoader id={Number(id)} />
    </Suspense>
  );
}

function GameLoader({ id }: { id: number }) {
  const game = useResource(gameKey(id), loadGame(id));
  if (!game.ok) return <ErrorNotice error={game.error} />;
  return <GameViewer key={game.value.id} initial={game.value} />;
}
