import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePeekResource, useResource } from '../../shared/data/resource';
import { lazyPart } from '../../shared/lazy-part';
import { PageLoading } from '../../shared/ui/PageLoading';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { useEdition } from '../../shared/edition/useEdition';
import { ChipLink } from '../../shared/ui/plain/Chip';
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { LoadFailure } from '../../shared/ui/plain/LoadFailure';
import { TabPanel, Tabs } from '../../shared/ui/plain/Tabs';
import { categoryOfSlug, slugOfCategory } from './api';
import { CrosstableTab } from './CrosstableTab';
import { CurrentRound } from './CurrentRound';
import { FindPlayer } from './FindPlayer';
import { PairingsTab } from './PairingsTab';
import { PlayerCard } from './PlayerCard';
import { StandingsTab } from './StandingsTab';
import { categoriesKey, loadCategories, loadTournament, tournamentKey } from './resources';
import { useLiveResults } from './useResultsStream';
import { currentLanguage } from '../../shared/i18n';
import './results.css';

/** The live games' tab carries the board library: its own chunk, loaded when the tab is opened. */
const GamesTab = lazyPart(() => import('./games/GamesTab'), 'GamesTab');

/**
 * The tabs of a category page, in order. Each is `?tab=<key>` in the address.
 */
export type ResultsTab = { key: string; labelKey: string; render: (category: string) => ReactNode };

export const RESULTS_TABS: ResultsTab[] = [
  { key: 'standings', labelKey: 'tabs.standings', render: (category) => <StandingsTab category={category} /> },
  { key: 'pairings', labelKey: 'tabs.pairings', render: (category) => <PairingsTab category={category} /> },
  { key: 'crosstable', labelKey: 'tabs.crosstable', render: (category) => <CrosstableTab category={category} /> },
  {
    key: 'games',
    labelKey: 'tabs.games',
    render: (category) => (
      <Suspense fallback={<PageLoading />}>
        <GamesTab category={category} />
      </Suspense>
    ),
  },
];

/**
 * `/trn_u8` … `/trn_u20`: one page for every category of the edition, drawn without MUI (decision 0003) and read
 * through the resource cache (the public site's one data cache, issue #25), kept live by the category's results
 * stream. Printing shows the results alone (`results.css`).
 */
export function ResultsCategoryPage({ slug }: { slug: string }) {
  const edition = useEdition();
  const category = categoryOfSlug(slug) ?? '';
  const known = edition.categories.some((c) => c.kind === 'player' && c.code === category);
  if (!known) return <NotFoundPage />;
  return <CategoryResults category={category} />;
}

function CategoryResults({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const categories = usePeekResource(categoriesKey, loadCategories);
  const live = useLiveResults(category);
  return (
    <div className="results-page">
      <div className="bjk-split results-header">
        <div>
          <h1 className="bjk-h1">{t('title', { category })}</h1>
          <Suspense fallback={null}>
            <TournamentLine category={category} />
          </Suspense>
          {live === 'polling' && (
            <p className="bjk-body2 bjk-secondary" role="status" data-testid="results-live-paused">
              {t('livePaused')}
            </p>
          )}
        </div>
        <div className="results-no-print">
          <FindPlayer />
        </div>
      </div>
      <nav className="bjk-row results-no-print" aria-label={t('categories')}>
        {(categories ?? []).map((c) => (
          <ChipLink key={c.category} to={slugOfCategory(c.category)} selected={c.category === category}>
            {c.category}
          </ChipLink>
        ))}
      </nav>
      <Suspense fallback={<PageLoading />}>
        <CategoryBody category={category} />
      </Suspense>
    </div>
  );
}

/** The tournament's name and rounds under the title, once it is read (nothing while it is not published). */
function TournamentLine({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const read = useResource(tournamentKey(category), loadTournament(category));
  if (!read.ok) return null;
  const tournament = read.value;
  return (
    <p className="bjk-body2 bjk-secondary" data-testid="results-tournament">
      {tournament.pairedRounds === 0
        ? t('subtitleBeforeStart', { name: tournament.name, planned: tournament.plannedRounds })
        : t('subtitle', { name: tournament.name, rounds: tournament.pairedRounds, planned: tournament.plannedRounds })}
    </p>
  );
}

/** The player's card (`?player=`) or the tabs (`?tab=`), or why there are none yet. */
function CategoryBody({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const [params, setParams] = useSearchParams();
  const read = useResource(tournamentKey(category), loadTournament(category));
  if (!read.ok) {
    const notPublished = (read.error as { code?: string }).code === 'results.not_published';
    return notPublished ? (
      <p className="bjk-body1" data-testid="results-not-published">
        {t('notPublished')}
      </p>
    ) : (
      <ErrorNotice error={read.error} />
    );
  }
  const tournament = read.value;
  const tabKey = RESULTS_TABS.some((tab) => tab.key === params.get('tab')) ? params.get('tab')! : 'standings';
  const player = Number(params.get('player') ?? 0);
  if (player > 0) {
    return (
      <div>
        <Link to={`?tab=${tabKey}`} className="bjk-link results-no-print">
          {t('player.back')}
        </Link>
        <PlayerCard tournament={tournament} pairingNumber={player} />
      </div>
    );
  }
  return (
    <>
      <CurrentRound category={category} round={tournament.pairedRounds} />
      <div className="results-no-print">
        <Tabs
          label={t('tabs.label')}
          idPrefix="results"
          value={tabKey}
          onChange={(value) => setParams({ tab: value })}
          tabs={RESULTS_TABS.map((tab) => ({ value: tab.key, label: t(tab.labelKey), testId: `results-tab-${tab.key}` }))}
        />
      </div>
      <TabPanel idPrefix="results" value={tabKey}>
        {/* A tab whose read fails says so in its place; the tabs stay, and another tab starts afresh. */}
        <LoadFailure key={tabKey}>
          <Suspense fallback={<PageLoading />}>{RESULTS_TABS.find((tab) => tab.key === tabKey)!.render(category)}</Suspense>
        </LoadFailure>
      </TabPanel>
      <p className="bjk-body2 bjk-secondary results-no-print" data-testid="results-open-data">
        {t('openData.label')}{' '}
        <a className="bjk-link" href={`/api/v1/results/anon/${encodeURIComponent(category)}`}>
          {t('openData.json')}
        </a>
        {' · '}
        <a className="bjk-link" href={`/api/v1/results/anon/${encodeURIComponent(category)}/trf`} download>
          {t('openData.trf')}
        </a>
        {' · '}
        <a className="bjk-link" href={`/api/v1/results/anon/${encodeURIComponent(category)}/standings.csv?lang=${currentLanguage()}`} download>
          {t('openData.csv')}
        </a>
      </p>
    </>
  );
}
