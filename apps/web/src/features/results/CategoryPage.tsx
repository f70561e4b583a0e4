import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import GlobalStyles from '@mui/material/GlobalStyles';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageLoading } from '../../shared/ui/PageLoading';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { useEdition } from '../../shared/edition/useEdition';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { categoryOfSlug, resultsCategoriesQuery, slugOfCategory, tournamentQuery } from './api';
import { CrosstableTab } from './CrosstableTab';
import { CurrentRound } from './CurrentRound';
import { FindPlayer } from './FindPlayer';
import { PairingsTab } from './PairingsTab';
import { PlayerCard } from './PlayerCard';
import { StandingsTab } from './StandingsTab';
import { useResultsStream } from './useResultsStream';

/** The live games' tab carries the board library: its own chunk, loaded when the tab is opened. */
const GamesTab = lazy(() => import('./games/GamesTab').then((m) => ({ default: m.GamesTab })));

/** Print: only the results themselves (standings, pairings), without the site's bars, menus and tabs. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, footer, .MuiAppBar-root, .MuiDrawer-root, .results-no-print': { display: 'none !important' },
        'table': { fontSize: '10pt' },
        'a': { color: 'inherit', textDecoration: 'none' },
      },
    }}
  />
);

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

/** `/trn_u8` … `/trn_u20`: one page for every category of the edition. */
export function ResultsCategoryPage({ slug }: { slug: string }) {
  const { t } = useTranslation('results');
  const edition = useEdition();
  const category = categoryOfSlug(slug) ?? '';
  const known = edition.categories.some((c) => c.kind === 'player' && c.code === category);
  const [params, setParams] = useSearchParams();
  const tournament = useQuery({ ...tournamentQuery(category), enabled: known });
  const categories = useQuery(resultsCategoriesQuery);
  useResultsStream(known ? category : null);

  if (!known) return <NotFoundPage />;
  const tabKey = RESULTS_TABS.some((tab) => tab.key === params.get('tab')) ? params.get('tab')! : 'standings';
  const player = Number(params.get('player') ?? 0);
  const notPublished = tournament.isError && (tournament.error as { code?: string }).code === 'results.not_published';

  return (
    <Stack spacing={2}>
      {printStyles}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h1">{t('title', { category })}</Typography>
          {tournament.data && (
            <Typography variant="body2" color="text.secondary" data-testid="results-tournament">
              {t('subtitle', { name: tournament.data.name, rounds: tournament.data.pairedRounds, planned: tournament.data.plannedRounds })}
            </Typography>
          )}
        </Box>
        <Box className="results-no-print" sx={{ minWidth: { sm: 280 } }}>
          <FindPlayer />
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} className="results-no-print" sx={{ flexWrap: 'wrap', rowGap: 1 }} component="nav" aria-label={t('categories')}>
        {(categories.data ?? []).map((c) => (
          <Chip key={c.category} label={c.category} component={RouterLink} to={slugOfCategory(c.category)} clickable color={c.category === category ? 'primary' : 'default'} />
        ))}
      </Stack>
      {notPublished && <Typography data-testid="results-not-published">{t('notPublished')}</Typography>}
      {tournament.isError && !notPublished && <ErrorAlert error={tournament.error} />}
      {tournament.isPending && <PageLoading />}
      {tournament.data && player > 0 && (
        <Box>
          <Link component={RouterLink} to={`?tab=${tabKey}`} className="results-no-print">
            {t('player.back')}
          </Link>
          <PlayerCard tournament={tournament.data} pairingNumber={player} />
        </Box>
      )}
      {tournament.data && player === 0 && (
        <>
          <CurrentRound category={category} round={tournament.data.pairedRounds} />
          <Tabs
            value={tabKey}
            onChange={(_, value: string) => setParams({ tab: value })}
            variant="scrollable"
            allowScrollButtonsMobile
            className="results-no-print"
            aria-label={t('tabs.label')}
          >
            {RESULTS_TABS.map((tab) => (
              <Tab key={tab.key} value={tab.key} label={t(tab.labelKey)} data-testid={`results-tab-${tab.key}`} />
            ))}
          </Tabs>
          <Box role="tabpanel">{RESULTS_TABS.find((tab) => tab.key === tabKey)!.render(category)}</Box>
        </>
      )}
    </Stack>
  );
}
