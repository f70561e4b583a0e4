import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { startSession, useManager } from '../../shared/auth/session';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { login } from './api';
import { LoginPage } from './LoginPage';
import { checkProviderAnswer, readProviderAnswer, RETURN_PATH, takePendingSignIn } from './provider-sign-in';

/**
 * `/mgmt/login`: where the identity provider sends the manager back with an id token in the fragment. The
 * token leaves the address bar at once, is checked against the sign-in this tab started and sent to the
 * login call; then the manager lands on the page they came from. Without an answer it is the login page.
 */
export function ProviderReturnPage() {
  const { t } = useTranslation('accounts');
  const session = useManager();
  const navigate = useNavigate();
  const [answer] = useState(() => readProviderAnswer(window.location.hash));
  const [refusal, setRefusal] = useState<'state' | 'refused' | null>(null);
  const [returnTo, setReturnTo] = useState('/mgmt');
  const mutation = useMutation({ mutationFn: login });
  const started = useRef(false);

  useEffect(() => {
    if (!answer || started.current) return;
    started.current = true;
    // Out of the address bar and the history: the token must not be bookmarked, shared or reused.
    void navigate(RETURN_PATH, { replace: true });
    const checked = checkProviderAnswer(answer, takePendingSignIn());
    if (!checked.ok) {
      setRefusal(checked.reason);
      return;
    }
    mutation.mutate(
      { logintype: 'oidc', token: checked.token, nonce: checked.nonce },
      {
        onSuccess: (response) => {
          setReturnTo(checked.returnTo);
          startSession(response);
        },
      },
    );
  }, [answer, mutation, navigate]);

  if (session) return <Navigate to={returnTo} replace />;
  if (answer && !refusal && !mutation.isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 6 }} role="status">
        <CircularProgress aria-hidden />
        <Typography>{t('login.providerProgress')}</Typography>
      </Stack>
    );
  }
  const notice = mutation.isError ? (
    <ErrorAlert error={mutation.error} />
  ) : refusal ? (
    <Alert severity="error" role="alert">
      {t(refusal === 'state' ? 'login.providerStale' : 'login.providerRefused')}
    </Alert>
  ) : undefined;
  return <LoginPage notice={notice} />;
}
