import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, errorMessageKey } from '../../shared/http';
import { ShellButton } from '../../shared/ui/ShellButton';

/** The status of a failure: the HTTP status of a failed call, else 500. */
export function statusOf(error: unknown): number {
  return error instanceof HttpError ? error.status : 500;
}

/** The generic error page: status code (default 500) and the catalogue's message. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation('errors');
  const status = statusOf(error);
  const key = errorMessageKey(error instanceof HttpError ? error : new HttpError(status, undefined, ''), (code) =>
    i18n.exists(`codes.${code}`, { ns: 'errors' }),
  );
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h1" data-testid="error-status">
          {t('errorPage.title', { status })}
        </Typography>
        <Typography data-testid="error-message">{t(key)}</Typography>
        <div>
          <ShellButton variant="contained" component="a" href="/">
            {t('backHome')}
          </ShellButton>
        </div>
      </Box>
    </Box>
  );
}

type BoundaryProps = { children: ReactNode; resetKey: string };

/** Shows the error page when a page fails to render or load; navigating elsewhere (a new resetKey) tries again. */
export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; resetKey: string }) {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
