import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DashboardFigure, DashboardGroup } from '@bjk/domain/dashboard';
import { useManager } from '../../shared/auth/session';
import { formatMoney, formatNumber } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { dashboardQuery } from './api';
import { InterruptedJobs } from './InterruptedJobs';

function FigureCard({ area, figure }: { area: string; figure: DashboardFigure }) {
  const { t } = useTranslation(area);
  const value = figure.unit === 'cents' ? formatMoney(figure.value, currentLanguage()) : formatNumber(figure.value, currentLanguage());
  const content: ReactNode = (
    <CardContent>
      <Typography variant="h4" component="p" data-testid={`figure-${area}-${figure.key}`}>
        {value}
      </Typography>
      <Typography color="textSecondary" sx={{ hyphens: 'auto', overflowWrap: 'anywhere' }}>
        {t(`dashboard.${figure.key}`)}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {figure.link ? (
        <CardActionArea component={RouterLink} to={figure.link} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

function FigureGroup({ group }: { group: DashboardGroup }) {
  // The figures' labels live in their own area's namespace (see the dashboard module on the server).
  const { t } = useTranslation(group.area);
  return (
    <Box component="section" aria-labelledby={`dashboard-${group.area}`}>
      <Typography variant="h2" id={`dashboard-${group.area}`} sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('dashboard.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' } }}>
        {group.figures.map((figure) => (
          <FigureCard key={figure.key} area={group.area} figure={figure} />
        ))}
      </Box>
    </Box>
  );
}

/** `/mgmt` after login: the figures of every area the manager may read. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const session = useManager();
  const { data } = useSuspenseQuery(dashboardQuery());
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" data-testid="mgmt-home">
          {t('title', { name: session?.account.displayName ?? '' })}
        </Typography>
        <Typography color="textSecondary">{t('signedInAs', { email: session?.account.email ?? '' })}</Typography>
      </Box>
      <InterruptedJobs />
      {data.groups.length === 0 && <Typography>{t('nothing')}</Typography>}
      {data.groups.map((group) => (
        <FigureGroup key={group.area} group={group} />
      ))}
    </Stack>
  );
}
