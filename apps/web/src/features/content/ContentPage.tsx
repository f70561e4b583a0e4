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
import { HttpError } from '../../shared/http';
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
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    if (query.error instanceof HttpError && query.error.status === 404) return <NotFoundPage />;
    return <ErrorAlert error={query.error} />;
  }
  const page = query.data;
  return (
    <Stack spacing={2} component="article">
      {page.heroImage && (
        <Box component="img" src={fileUrl(page.heroImage)} alt="" sx={{ width: '100%', maxHeight: 320, objectFit: 'cover', borderRadius: 2 }} />
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
