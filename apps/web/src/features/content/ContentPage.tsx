import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { Notice } from '../../shared/ui/plain/Notice';
import type { PublicPage } from '@bjk/domain/content';
import { hasPermission, useManager } from '../../shared/auth/session';
import { useResource } from '../../shared/data/resource';
import { currentLanguage } from '../../shared/i18n';
import { fileUrl, loadPagePreview, loadPublishedPage, pageKey, previewKey } from './api';
import { HtmlBlock } from './HtmlBlock';

type Props = { slug?: string; children?: ReactNode };

/**
 * An information page written by the organisers; `children` adds what the page shows besides its text.
 * Built from what the first bundle already holds (the suspense resource cache, plain elements with static CSS, no
 * MUI: routed with `{ mui: false }`): an information page opened from a search result or a link loads hardly more
 * than the home page (Lighthouse mobile, LCP on a phone's connection). A failed load reaches the route's error page, which retries.
 */
export function ContentPage({ slug: fixedSlug, children }: Props) {
  const params = useParams();
  const slug = fixedSlug ?? params.slug ?? '';
  useTranslation('content'); // re-renders on a change of language, which reads the page in it
  const language = currentLanguage();
  const page = useResource(pageKey(slug, language), () => loadPublishedPage(slug, language));
  // A draft (unpublished page) is not public; a manager who may edit pages reads it with a notice.
  const canPreview = hasPermission(useManager(), 'content:write');
  if (page) return <PageView page={page}>{children}</PageView>;
  if (canPreview) return <DraftPreview slug={slug}>{children}</DraftPreview>;
  return <NotFoundPage />;
}

function DraftPreview({ slug, children }: { slug: string; children?: ReactNode }) {
  useTranslation('content');
  const language = currentLanguage();
  const page = useResource(previewKey(slug, language), () => loadPagePreview(slug, language));
  if (!page) return <NotFoundPage />;
  return (
    <PageView page={page} draft>
      {children}
    </PageView>
  );
}

function PageView({ page, draft = false, children }: { page: PublicPage; draft?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('content');
  return (
    <article className="bjk-page">
      {page.heroImage && (
        // A fixed shape reserves the image's place before it loads (no layout shift); decorative, so no text.
        <img src={fileUrl(page.heroImage)} alt="" data-testid="page-hero" className="bjk-page-hero" />
      )}
      {draft && (
        <Notice severity="warning" role="status" testId="page-draft">
          {t('draftPreview')}
        </Notice>
      )}
      <h1 className="bjk-h1" data-testid="page-title" lang={page.language}>
        {page.title}
      </h1>
      {page.fallback && (
        <Notice severity="info" role="status" testId="page-fallback">
          {t('fallback', { language: t(`languages.${page.language}`) })}
        </Notice>
      )}
      <div lang={page.language} data-testid="page-body">
        <HtmlBlock html={page.bodyHtml} />
      </div>
      {children}
    </article>
  );
}
