import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { PublicNewsDetail } from '@bjk/domain/content';
import { useResource } from '../../shared/data/resource';
import { formatDate } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { Notice } from '../../shared/ui/plain/Notice';
import { shellButtonClass } from '../../shared/ui/ShellButton';
import { loadNewsEntry, newsEntryKey } from './api';
import { HtmlBlock } from './HtmlBlock';
import './content.css';

/**
 * One news entry with links to the previous (older) and next (newer) entry. Plain elements read from the resource
 * cache (no MUI, no TanStack Query: decision 0003); an unknown or unpublished entry is the not-found page, another
 * failure reaches the route's error page, which retries.
 */
export function NewsPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return <NewsEntry id={id} />;
}

function NewsEntry({ id }: { id: number }) {
  useTranslation('content'); // re-renders on a change of language, which reads the entry in it
  const language = currentLanguage();
  const entry = useResource(newsEntryKey(id, language), () => loadNewsEntry(id, language));
  if (!entry) return <NotFoundPage />;
  return <NewsView entry={entry} />;
}

function NewsView({ entry }: { entry: PublicNewsDetail }) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  return (
    <article className="bjk-stack">
      <p className="bjk-body1 bjk-secondary" data-testid="news-date">
        {formatDate(entry.date, language)}
      </p>
      <h1 className="bjk-h1" data-testid="news-title" lang={entry.language}>
        {entry.title}
      </h1>
      {entry.fallback && <Notice severity="info">{t('fallback', { language: t(`languages.${entry.language}`) })}</Notice>}
      <div lang={entry.language}>
        <HtmlBlock html={entry.bodyHtml} />
      </div>
      <nav aria-label={t('news.navigation')} className="bjk-news-nav">
        {entry.previous ? (
          <RouterLink to={`/news/${entry.previous.id}`} data-testid="news-previous" className={shellButtonClass('text', 'bjk-news-nav-previous')}>
            {t('news.previous', { title: entry.previous.title })}
          </RouterLink>
        ) : (
          <span />
        )}
        <RouterLink to="/news" className={shellButtonClass('text')}>
          {t('news.all')}
        </RouterLink>
        {entry.next ? (
          <RouterLink to={`/news/${entry.next.id}`} data-testid="news-next" className={shellButtonClass('text', 'bjk-news-nav-next')}>
            {t('news.next', { title: entry.next.title })}
          </RouterLink>
        ) : (
          <span />
        )}
      </nav>
    </article>
  );
}
