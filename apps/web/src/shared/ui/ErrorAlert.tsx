import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../http';

type Props = {
  error: unknown;
  /** The failure happened while submitting a form (the firewall hint may apply). */
  submit?: boolean;
};

/** A failed call, in the visitor's language, following the specification's error catalogue. */
export function ErrorAlert({ error, submit = false }: Props) {
  const { t, i18n } = useTranslation('errors');
  const key = errorMessageKey(error, (code) => i18n.exists(`codes.${code}`, { ns: 'errors' }), submit);
  return (
    <Alert severity="error" role="alert">
      {t(key)}
    </Alert>
  );
}
