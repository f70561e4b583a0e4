import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageLoading } from '../../shared/ui/PageLoading';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { formatDate } from '../../shared/format';
import { HttpError } from '../../shared/http';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { newsQuery } from './api';
import { HtmlBlock } from './HtmlBlock';

/** One news entry with links to the previous (older) and next (newer) entry. */
export function NewsPage() {
  const { t } = useTranslation('content');
  const id = Number(useParams().id);
  const language = currentLanguage();
  const query = useQuery({ ...newsQuery(id, language), enabled: Number.isInteger(id) && id > 0 });
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    if (query.error instanceof HttpError && query.error.status === 404) return <NotFoundPage />;
    return <ErrorAlert error={query.error} />;
  }
  const entry = query.data;
  return (
    <Stack spacing={2} component="article">
      <Typography color="text.secondary" data-testid="news-date">
        {formatDate(entry.date, language)}
      </Typography>
      <Typography variant="h1" data-testid="news-title" lang={entry.language}>
        {entry.title}
      </Typography>
      {entry.fallback && <Alert severity="info">{t('fallback', { language: t(`languages.${entry.language}`) })}</Alert>}
      <Box lang={entry.language}>
        <HtmlBlock html={entry.bodyHtml} />
      </Box>
      <Box component="nav" aria-label={t('news.navigation')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', pt: 2, borderTop: 1, borderColor: 'divider' }}>
        {entry.previous ? (
          <Button component={RouterLink} to={`/news/${entry.previous.id}`} data-testid="news-previous" sx={{ textAlign: 'left', textTransform: 'none' }}>
            {t('news.previous', { title: entry.previous.title })}
          </Button>
        ) : (
          <span />
        )}
        <Button component={RouterLink} to="/news" sx={{ textTransform: 'none' }}>
          {t('news.all')}
        </Button>
        {entry.next ? (
          <Button component={RouterLink} to={`/news/${entry.next.id}`} data-testid="news-next" sx={{ textAlign: 'right', textTransform: 'none' }}>
            {t('news.next', { title: entry.next.title })}
          </Button>
        ) : (
          <span />
        )}
      </Box>
    </Stack>
  );
}
