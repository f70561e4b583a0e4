import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { daysBetween } from '@bjk/domain/dates';
import type { Language } from '@bjk/domain/languages';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { loadNewsList, loadPublishedPage, pageKey } from './api';
import { HtmlBlock } from './HtmlBlock';
import { HomeNews } from './HomeNews';
import { preloadResource, useResource } from '../../shared/data/resource';

const newsKey = (language: Language) => `content:news:${language}`;

// The organisers may unpublish the home text (then null); the facts and news still show.
const loadHomeText = (language: Language) => () => loadPublishedPage('home', language);

/** Starts loading the home page's text and news at start-up, side by side with the edition and the texts. */
export function preloadHomePage(language: Language): void {
  preloadResource(pageKey('home', language), loadHomeText(language));
  preloadResource(newsKey(language), () => loadNewsList(language));
}

/** Home: the organisers' welcome text, the edition's key facts and the latest news. */
export function HomePage() {
  const { t } = useTranslation('content');
  const edition = useEdition();
  const language = currentLanguage();
  const home = useResource(pageKey('home', language), loadHomeText(language));
  const nights = daysBetween(edition.startDate, edition.endDate);
  const facts = [
    { key: 'when', title: t('home.when'), text: t('home.dates', { start: formatDate(edition.startDate, language), end: formatDate(edition.endDate, language), nights }) },
    { key: 'where', title: t('home.where'), text: `${edition.venue.name}, ${edition.venue.address}` },
    {
      key: 'enrolment',
      title: t('home.enrolment'),
      text: t('home.enrolmentText', {
        fee: formatMoney(edition.fees.enrolmentCents, language),
        closes: formatDateTime(edition.enrolment.closesAt, language, edition.timeZone),
      }),
    },
    {
      key: 'lodging',
      title: t('home.lodging'),
      text: t('home.lodgingText', {
        opens: formatDateTime(edition.lodging.opensAt, language, edition.timeZone),
        closes: formatDateTime(edition.lodging.closesAt, language, edition.timeZone),
      }),
    },
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="h1" data-testid="home-title">
          {edition.name[language]}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {t('home.welcome', { name: edition.shortName[language], venue: edition.venue.name })}
        </Typography>
      </Box>
      {home && (
        <Box component="section" aria-label={home.title} lang={home.language} data-testid="home-content">
          {home.fallback && <Box role="note" sx={{ bgcolor: '#e5f6fd', color: '#014361', borderRadius: 1, px: 2, py: 1.5 }}>{t('fallback', { language: t(`languages.${home.language}`) })}</Box>}
          <HtmlBlock html={home.bodyHtml} />
        </Box>
      )}
      <Box component="section" aria-label={t('home.facts')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {facts.map((fact) => (
          <Paper key={fact.key} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" gutterBottom sx={{ fontSize: '1.1rem' }}>
              {fact.title}
            </Typography>
            <Typography variant="body2">{fact.text}</Typography>
          </Paper>
        ))}
      </Box>
      <HomeNews language={language} load={() => loadNewsList(language)} />
    </Box>
  );
}
