import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import chromiumSetup from './scripts/chromium.json' with { type: 'json' };

/**
 * End-to-end tests: Debian's Chromium against the built app served by the real server on a free port
 * with a fresh data directory (scripts/test-all.mjs picks both; these defaults serve a manual run).
 */
const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `bjk-e2e-${port}`);
export const baseURL = `http://127.0.0.1:${port}`;
// The e2e mail server (e2e/mail-sink.ts): the app delivers its mails to it over SMTP, tests read them over HTTP.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);
const mailSinkPort = Number(process.env.E2E_MAIL_PORT ?? port + 2);
export const mailSinkURL = `http://127.0.0.1:${mailSinkPort}`;
// The e2e identity provider (e2e/oidc-provider.ts) the login page offers; it signs in the e2e admin.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 3);
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
// The e2e push service (e2e/push-service.ts): TLS with a test CA the app trusts, decrypting what the app sends.
const pushPort = Number(process.env.E2E_PUSH_PORT ?? port + 4);
export const pushServiceURL = `http://127.0.0.1:${pushPort}`;
const pushCaFile = path.join(os.tmpdir(), `bjk-e2e-push-ca-${port}.pem`);

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/e2e-output',
  // Twice the longest test seen on a loaded CI machine (the settings form, the lodging wizard filled twice: ~60 s):
  // a busy machine slows a test down, it must not fail it.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-results.json' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'nl-BE',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromiumSetup.path,
      args: [...chromiumSetup.flags, '--disable-dev-shm-usage'],
    },
  },
  webServer: [
    {
      command: 'node --import tsx e2e/mail-sink.ts',
      url: `${mailSinkURL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MAIL_SINK_SMTP_PORT: String(smtpPort), MAIL_SINK_HTTP_PORT: String(mailSinkPort) },
    },
    {
      command: 'node --import tsx e2e/oidc-provider.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OIDC_PROVIDER_PORT: String(oidcPort), OIDC_PROVIDER_CLIENT_ID: 'bjk-e2e', OIDC_PROVIDER_EMAIL: 'admin@e2e.test' },
    },
    {
      // Before the app: it writes the CA file the app trusts from its start.
      command: 'node --import tsx e2e/push-service.ts',
      url: `${pushServiceURL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PUSH_SERVICE_HTTP_PORT: String(pushPort), PUSH_SERVICE_CA_FILE: pushCaFile },
    },
    {
      command: `rm -rf "${dataDir}" && node --import tsx apps/server/src/main.ts`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        BOOTSTRAP_ADMIN_EMAIL: 'admin@e2e.test',
        BOOTSTRAP_ADMIN_PASSWORD: 'e2e-admin-password-123',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'BJK e2e <noreply@bjk.e2e.test>',
        MAIL_POLL_MS: '300',
        OIDC_ISSUER: oidcIssuer,
        OIDC_CLIENT_ID: 'bjk-e2e',
        OIDC_NAME: 'E2E ID',
        // Followers' phones: the loopback push service (a test CA, on 127.0.0.1); arbiters' results told at once.
        NODE_EXTRA_CA_CERTS: pushCaFile,
        OUTBOUND_ALLOW: '127.0.0.1',
        NOTIFY_RESULT_GRACE_SECONDS: '0',
        // On PostgreSQL when the suite has one (scripts/test-all.mjs makes a fresh database): the engine production
        // uses, and a heavy request (printing, a PGN) no longer holds up every other test's server.
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      },
    },
  ],
});
