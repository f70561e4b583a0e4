// First: an older Node stops here with a clear message (platform/node-version.ts).
import './platform/node-version.js';
import { buildApp, bulkJobKinds } from './app.js';
import { markInterruptedJobs } from './platform/bulk-jobs.js';
import { ConfigError, loadConfig } from './config.js';
import { startRetentionWorker } from './modules/family/retention.worker.js';
import { startMailWorker } from './modules/mail/mail.worker.js';
import { drainPrintQueue } from './modules/print/print.service.js';
import { startFollowWorker } from './modules/notifications/follow.worker.js';
import { createGamesPoller } from './modules/games/games.poller.js';
import { createChangeBus } from './platform/change-bus.js';
import { systemClock } from './platform/clock.js';
import { EmbeddedPostgresError } from './platform/embedded-postgres.js';
import { openConfiguredDatabase, prepareDatabase } from './setup.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // PostgreSQL's own warnings and failures, as level and SQLSTATE only (its messages may quote values).
  let logServer = (entry: { level: string; sqlstate: string }) => console.error(JSON.stringify({ postgresql: entry }));
  const database = await openConfiguredDatabase(config, { log: (entry) => logServer(entry) });
  await prepareDatabase(database, config);

  // The bus logs through the app's logger, which exists once the app is built.
  const bus = await createChangeBus(database, {
    log: { error: (object, message) => app.log.error(object, message), warn: (object, message) => app.log.warn(object, message) },
  });
  const app = await buildApp({ config, database, db: database.db, clock: systemClock, bus });
  logServer = (entry) => app.log.warn({ postgresql: entry }, 'postgresql');
  if (config.publicUrlIsDefault && config.env === 'production') {
    app.log.warn({ publicUrl: config.publicUrl }, 'PUBLIC_URL is not set: links in e-mails point at this machine (README, Configuration)');
  }
  // Bulk jobs left "running" by a stopped process are marked interrupted (resumable in the back office): the
  // sweep repeats for jobs whose heartbeat stopped (another instance may be running a job).
  const jobKinds = bulkJobKinds({ db: database.db, clock: systemClock, config });
  const sweepJobs = async () => {
    const interrupted = await markInterruptedJobs(database, jobKinds, systemClock.now(), config.bulkJobStaleAfterMs);
    if (interrupted > 0) app.log.warn({ interrupted }, 'bulk jobs interrupted by a stopped server');
    // Print jobs another instance queued and could not run (it stopped): this one takes them when idle.
    drainPrintQueue({ db: database.background.db, clock: systemClock, config });
  };
  await sweepJobs();
  // Swept at least twice per stale period, so a dead instance's job is found within 1.5 periods.
  const sweepEveryMs = Math.min(60_000, config.bulkJobStaleAfterMs / 2);
  const jobSweep = setInterval(() => void sweepJobs().catch((err: unknown) => app.log.error({ err }, 'job sweep failed')), sweepEveryMs);
  jobSweep.unref();
  const mailWorker = startMailWorker({ db: database.db, mail: config.mail, clock: systemClock, log: app.log });
  const gamesPoller = createGamesPoller({ db: database.db, clock: systemClock, config, bus, log: app.log });
  gamesPoller.start();
  const followWorker = startFollowWorker({ db: database.db, clock: systemClock, config, bus, log: app.log });
  // The shredder (decision 0016): each edition's personal data goes once its retention periods are over.
  const retentionWorker = startRetentionWorker({ db: database.db, clock: systemClock, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    clearInterval(jobSweep);
    await mailWorker?.stop();
    await followWorker.stop();
    await retentionWorker.stop();
    await gamesPoller.stop();
    await app.close();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ db: database.embedded ? 'embedded' : 'external' }, `championship site at http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof EmbeddedPostgresError ? error.message : error);
  process.exit(1);
});
