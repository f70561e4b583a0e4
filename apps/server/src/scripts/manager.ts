// First: an older Node stops here with a clear message (platform/node-version.ts).
import '../platform/node-version.js';
import { createInterface } from 'node:readline';
import { ConfigError, loadConfig } from '../config.js';
import { EmbeddedPostgresError } from '../platform/embedded-postgres.js';

/** Reads a line without echoing it on a terminal; from a pipe, just the first line. */
function readPassword(): Promise<string> {
  const fromEnv = process.env.MANAGER_PASSWORD;
  if (fromEnv) return Promise.resolve(fromEnv);
  return new Promise((resolve) => {
    const terminal = process.stdin.isTTY === true;
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal });
    if (terminal) {
      process.stdout.write('Password (not shown): ');
      // Swallow the echo of each typed character; readline still reads them.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
    }
    let answer = '';
    rl.once('line', (line) => {
      answer = line;
      if (terminal) process.stdout.write('\n');
      rl.close();
    });
    rl.once('close', () => resolve(answer));
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const args = process.argv.slice(2);
  // Read first: nothing else is asked once the database is open.
  const password = args.some((a) => a === 'create' || a === 'reset-password') ? await readPassword() : '';
  const [{ systemClock }, { systemContext }, { openConfiguredDatabase, prepareDatabase }, { describeCommandFailure, runManagerCommand }] = await Promise.all([
    import('../platform/clock.js'),
    import('../platform/service-context.js'),
    import('../setup.js'),
    import('./manager-commands.js'),
  ]);
  // Beside a running site, its embedded server is used and left running.
  const database = await openConfiguredDatabase(config, { leaveAttachedRunning: true });
  try {
    await prepareDatabase(database, config, () => {});
    await runManagerCommand(systemContext({ db: database.db, clock: systemClock, config }), args, {
      readPassword: async () => password,
      print: (line) => console.log(line),
    });
  } catch (error) {
    const message = describeCommandFailure(error);
    if (!message) throw error;
    console.error(message);
    process.exitCode = 2;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof EmbeddedPostgresError ? error.message : error);
  process.exit(1);
});
