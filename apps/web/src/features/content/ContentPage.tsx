import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoading } from '../../app/layouts/AppShell';
import { NotFoundPage } from '../../app/pages/NotFoundPage';
import type { PublicPage } from '@bjk/domain/content';
import { hasPermission, useManager } from '../../shared/auth/session';
import { HttpError, http } from '../../shared/http';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { fileUrl, pageQuery } from './api';
import { HtmlBlock } from './HtmlBlock';

type Props = { slug?: string; children?: ReactNode };

/** An information page written by the organisers; `children` adds what the page shows besides its text. */
export function ContentPage({ slug: fixedSlug, children }: Props) {
  const params = useParams();
  const slug = fixedSlug ?? params.slug ?? '';
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const query = useQuery(pageQuery(slug, language));
  const missing = query.error instanceof HttpError && query.error.status === 404;
  // A draft (unpublished page) is not public; a manager who may edit pages reads it with a notice.
  const canPreview = hasPermission(useManager(), 'content:write');
  const preview = useQuery({
    queryKey: ['content', 'preview', slug, language],
    queryFn: () => http.get<PublicPage>(`/api/v1/page/preview/${slug}`, { query: { lang: language } }),
    enabled: missing && canPreview,
    retry: false,
  });
  if (query.isPending || (missing && canPreview && preview.isPending)) return <PageLoading />;
  const page = query.data ?? preview.data;
  if (!page) {
    if (missing) return <NotFoundPage />;
    return <ErrorAlert error={query.error} />;
  }
  const draft = !query.data;
  return (
    <Stack spacing={2} component="article">
      {page.heroImage && (
        // A fixed shape reserves the image's place before it loads (no layout shift); decorative, so no text.
        <Box component="img" src={fileUrl(page.heroImage)} alt="" data-testid="page-hero" sx={{ display: 'block', width: '100%', aspectRatio: { xs: '16 / 7', sm: '16 / 5' }, objectFit: 'cover', borderRadius: 2 }} />
      )}
      {draft && (
        <Alert severity="warning" data-testid="page-draft">
          {t('draftPreview')}
        </Alert>
      )}
      <Typography variant="h1" data-testid="page-title" lang={page.language}>
        {page.title}
      </Typography>
      {page.fallback && (
        <Alert severity="info" data-testid="page-fallback">
          {t('fallback', { language: t(`languages.${page.language}`) })}
        </Alert>
      )}
      <Box lang={page.language} data-testid="page-body">
        <HtmlBlock html={page.bodyHtml} />
      </Box>
      {children}
    </Stack>
  );
}
