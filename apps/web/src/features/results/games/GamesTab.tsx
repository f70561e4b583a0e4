import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { ChipButton } from '../../../shared/ui/plain/Chip';
import { useResource } from '../../../shared/data/resource';
import { loadRounds, roundsKey } from './live';
import { ErrorNotice } from '../../../shared/ui/plain/ErrorNotice';
import { RoundGames } from './RoundGames';
import './games.css';

/**
 * The Games tab of a category page: the rounds that have games (`?round=`, default the last) and every board of the
 * chosen one, moving live. Loaded lazily by the category page, so the board library stays out of its other tabs.
 * Drawn without MUI, like the category page around it.
 */
export function GamesTab({ category }: { category: string }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <TabRounds category={category} />
    </Suspense>
  );
}

function TabRounds({ category }: { category: string }) {
  const { t } = useTranslation('results');
  const [params, setParams] = useSearchParams();
  const rounds = useResource(roundsKey(category), loadRounds(category));
  if (!rounds.ok) return <ErrorNotice error={rounds.error} />;
  const list = rounds.value.rounds;
  if (list.length === 0) return <p className="bjk-body1 bjk-secondary">{t('games.noRounds')}</p>;
  const chosen = Number(params.get('round') ?? 0);
  const round = list.includes(chosen) ? chosen : list.at(-1)!;
  return (
    <div className="bjk-stack">
      <div className="bjk-row results-no-print" role="group" aria-label={t('games.rounds')}>
        {[...list].reverse().map((r) => (
          <ChipButton key={r} pressed={r === round} onClick={() => setParams({ tab: 'games', round: String(r) })}>
            {t('games.round', { round: r })}
          </ChipButton>
        ))}
      </div>
      <RoundGames category={category} round={round} />
    </div>
  );
}
