/**
 * The e2e tests' identity provider: the loopback OpenID Connect provider of the API tests
 * (apps/server/test/oidc-provider.ts) on a fixed port, started by playwright.config.ts beside the app, which
 * is configured to offer it on its login page. Its authorisation endpoint signs in OIDC_PROVIDER_EMAIL at once.
 */
import { startTestOidcProvider } from '../apps/server/test/oidc-provider.js';

const port = Number(process.env.OIDC_PROVIDER_PORT);
const clientId = process.env.OIDC_PROVIDER_CLIENT_ID;
if (!port || !clientId) throw new Error('OIDC_PROVIDER_PORT and OIDC_PROVIDER_CLIENT_ID are required');

const provider = await startTestOidcProvider({ port, clientId, defaultEmail: process.env.OIDC_PROVIDER_EMAIL });
process.on('SIGTERM', () => void provider.close().then(() => process.exit(0)));
