import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ShellButton } from './ShellButton';

/** Any path the route table does not know. */
export function NotFoundPage({ homePath = '/' }: { homePath?: string }) {
  const { t } = useTranslation('errors');
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 4 }}>
      <Typography variant="h1" data-testid="not-found">
        {t('pageNotFound', { path: pathname })}
      </Typography>
      <Typography>{t('pageNotFoundHelp')}</Typography>
      <div>
        <ShellButton variant="contained" component={RouterLink} to={homePath}>
          {t('backHome')}
        </ShellButton>
      </div>
    </Box>
  );
}
