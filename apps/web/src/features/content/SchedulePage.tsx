import EventIcon from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditionEvent, Programme } from '@bjk/domain';
import { dateInTimeZone } from '@bjk/domain/dates';
import { PageLoading } from '../../shared/ui/PageLoading';
import { formatDate, localeOf } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { programmeQuery } from './api';
import { ContentPage } from './ContentPage';

const ALL = 'all';

/** "maandag 15 februari" as a heading: only the first letter up (months stay lower case in nl and fr). */
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

function feedPath(category: string, language: string): string {
  const query = new URLSearchParams({ lang: language, ...(category === ALL ? {} : { category }) });
  return `/api/v1/calendar/anon/ics?${query}`;
}

function Programme() {
  // Its own namespace: the home page loads `content`, and these words are only needed here.
  const { t } = useTranslation('calendar');
  const language = currentLanguage();
  const [category, setCategory] = useState(ALL);
  const query = useQuery(programmeQuery(category === ALL ? null : category));
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <ErrorAlert error={query.error} />;
  const { timeZone, categories, events } = query.data;
  const time = new Intl.DateTimeFormat(localeOf(language), { hour: '2-digit', minute: '2-digit', timeZone });
  const days = new Map<string, EditionEvent[]>();
  for (const event of events) {
    const day = dateInTimeZone(new Date(event.start), timeZone);
    days.set(day, [...(days.get(day) ?? []), event]);
  }
  const feed = feedPath(category, language);
  return (
    <Stack spacing={2} data-testid="programme">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="programme-category">{t('category')}</InputLabel>
          <Select labelId="programme-category" label={t('category')} value={category} onChange={(e) => setCategory(e.target.value)} data-testid="programme-category">
            <MenuItem value={ALL}>{t('allCategories')}</MenuItem>
            {categories.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button variant="outlined" startIcon={<EventIcon />} href={`webcal://${window.location.host}${feed}`} data-testid="programme-subscribe">
          {t('subscribe')}
        </Button>
        <Button href={feed} data-testid="programme-feed">
          {t('download')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('timeZone', { timeZone })}
      </Typography>
      {[...days.entries()].map(([day, dayEvents]) => (
        <Paper key={day} variant="outlined" component="section" aria-labelledby={`day-${day}`} sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography variant="h2" id={`day-${day}`} sx={{ fontSize: '1.2rem', mb: 1 }}>
            {capitalised(formatDate(day, language, { weekday: 'long', day: 'numeric', month: 'long' }))}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {dayEvents.map((event) => (
              <Box component="li" key={event.id} sx={{ display: 'grid', gridTemplateColumns: { xs: '6.75rem 1fr', sm: '8rem 1fr' }, gap: 1, py: 0.75, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: event.kind === 'round' ? 600 : 400 }}>
                  {time.format(new Date(event.start))}
                  {event.end ? `–${time.format(new Date(event.end))}` : ''}
                </Typography>
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: event.kind === 'round' || event.kind === 'ceremony' ? 600 : 400 }}>
                    {event.title[language]}
                  </Typography>
                  {event.location && (
                    <Typography variant="caption" color="text.secondary">
                      {event.location}
                    </Typography>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/** /schedule: the organisers' text, then the programme of the edition and its calendar feed. */
export function SchedulePage() {
  return (
    <ContentPage slug="schedule">
      <Programme />
    </ContentPage>
  );
}
