import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { lazyPart } from '../../../shared/lazy-part';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { useEdition } from '../../../shared/edition/useEdition';
import { useResource } from '../../../shared/data/resource';
import { ErrorNotice } from '../../../shared/ui/plain/ErrorNotice';
import { shellButtonClass } from '../../../shared/ui/ShellButton';
import { categoriesKey, loadCategories, loadRounds, roundsKey } from './live';
import './games.css';

/** A round's boards, with the chess libraries (chess.js, cm-chessboard): not on the list of categories nor before a round is known. */
const RoundGames = lazyPart(() => import('./RoundGames'), 'RoundGames');

/** `/games`, `/games/:category`, `/games/:category/:round`: a category's rounds and the boards of one. */
export function GamesPage() {
  const { category, round } = useParams();
  const edition = useEdition();
  const players = edition.categories.filter((c) => c.kind === 'player');
  const known = !!category && players.some((c) => c.code === category);
  useEffect(() => {
    // A category's page shows a round's boards: their code downloads beside the list of rounds, not after it.
    if (known) RoundGames.preload();
  }, [known]);
  if (!category || !known) return <CategoryChoice codes={players.map((c) => c.code)} />;
  return <CategoryRounds category={category} round={round} />;
}

/** The categories to follow: those with games stand out and say how many, those without say so. */
function CategoryChoice({ codes }: { codes: string[] }) {
  const { t } = useTranslation('results');
  const read = useResource(categoriesKey, loadCategories);
  // Without the counts (the read failed) every category is offered alike, as before they were known.
  const counts = read.ok ? new Map(read.value.categories.map((c) => [c.category, c.games])) : null;
  return (
    <div className="bjk-stack">
      <h1 className="bjk-h1">{t('games.title')}</h1>
      <p className="bjk-body1">{t('games.chooseCategory')}</p>
      <div className="bjk-row">
        {codes.map((code) => {
          const count = counts?.get(code) ?? null;
          return (
            <Link
              key={code}
              className={shellButtonClass(count ? 'contained' : 'outlined', count === 0 ? 'games-category games-category--empty' : 'games-category')}
              to={`/games/${code}`}
              data-testid={`games-category-${code}`}
            >
              <span>{code}</span>
              {count !== null && <span className="games-category-count">{count > 0 ? t('games.gameCount', { count }) : t('games.noGamesYet')}</span>}
            </Link>
          );
        })}
      </div>
    </div>
  );
}

/** A category's rounds (read through the resource cache, suspending until they are there) and the boards of one. */
function CategoryRounds({ category, round }: { category: string; round: string | undefined }) {
  const { t } = useTranslation('results');
  const rounds = useResource(roundsKey(category), loadRounds(category));
  if (!rounds.ok) return <ErrorNotice error={rounds.error} />;
  const list = rounds.value.rounds;
  const shown = round ? Number(round) : list.at(-1);
  if (!round && shown !== undefined) return <Navigate to={`/games/${category}/${shown}`} replace />;
  return (
    <div className="bjk-stack">
      <h1 className="bjk-h1">{t('games.categoryTitle', { category })}</h1>
      <nav className="bjk-row" aria-label={t('games.rounds')}>
        {list.map((r) => (
          <Link
            key={r}
            className={shellButtonClass(r === shown ? 'contained' : 'outlined', undefined, 'small')}
            to={`/games/${category}/${r}`}
            aria-current={r === shown ? 'page' : undefined}
          >
            {t('games.round', { round: r })}
          </Link>
        ))}
      </nav>
      {shown === undefined || !Number.isInteger(shown) ? (
        <p className="bjk-body1 bjk-secondary">{t('games.noRounds')}</p>
      ) : (
        <Suspense fallback={<PageLoading />}>
          <RoundGames category={category} round={shown} />
        </Suspense>
      )}
    </div>
  );
}
