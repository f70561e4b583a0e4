import { useErrorMessage } from '../error-message';
import { Notice } from './Notice';

/** `ErrorAlert` for pages drawn without MUI: a failed call, in the visitor's language. */
export function ErrorNotice({ error, submit = false }: { error: unknown; submit?: boolean }) {
  return (
    <Notice severity="error" role="alert">
      {useErrorMessage(error, submit)}
    </Notice>
  );
}
