import { afterEach, describe, expect, it } from 'vitest';
import { authorizationUrl, checkProviderAnswer, readProviderAnswer, safeReturnPath, takePendingSignIn, type PendingSignIn } from './provider-sign-in';

const provider = {
  name: 'Test',
  issuer: 'https://id.example',
  clientId: 'bjk-web',
  authorizationEndpoint: 'https://id.example/authorize?prompt=select_account',
};
const pending: PendingSignIn = { state: 'state-123', nonce: 'nonce-456', returnTo: '/mgmt/settings' };

afterEach(() => window.sessionStorage.clear());

describe('sign-in through the identity provider', () => {
  it('asks the provider for an id token with the e-mail, for this client, returning to /mgmt/login', () => {
    const url = new URL(authorizationUrl(provider, 'https://bjk.example/mgmt/login', pending));
    expect(url.origin + url.pathname).toBe('https://id.example/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prompt: 'select_account',
      response_type: 'id_token',
      scope: 'openid email',
      client_id: 'bjk-web',
      redirect_uri: 'https://bjk.example/mgmt/login',
      state: 'state-123',
      nonce: 'nonce-456',
    });
  });

  it('reads the id token or the refusal from the fragment, and nothing from an ordinary address', () => {
    expect(readProviderAnswer('#id_token=a.b.c&state=s1')).toEqual({ idToken: 'a.b.c', state: 's1', error: null });
    expect(readProviderAnswer('#error=access_denied&state=s1')).toEqual({ idToken: null, state: 's1', error: 'access_denied' });
    expect(readProviderAnswer('')).toBeNull();
    expect(readProviderAnswer('#section-2')).toBeNull();
  });

  it('accepts only the answer to the sign-in this tab started, once', () => {
    window.sessionStorage.setItem('bjk.mgmt.oidc', JSON.stringify(pending));
    const stored = takePendingSignIn();
    expect(stored).toEqual(pending);
    expect(takePendingSignIn()).toBeNull();
    expect(checkProviderAnswer({ idToken: 'a.b.c', state: 'state-123', error: null }, stored)).toEqual({
      ok: true,
      token: 'a.b.c',
      nonce: 'nonce-456',
      returnTo: '/mgmt/settings',
    });
    expect(checkProviderAnswer({ idToken: 'a.b.c', state: 'forged', error: null }, stored)).toEqual({ ok: false, reason: 'state' });
    expect(checkProviderAnswer({ idToken: 'a.b.c', state: 'state-123', error: null }, null)).toEqual({ ok: false, reason: 'state' });
    expect(checkProviderAnswer({ idToken: null, state: 'state-123', error: 'access_denied' }, stored)).toEqual({ ok: false, reason: 'refused' });
  });

  it('returns only to a back office page', () => {
    expect(safeReturnPath('/mgmt/rooms?floor=2')).toBe('/mgmt/rooms?floor=2');
    expect(safeReturnPath('/mgmt')).toBe('/mgmt');
    for (const path of ['https://evil.example/mgmt', '//evil.example', '/mgmtx', '/mgmt/login', '/', null]) expect(safeReturnPath(path)).toBe('/mgmt');
  });
});
