import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, errorMessageKey } from '../../shared/http';
import { shellButtonClass } from '../../shared/ui/ShellButton';

/** The status of a failure: the HTTP status of a failed call, else 500. */
export function statusOf(error: unknown): number {
  return error instanceof HttpError ? error.status : 500;
}

/** The generic error page: status code (default 500) and the catalogue's message (plain elements: first bundle). */
export function ErrorPage({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation('errors');
  const status = statusOf(error);
  const key = errorMessageKey(error instanceof HttpError ? error : new HttpError(status, undefined, ''), (code) =>
    i18n.exists(`codes.${code}`, { ns: 'errors' }),
  );
  return (
    <div className="bjk-error-page">
      <div className="bjk-stack">
        <h1 className="bjk-h1" data-testid="error-status">
          {t('errorPage.title', { status })}
        </h1>
        <p className="bjk-body1" data-testid="error-message">
          {t(key)}
        </p>
        <div>
          <a className={shellButtonClass('contained')} href="/">
            {t('backHome')}
          </a>
        </div>
      </div>
    </div>
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
