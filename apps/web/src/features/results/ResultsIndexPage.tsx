import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useResource } from '../../shared/data/resource';
import { PageLoading } from '../../shared/ui/PageLoading';
import { LinkCard } from '../../shared/ui/plain/Card';
import { LoadFailure } from '../../shared/ui/plain/LoadFailure';
import { slugOfCategory } from './api';
import { FindPlayer } from './FindPlayer';
import { categoriesKey, loadCategories } from './resources';
import './results.css';

/** `/results`: every category with published results, and "find a player" across them (the resource cache, issue #25). */
export function ResultsIndexPage() {
  const { t } = useTranslation('results');
  return (
    <div className="results-page">
      <h1 className="bjk-h1">{t('index.title')}</h1>
      <FindPlayer />
      <LoadFailure>
        <Suspense fallback={<PageLoading />}>
          <Categories />
        </Suspense>
      </LoadFailure>
    </div>
  );
}

function Categories() {
  const { t } = useTranslation('results');
  const categories = useResource(categoriesKey, loadCategories);
  if (categories.length === 0) return <p className="bjk-body1">{t('index.none')}</p>;
  return (
    <div className="results-categories">
      {categories.map((c) => (
        <LinkCard key={c.category} to={slugOfCategory(c.category)} testId={`results-category-${c.category}`}>
          <h2 className="bjk-h2">{c.category}</h2>
          <p className="bjk-body1 bjk-secondary">{t('index.facts', { players: c.players, rounds: c.pairedRounds, planned: c.plannedRounds })}</p>
        </LinkCard>
      ))}
    </div>
  );
}
