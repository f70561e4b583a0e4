import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { defaultStreamTotal, type StreamLimits } from './platform/event-streams.js';
import { parseOutboundPolicy, type OutboundPolicy } from './platform/outbound.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverRoot, '../..');

/**
 * Relative paths are read from where the command was typed: `npm start` at the repository root runs the
 * server in apps/server, and npm keeps the original directory in INIT_CWD.
 */
function fromInvocation(env: NodeJS.ProcessEnv, file: string): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), file);
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** Environment variables, parsed once at start. The README lists each of them. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_BACKGROUND_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  EDITION_SEED_FILE: z.string().min(1).default(path.join(serverRoot, 'seed/demo-edition.json')),
  ROOMS_SEED_FILE: z.string().min(1).default(path.join(serverRoot, 'seed/demo-rooms.csv')),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()).transform((v) => v === 'true'),
  // The site's address in e-mails and notifications; without it links point at this machine (fine on a laptop).
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/ })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  BOOTSTRAP_ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  BOOTSTRAP_ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(12, 'at least 12 characters').optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  MAIL_FROM: z.string().min(3).default('BJK <noreply@localhost>'),
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  // Public id lookups per minute and address (0: no limit); a parent needs a handful.
  LOOKUP_RATE_LIMIT: z.coerce.number().int().min(0).default(120),
  // The empty string switches the demo members off (a production registry is imported by managers).
  MEMBERS_SEED_FILE: z.string().default(path.join(serverRoot, 'seed/demo-members.json')),
  // Optional sign-in through an OpenID Connect provider (the original used Google); both or neither.
  OIDC_ISSUER: z.preprocess(
    emptyToUndefined,
    z
      .url()
      .refine((url) => isSecureOrLoopback(url), 'must be https (http only on a loopback address)')
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  OIDC_CLIENT_ID: optionalString,
  OIDC_ALLOWED_DOMAINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((list) =>
        list
          .split(/[,;\s]+/)
          .filter(Boolean)
          .map((domain) => domain.toLowerCase()),
      )
      .pipe(z.array(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'a comma-separated list of domains (example.org)')))
      .optional(),
  ),
  OIDC_NAME: optionalString,
  /** DejaVu Sans (Debian's fonts-dejavu-core): embedded in printed PDFs, it covers Latin, Greek, Cyrillic and Turkish letters. */
  PRINT_FONT_DIR: z.string().min(1).default('/usr/share/fonts/truetype/dejavu'),
  // PostgreSQL: how long a running bulk job may be silent before it is taken for dead (jobs beat every 15 s).
  BULK_JOB_STALE_SECONDS: z.coerce.number().int().min(30).max(3600).default(120),
  // The key of the signed links mailed to families and payers (platform/signed-links.ts); without it the site makes
  // one and keeps it in the database.
  LINK_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'at least 32 characters').optional()),
  // Live streams (server-sent events) one client address may hold, and this instance in all (platform/event-streams.ts);
  // the total defaults to half the open files the process may hold, at most 10 000.
  STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  STREAMS_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).optional()),
  // Web Push (issue #27): the VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it) and the contact
  // push services may write to; without them the site makes a pair once and keeps it in the database.
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, '65 bytes, base64url (web-push generate-vapid-keys)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, '32 bytes, base64url (web-push generate-vapid-keys)')
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'a mailto: or https: address')
      .optional(),
  ),
  // An arbiter's result waits this long before followers hear of it (a typo corrected within it is never sent).
  NOTIFY_RESULT_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  // E-mail followers: a round's digest leaves this long after the first of the family's categories is paired.
  NOTIFY_MAIL_BATCH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  // How often each instance looks for notices that became due (grace periods, broadcast delays, retries).
  NOTIFY_SWEEP_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  // Push messages in flight at once per instance.
  NOTIFY_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  // Worker threads reading uploaded tournament files (default one less than the cores, at least 1, at most 4) and
  // how many files may wait for them before an upload is answered 503 platform.busy.
  WORKER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  WORKER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(100),
  // Worker threads that encrypt push messages (0: the main thread does it); default one per core, at most 4.
  NOTIFY_ENCRYPT_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  // Hosts and networks beyond the public internet that outbound requests may reach (a venue's relay on its LAN).
  OUTBOUND_ALLOW: optionalString.transform((value, context) => {
    try {
      return parseOutboundPolicy(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
});

/** The provider's keys are fetched from the issuer: over TLS, except a provider on this machine (tests). */
function isSecureOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || (protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname));
}

