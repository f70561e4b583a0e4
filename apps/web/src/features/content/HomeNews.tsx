import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PublicNewsItem } from '@bjk/domain/content';
import type { Language } from '@bjk/domain/languages';
import { useResource } from '../../shared/data/resource';
import { formatDate } from '../../shared/format';

const LIMIT = 5;

/** The latest news on the home page: plain links, no list components (the home page's JavaScript budget). */
export function HomeNews({ language, load }: { language: Language; load: () => Promise<PublicNewsItem[]> }) {
  const { t } = useTranslation('content');
  const news = useResource(`content:news:${language}`, load);
  return (
    <section aria-labelledby="news-heading">
      <Typography variant="h2" id="news-heading" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {t('news.title')}
      </Typography>
      {news.length === 0 && <Typography color="text.secondary">{t('news.none')}</Typography>}
      <Box component="ul" data-testid="news-list" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {news.slice(0, LIMIT).map((item) => (
          <Box component="li" key={item.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Box component={RouterLink} to={`/news/${item.id}`} sx={{ display: 'block', py: 1.5, color: 'inherit', textDecoration: 'none', '&:hover .title': { textDecoration: 'underline' } }}>
              <Typography className="title" lang={item.language} sx={{ fontWeight: 600 }}>
                {item.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" lang={item.language}>
                {`${formatDate(item.date, language)} · ${item.summary}`}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
      {news.length > LIMIT && (
        <Typography sx={{ mt: 1 }}>
          <RouterLink to="/news">{t('news.all')}</RouterLink>
        </Typography>
      )}
    </section>
  );
}
