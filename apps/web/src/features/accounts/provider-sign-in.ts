import type { LoginProviders } from '@bjk/domain/accounts';

/**
 * Sign-in through the identity provider (OpenID Connect, implicit flow): the browser goes to the provider's
 * authorisation endpoint and comes back to `/mgmt/login` with the id token in the address's fragment (never
 * sent to any server by the browser). `state` proves the answer belongs to a sign-in this tab started;
 * `nonce` goes with the token to our server, which checks the token carries it (no replayed token).
 */
export type Provider = NonNullable<LoginProviders['oidc']>;
export type PendingSignIn = { state: string; nonce: string; returnTo: string };
export type ProviderAnswer = { idToken: string | null; state: string | null; error: string | null };

const PENDING_KEY = 'bjk.mgmt.oidc';
export const RETURN_PATH = '/mgmt/login';

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Where to go after login: a back office page, never another site or the return address itself. */
export function safeReturnPath(path: string | null | undefined): string {
  if (!path || !/^\/mgmt(\/|$|\?)/.test(path) || path.startsWith(RETURN_PATH)) return '/mgmt';
  return path;
}

export function authorizationUrl(provider: Provider, redirectUri: string, pending: PendingSignIn): string {
  const url = new URL(provider.authorizationEndpoint);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('scope', 'openid email');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
  return url.toString();
}

/** The provider's answer in the address's fragment (`#id_token=…&state=…` or `#error=…&state=…`); null when there is none. */
export function readProviderAnswer(hash: string): ProviderAnswer | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has('id_token') && !params.has('error')) return null;
  return { idToken: params.get('id_token'), state: params.get('state'), error: params.get('error') };
}

/** The sign-in this tab started, read once (a second read answers null: an answer cannot be used twice). */
export function takePendingSignIn(): PendingSignIn | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as PendingSignIn) : null;
  } catch {
    return null;
  }
}

/** Sends the browser to the provider; back on `/mgmt/login`, the manager lands on `returnTo`. */
export function startProviderSignIn(provider: Provider, returnTo: string): void {
  const pending: PendingSignIn = { state: randomToken(), nonce: randomToken(), returnTo: safeReturnPath(returnTo) };
  window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(authorizationUrl(provider, `${window.location.origin}${RETURN_PATH}`, pending));
}

/** Checks the provider's answer against the sign-in this tab started: what to send to the server, or why not. */
export function checkProviderAnswer(
  answer: ProviderAnswer,
  pending: PendingSignIn | null,
): { ok: true; token: string; nonce: string; returnTo: string } | { ok: false; reason: 'state' | 'refused' } {
  if (!pending || !answer.state || answer.state !== pending.state) return { ok: false, reason: 'state' };
  if (answer.error || !answer.idToken) return { ok: false, reason: 'refused' };
  return { ok: true, token: answer.idToken, nonce: pending.nonce, returnTo: safeReturnPath(pending.returnTo) };
}
