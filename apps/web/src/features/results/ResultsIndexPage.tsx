import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { resultsCategoriesQuery, slugOfCategory } from './api';
import { FindPlayer } from './FindPlayer';

/** `/results`: every category with published results, and "find a player" across them. */
export function ResultsIndexPage() {
  const { t } = useTranslation('results');
  const categories = useQuery(resultsCategoriesQuery);
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('index.title')}</Typography>
      <FindPlayer />
      {categories.isError && <ErrorAlert error={categories.error} />}
      {categories.data?.length === 0 && <Typography>{t('index.none')}</Typography>}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        {categories.data?.map((c) => (
          <Card key={c.category} sx={{ width: { xs: '100%', sm: 220 } }}>
            <CardActionArea component={RouterLink} to={slugOfCategory(c.category)} data-testid={`results-category-${c.category}`}>
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
                  {c.category}
                </Typography>
                <Typography color="text.secondary">{t('index.facts', { players: c.players, rounds: c.pairedRounds, planned: c.plannedRounds })}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
