import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { HttpError, errorMessageKey } from '../../shared/http';

/** What went wrong, as status code (default 500) and message. */
export function describeRouteError(error: unknown): { status: number; message?: string } {
  if (isRouteErrorResponse(error)) return { status: error.status, message: error.statusText || undefined };
  if (error instanceof HttpError) return { status: error.status };
  return { status: 500 };
}

/** The generic error page: the route's element threw or a loader failed. */
export function ErrorPage() {
  const { t, i18n } = useTranslation('errors');
  const error = useRouteError();
  const { status, message } = describeRouteError(error);
  const key = errorMessageKey(error instanceof HttpError ? error : new HttpError(status, undefined, message ?? ''), (code) =>
    i18n.exists(`codes.${code}`, { ns: 'errors' }),
  );
  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography variant="h1" data-testid="error-status">
          {t('errorPage.title', { status })}
        </Typography>
        <Typography data-testid="error-message">{t(key)}</Typography>
        <div>
          <Button variant="contained" href="/">
            {t('backHome')}
          </Button>
        </div>
      </Stack>
    </Box>
  );
}
