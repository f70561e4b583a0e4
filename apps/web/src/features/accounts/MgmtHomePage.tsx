import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useManager } from '../../shared/auth/session';

/** The back office's start page after login. */
export function MgmtHomePage() {
  const { t } = useTranslation('accounts');
  const session = useManager();
  return (
    <Stack spacing={2}>
      <Typography variant="h1" data-testid="mgmt-home">
        {t('home.title', { name: session?.account.displayName ?? '' })}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography>{t('home.signedInAs', { email: session?.account.email ?? '' })}</Typography>
        <Typography color="text.secondary">{t('home.roles', { roles: session?.account.roles.join(', ') ?? '' })}</Typography>
      </Paper>
    </Stack>
  );
}
