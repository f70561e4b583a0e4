import { useQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { lazyPart } from '../../shared/lazy-part';
import { PageLoading } from '../../shared/ui/PageLoading';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { useEdition } from '../../shared/edition/useEdition';
import { ChipLink } from '../../shared/ui/plain/Chip';
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { TabPanel, Tabs } from '../../shared/ui/plain/Tabs';
import { categoryOfSlug, resultsCategoriesQuery, slugOfCategory, tournamentQuery } from './api';
import { CrosstableTab } from './CrosstableTab';
import { CurrentRound } from './CurrentRound';
import { FindPlayer } from './FindPlayer';
import { PairingsTab } from './PairingsTab';
import { PlayerCard } from './PlayerCard';
import { StandingsTab } from './StandingsTab';
import { useResultsStream } from './useResultsStream';
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
 * `/trn_u8` … `/trn_u20`: one page for every category of the edition, drawn without MUI (decision 0003). Printing
 * shows the results alone (`results.css`).
 */
export function ResultsCategoryPage({ slug }: { slug: string }) {
  const { t } = useTranslation('results');
  const edition = useEdition();
  const category = categoryOfSlug(slug) ?? '';
  const known = edition.categories.some((c) => c.kind === 'player' && c.code === category);
  const [params, setParams] = useSearchParams();
  const tournament = useQuery({ ...tournamentQuery(category), enabled: known });
  const categories = useQuery(resultsCategoriesQuery);
  const live = useResultsStream(known ? category : null);

  if (!known) return <NotFoundPage />;
  const tabKey = RESULTS_TABS.some((tab) => tab.key === params.get('tab')) ? params.get('tab')! : 'standings';
  const player = Number(params.get('player') ?? 0);
  const notPublished = tournament.isError && (tournament.error as { code?: string }).code === 'results.not_published';

  return (
    <div className="results-page">
      <div className="results-header">
        <div>
          <h1 className="bjk-h1">{t('title', { category })}</h1>
          {tournament.data && (
            <p className="bjk-body2 bjk-secondary" data-testid="results-tournament">
              {tournament.data.pairedRounds === 0
                ? t('subtitleBeforeStart', { name: tournament.data.name, planned: tournament.data.plannedRounds })
                : t('subtitle', { name: tournament.data.name, rounds: tournament.data.pairedRounds, planned: tournament.data.plannedRounds })}
            </p>
          )}
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
        {(categories.data ?? []).map((c) => (
          <ChipLink key={c.category} to={slugOfCategory(c.category)} selected={c.category === category}>
            {c.category}
          </ChipLink>
        ))}
      </nav>
      {notPublished && (
        <p className="bjk-body1" data-testid="results-not-published">
          {t('notPublished')}
        </p>
      )}
      {tournament.isError && !notPublished && <ErrorNotice error={tournament.error} />}
      {tournament.isPending && <PageLoading />}
      {tournament.data && player > 0 && (
        <div>
          <Link to={`?tab=${tabKey}`} className="bjk-link results-no-print">
            {t('player.back')}
          </Link>
          <PlayerCard tournament={tournament.data} pairingNumber={player} />
        </div>
      )}
      {tournament.data && player === 0 && (
        <>
          <CurrentRound category={category} round={tournament.data.pairedRounds} />
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
            {RESULTS_TABS.find((tab) => tab.key === tabKey)!.render(category)}
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
      )}
    </div>
  );
}
