import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { endSession, useManager } from '../../shared/auth/session';
import { logout } from './api';

/** `/mgmt/logout`: revokes the token on the server, forgets it here and drops every cached management answer. */
export function LogoutPage() {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const session = useManager();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = () => {
      endSession();
      queryClient.clear();
    };
    if (session) logout().then(finish, finish);
    else finish();
  }, [queryClient, session]);
  return (
    <Stack spacing={2} sx={{ py: 4 }}>
      <Typography variant="h1" data-testid="logged-out">
        {t('logout.done')}
      </Typography>
      <div>
        <Button variant="contained" component={RouterLink} to="/mgmt" replace>
          {t('logout.again')}
        </Button>
      </div>
    </Stack>
  );
}
