import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { emailLoginSchema, type EmailLoginRequest } from '@bjk/domain/accounts';
import { startSession } from '../../shared/auth/session';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { login, providersQuery } from './api';
import { startProviderSignIn } from './provider-sign-in';
import { onValidSubmit } from '../../shared/ui/forms';

/**
 * Shown in place of any management page while nobody is logged in; after login the same page appears.
 * `notice` is a problem to show above the form (a failed sign-in through the identity provider).
 */
export function LoginPage({ notice }: { notice?: ReactNode }) {
  const { t } = useTranslation('accounts');
  const form = useForm<EmailLoginRequest>({
    resolver: zodResolver(emailLoginSchema),
    defaultValues: { logintype: 'email', username: '', password: '' },
  });
  const mutation = useMutation({ mutationFn: login, onSuccess: startSession });
  const { errors } = form.formState;
  return (
    <Paper variant="outlined" sx={{ maxWidth: 420, mx: 'auto', mt: { xs: 2, sm: 6 }, p: { xs: 2, sm: 4 } }}>
      <Stack component="form" spacing={2} noValidate onSubmit={onValidSubmit(form, (values) => mutation.mutate(values))}>
        <Typography variant="h1">{t('login.title')}</Typography>
        <Typography color="textSecondary">{t('login.intro')}</Typography>
        {notice}
        {mutation.isError && <ErrorAlert error={mutation.error} submit />}
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="username"
          autoFocus
          required
          error={!!errors.username}
          helperText={errors.username ? t('login.emailRequired') : undefined}
          {...form.register('username')}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          error={!!errors.password}
          helperText={errors.password ? t('login.passwordRequired') : undefined}
          {...form.register('password')}
        />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
      <ProviderSignIn />
    </Paper>
  );
}

/**
 * "Sign in with <provider>", when the site has one configured. Without an answer (none configured, or the
 * provider unreachable) the page simply offers the password login.
 */
function ProviderSignIn() {
  const { t } = useTranslation('accounts');
  const location = useLocation();
  const { data } = useQuery(providersQuery);
  const provider = data?.oidc;
  if (!provider) return null;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Divider>{t('login.or')}</Divider>
      <Button
        variant="outlined"
        size="large"
        onClick={() => startProviderSignIn(provider, `${location.pathname}${location.search}`)}
        data-testid="provider-sign-in"
      >
        {t('login.withProvider', { name: provider.name })}
      </Button>
    </Stack>
  );
}
