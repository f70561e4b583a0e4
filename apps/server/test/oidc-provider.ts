import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/**
 * A small but real OpenID Connect provider on loopback, for tests: a discovery document, the public key set
 * (a key pair generated at start), and an authorisation endpoint that signs the manager in at once (implicit
 * flow: back to `redirect_uri` with the id token in the fragment). Tests also sign tokens directly.
 */
export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  /** Paths the provider served, in order (to see what the server fetched). */
  served: string[];
  /** An id token for `claims` (merged over valid defaults); `key: 'foreign'` signs with a key the JWKS does not hold. */
  sign(claims?: Record<string, unknown>, options?: { key?: 'foreign'; issuedAt?: Date; expiresInSeconds?: number }): Promise<string>;
  close(): Promise<void>;
};

export type TestOidcOptions = {
  port?: number;
  clientId?: string;
  /** Whom the authorisation endpoint signs in when the request carries no `login_hint`. */
  defaultEmail?: string;
  now?: () => Date;
};

const KID = 'test-key-1';

export async function startTestOidcProvider(options: TestOidcOptions = {}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'bjk-test-client';
  const now = options.now ?? (() => new Date());
  const own = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(own.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const served: string[] = [];
  let issuer = '';

  async function sign(claims: Record<string, unknown> = {}, opts: { key?: 'foreign'; issuedAt?: Date; expiresInSeconds?: number } = {}) {
    const issuedAt = Math.floor((opts.issuedAt ?? now()).getTime() / 1000);
    const { iss, aud, exp, ...rest } = claims;
    const key: CryptoKey = opts.key === 'foreign' ? foreign.privateKey : own.privateKey;
    return new SignJWT({ sub: randomUUID(), email_verified: true, ...rest })
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .setIssuer((iss as string | undefined) ?? issuer)
      .setAudience((aud as string | string[] | undefined) ?? clientId)
      .setIssuedAt(issuedAt)
      .setExpirationTime((exp as number | undefined) ?? issuedAt + (opts.expiresInSeconds ?? 300))
      .sign(key);
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    served.push(url.pathname);
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [publicJwk] });
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirect = q.get('redirect_uri');
      if (!redirect || q.get('client_id') !== clientId || q.get('response_type') !== 'id_token' || !q.get('nonce')) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return response.end('invalid authorisation request');
      }
      void sign({ email: q.get('login_hint') ?? options.defaultEmail ?? 'manager@test.example', nonce: q.get('nonce') }).then((token) => {
        const fragment = new URLSearchParams({ id_token: token, state: q.get('state') ?? '' });
        response.writeHead(302, { location: `${redirect}#${fragment}` });
        response.end();
      });
      return;
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    get issuer() {
      return issuer;
    },
    clientId,
    served,
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
