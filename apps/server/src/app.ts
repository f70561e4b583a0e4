import { randomUUID } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { createSessionResolver } from './modules/accounts/accounts.service.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { deskRoutes } from './modules/desk/desk.routes.js';
import { editionRoutes } from './modules/edition/edition.routes.js';
import { familyRoutes } from './modules/family/family.routes.js';
import { createFamilySessionResolver, FAMILY_SESSION_COOKIE } from './modules/family/family-session.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { lodgingRoutes } from './modules/lodging/lodging.routes.js';
import { staySource } from './modules/lodging/stay-payment-source.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { paymentBulkJobs } from './modules/payments/payment-jobs.service.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { memberImportBulkJobs } from './modules/members/member-imports.service.js';
import { enrolmentRoutes } from './modules/enrolment/enrolment.routes.js';
import { bjkParticipantSource, vkParticipantSource } from './modules/participants/participant-payment-source.js';
import { participantsRoutes } from './modules/participants/participants.routes.js';
import { gamesRoutes } from './modules/games/games.routes.js';
import { gameUploadBulkJobs } from './modules/games/games-upload-jobs.service.js';
import { resultsRoutes } from './modules/results/results.routes.js';
import { printRoutes } from './modules/print/print.routes.js';
import { printBulkJobs } from './modules/print/print.service.js';
import { bulkJobsRoutes, type BulkJobs } from './platform/bulk-jobs.js';
import { registerAccessControl } from './platform/access.js';
import { createAppEvents } from './platform/after-commit.js';
import type { AppDeps } from './platform/app-deps.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './platform/errors.js';
import { createEventStreams } from './platform/event-streams.js';
import { healthRoutes } from './platform/health.routes.js';
import { logSerializers, OneLinePerRequest } from './platform/log.js';
import { registerInputRules } from './platform/input-rules.js';
import { registerIdempotency } from './platform/idempotency.js';
import { registerCompression } from './platform/compression.js';
import { registerPublicCache } from './platform/public-cache.js';
import { registerSecurityHeaders, securityHeaders } from './platform/security-headers.js';
import { registerUploads } from './platform/uploads.js';
import { systemContext } from './platform/service-context.js';
import { registerWebApp } from './platform/web-app.js';

/** Builds the Fastify app without listening: `main.ts` starts it, tests `inject` into it. */
// Payments own the source interface; lodging and participants implement it (dependencies point one way).
const paymentSources = { stay: staySource, participant_bjk: bjkParticipantSource, participant_vk: vkParticipantSource };

/** Every area's bulk jobs, under the platform's rule for interrupted jobs (platform/bulk-jobs.ts). */
export function bulkJobKinds(deps: Pick<AppDeps, 'db' | 'clock' | 'config'> & Partial<Pick<AppDeps, 'bus' | 'events'>>): BulkJobs[] {
  const ctx = systemContext(deps);
  return [paymentBulkJobs({ ...ctx, sources: paymentSources }), printBulkJobs(ctx), gameUploadBulkJobs({ ...ctx, bus: deps.bus }), memberImportBulkJobs(ctx)];
}

/** The log's write size and the longest a line waits for it (operations read the log within a second). */
const LOG_BATCH_BYTES = 8 * 1024;
const LOG_FLUSH_MS = 1_000;

export async function buildApp(given: AppDeps): Promise<FastifyInstance> {
  const { config } = given;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            // Written in batches of LOG_BATCH_BYTES, not one write per line: the write calls of one line per
            // request were a quarter of a cached public read's time. A quiet server's lines leave within
            // LOG_FLUSH_MS; pino writes what is left synchronously when the process exits.
            stream: given.logStream ?? pino.destination({ sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
          },
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  // The after-commit hook's listeners (platform/after-commit.ts): every service context of this app announces to them.
  const events = given.events ?? createAppEvents({ error: (object, message) => app.log.error(object, message) });
  const deps = { ...given, events };
  app.addHook('preClose', async () => events.settled());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const security = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' compiles WebAssembly (the desk's QR reader, decision 0012) and allows no eval of scripts.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // MUI (emotion) writes style elements and style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The same rule as the CSP's frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
  });
  // First of all hooks: a kept public answer is sent before any other runs (it needs no caller, and it carries the
  // request id and security headers in its own header list); before compression (it keeps compressed bodies).
  registerPublicCache(app, deps.bus, security);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Before the access guard, so refusals (401, 403) carry the security headers too.
  registerSecurityHeaders(app, security);

  registerErrorHandling(app);
  registerAccessControl(app, createSessionResolver(deps.db, deps.clock), createFamilySessionResolver(deps.db, deps.clock));
  registerInputRules(app);
  registerIdempotency(app, deps.db);
  // After idempotency: its onSend hook stores the plain answer for replays, this one compresses what goes out.
  registerCompression(app);

  await app.register(fastifyRateLimit, { global: false });
  await registerUploads(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Championship platform API', version: '1' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, familySession: { type: 'apiKey', in: 'cookie', name: FAMILY_SESSION_COOKIE } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The site's own policy (scripts from 'self' only) covers the documentation pages too.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(async (scope) => healthRoutes(scope, deps.database));
  await app.register(async (scope) => editionRoutes(scope, deps));
  await app.register(async (scope) => accountsRoutes(scope, deps));
  await app.register(async (scope) => contentRoutes(scope, deps));
  await app.register(async (scope) => filesRoutes(scope, deps));
  await app.register(async (scope) => auditRoutes(scope, deps));
  await app.register(async (scope) => dashboardRoutes(scope, deps));
  await app.register(async (scope) => lodgingRoutes(scope, deps));
  await app.register(async (scope) => mailRoutes(scope, deps));
  await app.register(async (scope) => paymentsRoutes(scope, deps, paymentSources));
  await app.register(async (scope) => membersRoutes(scope, deps));
  await app.register(async (scope) => enrolmentRoutes(scope, deps, paymentSources));
  await app.register(async (scope) => participantsRoutes(scope, deps));
  // Every live stream of the instance, under one pair of caps; open streams would keep a graceful shutdown waiting.
  const streams = createEventStreams(config.streams);
  app.addHook('preClose', async () => streams.closeAll());
  await app.register(async (scope) => gamesRoutes(scope, deps, streams));
  await app.register(async (scope) => resultsRoutes(scope, deps, streams));
  await app.register(async (scope) => printRoutes(scope, deps));
  await app.register(async (scope) => deskRoutes(scope, deps, streams));
  await app.register(async (scope) => familyRoutes(scope, deps));
  await app.register(async (scope) => notificationsRoutes(scope, deps));
  await app.register(async (scope) => bulkJobsRoutes(scope, deps.db, bulkJobKinds(deps), app.log));

  await registerWebApp(app, config.webDist);
  return app;
}
