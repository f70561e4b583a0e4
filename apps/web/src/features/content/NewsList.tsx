import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useResource } from '../../shared/data/resource';
import { formatDate } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { loadNewsList, newsListKey } from './api';
import './content.css';

/**
 * Published news, newest first: the home page's latest entries (`limit`, a section under an h2) and /news (every
 * entry, under the page's h1). Plain links styled by content.css, read from the resource cache the home page fills:
 * no MUI and no TanStack Query (decision 0003).
 */
export function NewsList({ limit, headingLevel = 'h2' }: { limit?: number; headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const news = useResource(newsListKey(language), () => loadNewsList(language));
  const Heading = headingLevel;
  const page = headingLevel === 'h1';
  return (
    <section aria-labelledby="news-heading" className={page ? 'bjk-news bjk-news--page' : 'bjk-news'}>
      <Heading className={page ? 'bjk-h1' : 'bjk-h2 bjk-news-heading'} id="news-heading">
        {t('news.title')}
      </Heading>
      {news.length === 0 && <p className="bjk-body1 bjk-secondary">{t('news.none')}</p>}
      <ul data-testid="news-list" className="bjk-news-list">
        {news.slice(0, limit).map((item) => (
          <li key={item.id}>
            <RouterLink to={`/news/${item.id}`} className="bjk-news-link">
              <p className="bjk-body1 bjk-news-title" lang={item.language}>
                {item.title}
              </p>
              <p className="bjk-body2 bjk-news-summary" lang={item.language}>
                {`${formatDate(item.date, language)} · ${item.summary}`}
              </p>
            </RouterLink>
          </li>
        ))}
      </ul>
      {limit !== undefined && news.length > limit && (
        <p className="bjk-body1 bjk-news-all">
          <RouterLink to="/news">{t('news.all')}</RouterLink>
        </p>
      )}
    </section>
  );
}
