import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PublicNewsItem } from '@bjk/domain/content';
import type { Language } from '@bjk/domain/languages';
import { useResource } from '../../shared/data/resource';
import { formatDate } from '../../shared/format';

const LIMIT = 5;

/** The latest news on the home page: plain links styled by content.css (the home page's JavaScript budget). */
export function HomeNews({ language, load }: { language: Language; load: () => Promise<PublicNewsItem[]> }) {
  const { t } = useTranslation('content');
  const news = useResource(`content:news:${language}`, load);
  return (
    <section aria-labelledby="news-heading">
      <h2 className="bjk-h2 bjk-news-heading" id="news-heading">
        {t('news.title')}
      </h2>
      {news.length === 0 && <p className="bjk-body1">{t('news.none')}</p>}
      <ul data-testid="news-list" className="bjk-news-list">
        {news.slice(0, LIMIT).map((item) => (
          <li key={item.id}>
            <RouterLink to={`/news/${item.id}`} className="bjk-news-link">
              <p className="bjk-body1 bjk-news-title" lang={item.language}>
                {item.title}
              </p>
              <p className="bjk-body2" lang={item.language}>
                {`${formatDate(item.date, language)} · ${item.summary}`}
              </p>
            </RouterLink>
          </li>
        ))}
      </ul>
      {news.length > LIMIT && (
        <p className="bjk-body1 bjk-news-all">
          <RouterLink to="/news">{t('news.all')}</RouterLink>
        </p>
      )}
    </section>
  );
}