/** `MAIL_BCC_<AREA>=a@x,b@y`: a blind copy of every mail whose kind starts with `<area>.` (enrolment, lodging …). */
function mailBccOf(env: NodeJS.ProcessEnv): Record<string, string[]> {
  const bcc: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(env)) {
    const match = /^MAIL_BCC_([A-Z0-9_]+)$/.exec(name);
    if (!match?.[1] || !value) continue;
    const addresses = value.split(/[,;\s]+/).filter(Boolean);
    if (addresses.length > 0) bcc[match[1].toLowerCase()] = addresses;
  }
  return bcc;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Connections of the pool for work outside requests (print jobs), apart from the requests' own. */
  databaseBackgroundPoolSize: number;
  logLevel: string;
  webDist: string;
  editionSeedFile: string;
  /** The venue's room list loaded into an empty inventory on first start. */
  roomsSeedFile: string;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /** The site's address without a trailing slash: PUBLIC_URL, else `http://localhost:<PORT>`. */
  publicUrl: string;
  /** PUBLIC_URL was not given: links in mails point at localhost (the server warns at start in production). */
  publicUrlIsDefault: boolean;
  bootstrapAdmin: { email: string | undefined; password: string | undefined };
  mail: { smtpUrl: string | undefined; from: string; pollMs: number; maxAttempts: number; bcc: Record<string, string[]> };
  membersSeedFile: string | undefined;
  lookupRateLimit: number;
  /** OpenID Connect sign-in, when configured; `allowedDomains` empty means any domain. */
  oidc: OidcConfig | undefined;
  /** Where the print area finds DejaVuSans.ttf and DejaVuSans-Bold.ttf. */
  printFontDir: string;
  /** PostgreSQL: a running bulk job silent for this long belongs to a dead instance (decision 0011). */
  bulkJobStaleAfterMs: number;
  /** What outbound requests may reach beyond public addresses (`platform/outbound.ts`). */
  outbound: OutboundPolicy;
  /** The signed links' key (`platform/signed-links.ts`); undefined: one made on first use, kept in the database. */
  linkSecret: string | undefined;
  /** The caps on open live streams (`platform/event-streams.ts`). */
  streams: StreamLimits;
  /** Threads for reading tournament files (undefined: the pool's default) and files that may wait for them. */
  workers: { threads: number | undefined; queue: number };
  /** Following players (`modules/notifications`). */
  notifications: NotificationsConfig;
};

export type NotificationsConfig = {
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string | undefined;
  resultGraceMs: number;
  mailBatchMs: number;
  sweepMs: number;
  maxAttempts: number;
  concurrency: number;
  encryptThreads: number;
};

export type OidcConfig = { issuer: string; clientId: string; allowedDomains: string[]; name: string };

export class ConfigError extends Error {}

/** Parses the environment; start-up fails listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  // One without the other is a half-done set-up: say so rather than silently showing no provider button.
  if (!env.OIDC_ISSUER !== !env.OIDC_CLIENT_ID) {
    lines.push(`  ${env.OIDC_ISSUER ? 'OIDC_CLIENT_ID' : 'OIDC_ISSUER'}: required when ${env.OIDC_ISSUER ? 'OIDC_ISSUER' : 'OIDC_CLIENT_ID'} is set`);
  }
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
    lines.push(
      `  ${env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: required when ${env.VAPID_PUBLIC_KEY ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'} is set`,
    );
  }
  if (!parsed.success || lines.length > 0) throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: fromInvocation(env, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseBackgroundPoolSize: e.DATABASE_BACKGROUND_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    webDist: fromInvocation(env, e.WEB_DIST),
    editionSeedFile: fromInvocation(env, e.EDITION_SEED_FILE),
    roomsSeedFile: fromInvocation(env, e.ROOMS_SEED_FILE),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    publicUrlIsDefault: e.PUBLIC_URL === undefined,
    bootstrapAdmin: { email: e.BOOTSTRAP_ADMIN_EMAIL, password: e.BOOTSTRAP_ADMIN_PASSWORD },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, pollMs: e.MAIL_POLL_MS, maxAttempts: e.MAIL_MAX_ATTEMPTS, bcc: mailBccOf(env) },
    lookupRateLimit: e.LOOKUP_RATE_LIMIT,
    printFontDir: fromInvocation(env, e.PRINT_FONT_DIR),
    bulkJobStaleAfterMs: e.BULK_JOB_STALE_SECONDS * 1000,
    outbound: e.OUTBOUND_ALLOW,
    linkSecret: e.LINK_SECRET,
    notifications: {
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      vapidSubject: e.VAPID_SUBJECT,
      resultGraceMs: e.NOTIFY_RESULT_GRACE_SECONDS * 1000,
      mailBatchMs: e.NOTIFY_MAIL_BATCH_SECONDS * 1000,
      sweepMs: e.NOTIFY_SWEEP_MS,
      maxAttempts: e.NOTIFY_MAX_ATTEMPTS,
      concurrency: e.NOTIFY_CONCURRENCY,
      encryptThreads: e.NOTIFY_ENCRYPT_THREADS ?? Math.min(4, os.availableParallelism()),
    },
    workers: { threads: e.WORKER_THREADS, queue: e.WORKER_QUEUE },
    streams: { perAddress: e.STREAMS_PER_ADDRESS, total: e.STREAMS_MAX ?? defaultStreamTotal() },
    membersSeedFile: e.MEMBERS_SEED_FILE === '' ? undefined : fromInvocation(env, e.MEMBERS_SEED_FILE),
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            allowedDomains: e.OIDC_ALLOWED_DOMAINS ?? [],
            name: e.OIDC_NAME ?? new URL(e.OIDC_ISSUER).hostname,
          }
        : undefined,
  };
}
