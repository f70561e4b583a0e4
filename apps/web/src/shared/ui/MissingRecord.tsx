import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from './ErrorAlert';

type Props = {
  /** Why there is no record: none chosen (`message`), or the server's answer (`error`, e.g. it no longer exists). */
  message?: string;
  error?: unknown;
  /** The list the record is opened from, and the link's text. */
  backTo: string;
  backLabel: string;
};

/** An edit page opened without a record (no id in the address, or an unknown one): says so and leads back. */
export function MissingRecord({ message, error, backTo, backLabel }: Props) {
  const { t } = useTranslation('errors');
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="missing-record">
      <Typography variant="h1">{t('status.404')}</Typography>
      {error ? <ErrorAlert error={error} /> : <Alert severity="warning">{message}</Alert>}
      <Box>
        <Button component={RouterLink} to={backTo} variant="outlined" data-testid="missing-record-back">
          {backLabel}
        </Button>
      </Box>
    </Stack>
  );
}
