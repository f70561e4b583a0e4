import { useTranslation } from 'react-i18next';
import { HttpError, errorMessageKey } from '../http';

/** The plain values of an error's details (`{ currency: 'CHF' }`), for messages that name them. */
function detailValues(error: unknown): Record<string, string | number> {
  if (!(error instanceof HttpError) || typeof error.details !== 'object' || error.details === null) return {};
  return Object.fromEntries(
    Object.entries(error.details).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'),
  );
}

/**
 * A failed call's message in the visitor's language, following the specification's error catalogue; `submit`: the
 * failure happened while submitting a form (the firewall hint may apply). Shown by `ErrorAlert` (MUI) and
 * `plain/ErrorNotice` (pages drawn without MUI).
 */
export function useErrorMessage(error: unknown, submit = false): string {
  const { t, i18n } = useTranslation('errors');
  const key = errorMessageKey(error, (code) => i18n.exists(`codes.${code}`, { ns: 'errors' }), submit);
  return t(key, detailValues(error));
}
