import Alert from '@mui/material/Alert';
import { useErrorMessage } from './error-message';

type Props = {
  error: unknown;
  /** The failure happened while submitting a form (the firewall hint may apply). */
  submit?: boolean;
};

/** A failed call, in the visitor's language, following the specification's error catalogue. */
export function ErrorAlert({ error, submit = false }: Props) {
  return (
    <Alert severity="error" role="alert">
      {useErrorMessage(error, submit)}
    </Alert>
  );
}
