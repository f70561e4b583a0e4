import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { OidcConfig } from '../../config.js';

/** Why an id token was refused (logged for the operator; the caller only learns that it was). */
export class IdTokenRejected extends Error {}

/** The issuer's keys or discovery document could not be fetched (the provider, or the way to it, is down). */
export class OidcUnavailable extends Error {}

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  jwks_uri: z.url(),
});

/** Signatures with a public key only: a shared-secret algorithm (HS256) or `none` is never accepted. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** An id token is used right after the provider issued it; an older one is a replay, not a sign-in. */
const MAX_TOKEN_AGE_SECONDS = 10 * 60;
const CLOCK_TOLERANCE_SECONDS = 60;
/** How long after its first use an id token could still pass the checks above: a reuse within it is a replay. */
export const ID_TOKEN_REPLAY_WINDOW_MS = (MAX_TOKEN_AGE_SECONDS + 2 * CLOCK_TOLERANCE_SECONDS) * 1000;
const DISCOVERY_TTL_MS = 24 * 3_600_000;
const FETCH_TIMEOUT_MS = 5_000;

type Discovered = { authorizationEndpoint: string; keys: ReturnType<typeof createRemoteJWKSet> };

export type OidcProvider = {
  config: OidcConfig;
  /** The discovery document's facts, fetched once a day (and again after a failure). */
  discover(): Promise<Discovered>;
  /** Verifies an id token (signature, issuer, audience, expiry, age, nonce, verified e-mail); answers the e-mail. */
  verifyIdToken(token: string, nonce: string, now: Date): Promise<{ email: string }>;
};

/**
 * An OpenID Connect provider: its discovery document (`<issuer>/.well-known/openid-configuration`) names
 * the authorisation endpoint the browser goes to and the key set (JWKS) id tokens are signed with. jose's
 * remote key set caches the keys and fetches them again when a token names an unknown key (rotation).
 */
export function createOidcProvider(config: OidcConfig): OidcProvider {
  let cached: { at: number; value: Promise<Discovered> } | null = null;

  async function fetchDiscovery(): Promise<Discovered> {
    let response: Response;
    try {
      response = await fetch(`${config.issuer}/.well-known/openid-configuration`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
    } catch (error) {
      throw new OidcUnavailable(`discovery: ${(error as Error).message}`);
    }
    if (!response.ok) throw new OidcUnavailable(`discovery: HTTP ${response.status}`);
    const parsed = discoverySchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new OidcUnavailable('discovery: not an OpenID Connect discovery document');
    // OpenID Connect Discovery §4.3: the document's issuer must be exactly the one it was fetched for.
    if (parsed.data.issuer.replace(/\/+$/, '') !== config.issuer) {
      throw new OidcUnavailable(`discovery: issuer ${parsed.data.issuer} is not ${config.issuer}`);
    }
    return {
      authorizationEndpoint: parsed.data.authorization_endpoint,
      keys: createRemoteJWKSet(new URL(parsed.data.jwks_uri), { timeoutDuration: FETCH_TIMEOUT_MS }),
    };
  }

  function discover(): Promise<Discovered> {
    // A cache's age: the monotonic clock.
    if (!cached || performance.now() - cached.at > DISCOVERY_TTL_MS) {
      const value = fetchDiscovery();
      cached = { at: performance.now(), value };
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  }

  async function verifyIdToken(token: string, nonce: string, now: Date): Promise<{ email: string }> {
    const { keys } = await discover();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        audience: config.clientId,
        algorithms: ALGORITHMS,
        currentDate: now,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        maxTokenAge: MAX_TOKEN_AGE_SECONDS,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      // The key set could not be fetched or read: the provider is unreachable, the token may well be fine.
      // (jose answers a failed key set response with its generic error, a network failure with fetch's own.)
      if (
        !(error instanceof errors.JOSEError) ||
        error instanceof errors.JWKSTimeout ||
        error instanceof errors.JWKSInvalid ||
        error.constructor === errors.JOSEError
      ) {
        throw new OidcUnavailable(`keys: ${(error as Error).message}`);
      }
      throw new IdTokenRejected(`${error.code}: ${error.message}`);
    }
    // OpenID Connect Core §3.1.3.7: with several audiences, the authorised party must be this client.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId) {
      throw new IdTokenRejected('azp is not this client');
    }
    if (payload.nonce !== nonce) throw new IdTokenRejected('nonce does not match the sign-in request');
    const email = z.email().safeParse(payload.email);
    if (!email.success) throw new IdTokenRejected('no e-mail address in the token');
    // A provider that says whether it checked the address must have checked it (absent: the provider vouches).
    if (payload.email_verified !== undefined && payload.email_verified !== true && payload.email_verified !== 'true') {
      throw new IdTokenRejected('e-mail address not verified by the provider');
    }
    return { email: email.data };
  }

  return { config, discover, verifyIdToken };
}

/** The address's domain is one of the allowed ones (none configured: any). */
export function isAllowedDomain(email: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  return allowedDomains.includes(email.slice(email.lastIndexOf('@') + 1).toLowerCase());
}
