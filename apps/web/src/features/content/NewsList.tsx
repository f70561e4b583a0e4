import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { newsListQuery } from './api';

/** Published news, newest first; `limit` keeps the home page short. */
export function NewsList({ limit, headingLevel = 'h2' }: { limit?: number; headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const query = useQuery(newsListQuery(language));
  const items = query.data?.slice(0, limit) ?? [];
  return (
    <section aria-labelledby="news-heading">
      <Typography variant={headingLevel === 'h1' ? 'h1' : 'h2'} component={headingLevel} id="news-heading" sx={headingLevel === 'h2' ? { fontSize: '1.5rem', mb: 1 } : undefined}>
        {t('news.title')}
      </Typography>
      {query.isError && <ErrorAlert error={query.error} />}
      {query.isSuccess && items.length === 0 && <Typography color="text.secondary">{t('news.none')}</Typography>}
      <List disablePadding data-testid="news-list">
        {items.map((item) => (
          <ListItem key={item.id} disablePadding divider>
            <ListItemButton component={RouterLink} to={`/news/${item.id}`} sx={{ px: { xs: 0, sm: 1 } }}>
              <ListItemText
                primary={item.title}
                secondary={`${formatDate(item.date, language)} · ${item.summary}`}
                slotProps={{ primary: { lang: item.language, sx: { fontWeight: 600 } }, secondary: { lang: item.language } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {limit !== undefined && (query.data?.length ?? 0) > limit && (
        <Typography sx={{ mt: 1 }}>
          <RouterLink to="/news">{t('news.all')}</RouterLink>
        </Typography>
      )}
    </section>
  );
}

export function NewsListPage() {
  return <NewsList headingLevel="h1" />;
}
