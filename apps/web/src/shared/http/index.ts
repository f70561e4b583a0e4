import i18next from 'i18next';
import { createHttpClient } from './client';

export { HttpError, NO_RESPONSE, NOT_SENT, errorMessageKey } from './http-error';
export type { HttpClient } from './client';
export { pageCarriesError } from './client';

/** A manager's bearer token for this tab; the managers area sets it at login. */
let token: string | null = null;
let unauthorizedListener: (() => void) | null = null;

export function setAuthToken(next: string | null): void {
  token = next;
}

export function onUnauthorized(listener: (() => void) | null): void {
  unauthorizedListener = listener;
}

export const http = createHttpClient({
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
  getToken: () => token,
  getLanguage: () => i18next.resolvedLanguage ?? 'nl',
  onUnauthorized: () => unauthorizedListener?.(),
});
