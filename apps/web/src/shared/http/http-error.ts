import type { FieldIssue } from '@bjk/domain/error-codes';

/**
 * A failed call. `status` is the HTTP status, or the specification's pseudo statuses:
 * 600 when no response came (server unreachable), 700 when the request could not even be sent.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly details?: unknown,
    /** The response was not our JSON error (a proxy or firewall answered). */
    readonly foreign = false,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** Field issues of a validation failure, by path. */
  get issues(): FieldIssue[] {
    const issues = (this.details as { issues?: unknown } | undefined)?.issues;
    return Array.isArray(issues) ? (issues as FieldIssue[]) : [];
  }
}

export const NO_RESPONSE = 600;
export const NOT_SENT = 700;

/** i18n key (namespace `errors`) for a failure, following the specification's error catalogue. */
export function errorMessageKey(error: unknown, hasCodeMessage: (code: string) => boolean, submit = false): string {
  if (!(error instanceof HttpError)) return 'unknown';
  const detail = (error.details as { detail?: unknown } | undefined)?.detail;
  if (detail === 'WrongUsernamePasswordCombination') return 'wrongCredentials';
  if (detail === 'Forbidden') return 'status.403';
  if (error.code && hasCodeMessage(error.code)) return `codes.${error.code}`;
  if (submit && (error.status === 407 || (error.foreign && (error.status === 401 || error.status === 403)))) {
    return 'firewall';
  }
  switch (error.status) {
    case 401:
    case 403:
    case 404:
    case 500:
    case 503:
    case NO_RESPONSE:
    case NOT_SENT:
      return `status.${error.status}`;
    default:
      return 'unknown';
  }
}
