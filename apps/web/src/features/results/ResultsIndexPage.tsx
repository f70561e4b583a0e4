import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LinkCard } from '../../shared/ui/plain/Card';
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { resultsCategoriesQuery, slugOfCategory } from './api';
import { FindPlayer } from './FindPlayer';
import './results.css';

/** `/results`: every category with published results, and "find a player" across them. */
export function ResultsIndexPage() {
  const { t } = useTranslation('results');
  const categories = useQuery(resultsCategoriesQuery);
  return (
    <div className="results-page">
      <h1 className="bjk-h1">{t('index.title')}</h1>
      <FindPlayer />
      {categories.isError && <ErrorNotice error={categories.error} />}
      {categories.data?.length === 0 && <p className="bjk-body1">{t('index.none')}</p>}
      <div className="results-categories">
        {categories.data?.map((c) => (
          <LinkCard key={c.category} to={slugOfCategory(c.category)} testId={`results-category-${c.category}`}>
            <h2 className="bjk-h2">{c.category}</h2>
            <p className="bjk-body1 bjk-secondary">{t('index.facts', { players: c.players, rounds: c.pairedRounds, planned: c.plannedRounds })}</p>
          </LinkCard>
        ))}
      </div>
    </div>
  );
}
