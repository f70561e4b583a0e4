import { useTranslation } from 'react-i18next';
import type { PublicGame } from '@bjk/domain/games';
import { LinkCard } from '../../../shared/ui/plain/Card';
import { Chip } from '../../../shared/ui/plain/Chip';
import { ErrorNotice } from '../../../shared/ui/plain/ErrorNotice';
import { Icon } from '../../../shared/ui/plain/Icon';
import { shellButtonClass } from '../../../shared/ui/ShellButton';
import { gamePath, roundPgnUrl, useLiveRound } from './live';
import { Board } from './Board';
import { clocksAt, formatClock, moveLabel, positionsOf, resultText } from './position';
import './games.css';

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
    <div className="games-player bjk-body2">
      <span className="games-player-name">
        {name}
        {rating ? <span className="games-caption-inline"> {rating}</span> : null}
      </span>
      {result !== null && <span className="games-result">{result}</span>}
      <span className="games-clock">{formatClock(clock)}</span>
    </div>
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
    <LinkCard
      to={gamePath(game.id)}
      className="games-card"
      label={t('games.openGame', { white: game.white.name, black: game.black.name })}
      testId={`game-${game.board ?? game.id}`}
    >
      <span className="games-caption">{game.board !== null ? t('games.board', { board: game.board }) : '\u00a0'}</span>
      <PlayerLine name={game.black.name} rating={game.black.rating} clock={clocks.black} result={resultOf(game, false)} />
      <div className="games-card-board">
        <Board fen={fens[ply]!} label={label(game, ply)} />
      </div>
      <PlayerLine name={game.white.name} rating={game.white.rating} clock={clocks.white} result={resultOf(game, true)} />
      <span className="games-caption" data-testid="last-move">
        {ply > 0 ? `${moveLabel(ply, game.fen).number}${moveLabel(ply, game.fen).white ? '.' : '…'} ${game.moves[ply - 1]!.san}` : t('games.notStarted')}
      </span>
    </LinkCard>
  );
}

/** All boards of a round as small boards that move live. The Games tab of a category. */
export function RoundGames({ category, round }: { category: string; round: number }) {
  const { t } = useTranslation('results');
  const live = useLiveRound(category, round);
  if (live.error) return <ErrorNotice error={live.error} />;
  return (
    <div className="bjk-stack">
      <div className="bjk-row">
        <Chip tone={live.status === 'live' ? 'success' : 'default'} testId="live-status">
          {t(`games.status.${live.status}`)}
        </Chip>
        {live.delaySeconds ? <p className="bjk-body2">{t('games.delay', { count: Math.round(live.delaySeconds / 60) || 1 })}</p> : null}
        <span className="games-spacer" />
        <a className={shellButtonClass('text', undefined, 'small')} href={roundPgnUrl(category, round)} download>
          <Icon name="download" size={18} />
          {t('games.downloadRound', { round })}
        </a>
      </div>
      {live.games.length === 0 && live.status !== 'connecting' && <p className="bjk-body1 bjk-secondary">{t('games.noGames')}</p>}
      <div className="games-grid">
        {live.games.map((game) => (
          <GameCard key={game.id} game={game} />
        ))}
      </div>
    </div>
  );
}
