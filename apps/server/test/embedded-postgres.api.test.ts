import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { openDatabase } from '../src/platform/db.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/platform/embedded-postgres.js';

/**
 * The embedded PostgreSQL's sharp edges (decision 0015), on real clusters in the clone's .tmp (outside /tmp: run
 * as root, the server's OS user `postgres` must reach it): UTF-8 whatever LANG says, a loopback port that is not
 * 5432, a password of the data directory, its log lines reduced to level and SQLSTATE, a stop that ends it, the
 * manager CLI beside a running server, and an old PGlite data directory named.
 */
const execFileP = promisify(execFile);
let base = '';
const started: EmbeddedPostgres[] = [];

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await mkdir(path.join(repoRoot, '.tmp'), { recursive: true });
  base = await mkdtemp(path.join(repoRoot, '.tmp', 'embedded-'));
  // mkdtemp makes it 0700: as root, the OS user postgres must be let through (the next test shows what happens otherwise).
  await chmod(base, 0o755);
});

afterAll(async () => {
  for (const server of started) await server.stop();
  await rm(base, { recursive: true, force: true });
}, 60_000);

describe('the embedded PostgreSQL', () => {
  it('initialises in UTF-8 on a machine without LANG, on a loopback port that is not 5432, with a password of its own, and stops', async () => {
    const dataDir = path.join(base, 'utf8');
    const saved = { LANG: process.env.LANG, LC_ALL: process.env.LC_ALL, LC_CTYPE: process.env.LC_CTYPE };
    delete process.env.LANG;
    delete process.env.LC_ALL;
    delete process.env.LC_CTYPE;
    let server: EmbeddedPostgres;
    try {
      server = await startEmbeddedPostgres(dataDir);
    } finally {
      for (const [key, value] of Object.entries(saved)) if (value !== undefined) process.env[key] = value;
    }
    started.push(server);
    expect(server.port).not.toBe(5432);
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
    const [encoding] = await query<{ server_encoding: string }>(server.url, 'SHOW server_encoding');
    expect(encoding!.server_encoding).toBe('UTF8');
    const name = 'Élodie Ğürsoy 象棋 — Ærø';
    const [echo] = await query<{ name: string; length: number }>(server.url, 'SELECT $1::text AS name, length($1::text) AS length', [name]);
    expect(echo).toEqual({ name, length: [...name].length });
    // The password is the data directory's own, readable by its owner only; without it, no entry.
    const password = await stat(path.join(dataDir, 'postgres-password'));
    expect(password.mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dataDir, 'postgres'))).mode & 0o777).toBe(0o700);
    const wrong = new URL(server.url);
    wrong.password = 'not-the-password';
    await expect(query(wrong.toString(), 'select 1')).rejects.toMatchObject({ code: '28P01' });

    await server.stop();
    await expect(readFile(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toMatchObject({ code: 'ENOENT' });
    // Started again on the same data directory: same password, the data still there.
    const again = await startEmbeddedPostgres(dataDir);
    started.push(again);
    expect(again.attached).toBe(false);
    await query(again.url, 'CREATE TABLE kept (v text)');
    await again.stop();
    const third = await startEmbeddedPostgres(dataDir);
    started.push(third);
    expect(await query(third.url, 'SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 0 }]);
    await third.stop();
  }, 60_000);

  it("passes PostgreSQL's own log lines on as level and SQLSTATE only: the values they quote never reach our logs", async () => {
    const entries: unknown[] = [];
    const server = await startEmbeddedPostgres(path.join(base, 'logs'), { durable: false, log: (entry) => entries.push(entry) });
    started.push(server);
    await query(server.url, 'CREATE TABLE people (email text UNIQUE)');
    await query(server.url, 'INSERT INTO people VALUES ($1)', ['secret.parent@example.test']);
    await expect(query(server.url, 'INSERT INTO people VALUES ($1)', ['secret.parent@example.test'])).rejects.toMatchObject({ code: '23505' });
    await expect(query(server.url, 'SELECT $1::int', ['Jansens-Peeters'])).rejects.toMatchObject({ code: '22P02' });
    // The server logs asynchronously: a third error is the marker that the first two have been relayed.
    await expect(query(server.url, 'SELECT 1/0')).rejects.toMatchObject({ code: '22012' });
    await expect.poll(() => entries.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(entries).toEqual(
      expect.arrayContaining([
        { level: 'ERROR', sqlstate: '23505' },
        { level: 'ERROR', sqlstate: '22P02' },
        { level: 'ERROR', sqlstate: '22012' },
      ]),
    );
    expect(JSON.stringify(entries)).not.toMatch(/secret|Jansens/);
    await server.stop();
  }, 60_000);

  it('lets the manager CLI create a manager while the site runs, and leaves the site’s server running', async () => {
    const dataDir = path.join(base, 'cli');
    const server = await startEmbeddedPostgres(dataDir, { durable: false });
    started.push(server);
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MEMBERS_SEED_FILE: '',
      MANAGER_PASSWORD: 'a-long-enough-password-1',
    };
    const { stdout } = await execFileP(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/scripts/manager.ts',
        'create',
        '--email',
        'cli.manager@example.test',
        '--name',
        'CLI Manager',
        '--roles',
        'registrar',
      ],
      { cwd: repoRoot, env },
    );
    expect(stdout).toContain('created cli.manager@example.test');
    // The site's server was found running and is still there, with the account in it.
    const rows = await query<{ email: string }>(server.url, 'SELECT email FROM accounts WHERE email = $1', ['cli.manager@example.test']);
    expect(rows).toEqual([{ email: 'cli.manager@example.test' }]);
    await server.stop();
  }, 120_000);

  it.runIf(process.getuid?.() === 0)(
    'as root, names the directory the OS user postgres cannot enter, before starting anything',
    async () => {
      const closed = path.join(base, 'closed');
      await mkdir(closed, { mode: 0o700 });
      await chmod(closed, 0o700);
      await expect(startEmbeddedPostgres(path.join(closed, 'data'))).rejects.toThrow(`cannot enter ${closed} (mode 700)`);
      // Opened as the message says, it starts, and the cluster belongs to postgres.
      await chmod(closed, 0o711);
      const server = await startEmbeddedPostgres(path.join(closed, 'data'), { durable: false });
      started.push(server);
      const owner = (await stat(path.join(closed, 'data', 'postgres'))).uid;
      const { stdout } = await execFileP('id', ['-u', 'postgres']);
      expect(owner).toBe(Number.parseInt(stdout, 10));
      await server.stop();
    },
    60_000,
  );

  // The backup of docs/operations.md, step by step: the URL read off the data directory as the document says, a
  // pg_dump of the running site's server, a fresh data directory started and migrated, pg_restore into it, a restart.
  // Needs the machine's pg_dump (PostgreSQL's client, 15 or newer; CI machines have Debian's 15).
  const pgDump = ['/usr/bin/pg_dump', '/usr/local/bin/pg_dump'].find((file) => existsSync(file));
  it.skipIf(!pgDump)(
    'is backed up with pg_dump as docs/operations.md says and restored into a fresh data directory that starts on it',
    async () => {
      const urlOf = async (dataDir: string) => {
        const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
        const port = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
        return `postgres://bjk:${encodeURIComponent(password)}@127.0.0.1:${port}/bjk`;
      };
      const migrated = async (url: string) => {
        const database = await openDatabase({ url, poolSize: 1 });
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
      };
      const live = path.join(base, 'backup-live');
      const server = await startEmbeddedPostgres(live, { durable: false });
      started.push(server);
      const url = await urlOf(live);
      expect(new URL(url).port).toBe(String(server.port));
      await migrated(url);
      const name = 'Zoë Brûlé-Ğürsoy';
      await query(url, 'CREATE TABLE rehearsal (id serial PRIMARY KEY, name text NOT NULL)');
      await query(url, 'INSERT INTO rehearsal (name) SELECT $1 || g FROM generate_series(1, 500) g', [name]);
      const [{ migrations }] = (await query<{ migrations: string }>(url, 'SELECT count(*) AS migrations FROM drizzle.__drizzle_migrations')) as [
        { migrations: string },
      ];
      expect(Number(migrations)).toBeGreaterThan(20);

      const dump = path.join(base, 'bjk.dump');
      const dumpStarted = performance.now();
      await execFileP(pgDump!, ['--format=custom', `--file=${dump}`, url]);
      const dumpMs = performance.now() - dumpStarted;
      await server.stop();

      const fresh = path.join(base, 'backup-restored');
      const restored = await startEmbeddedPostgres(fresh, { durable: false });
      started.push(restored);
      const restoredUrl = await urlOf(fresh);
      await migrated(restoredUrl);
      const restoreStarted = performance.now();
      await execFileP(pgDump!.replace(/pg_dump$/, 'pg_restore'), ['--clean', '--if-exists', '--no-owner', `--dbname=${restoredUrl}`, dump]);
      const restoreMs = performance.now() - restoreStarted;
      await restored.stop();

      // The site starts again on the restored directory: the same migrations (nothing to apply), the same rows.
      const again = await startEmbeddedPostgres(fresh, { durable: false });
      started.push(again);
      await migrated(again.url);
      const rows = await query<{ count: string; first: string }>(again.url, 'SELECT count(*) AS count, min(name) AS first FROM rehearsal');
      expect(rows).toEqual([{ count: '500', first: `${name}1` }]);
      const [after] = await query<{ migrations: string }>(again.url, 'SELECT count(*) AS migrations FROM drizzle.__drizzle_migrations');
      expect(after!.migrations).toBe(migrations);
      console.info(`pg_dump ${dumpMs.toFixed(0)} ms, pg_restore ${restoreMs.toFixed(0)} ms`);
    },
    120_000,
  );

  it('starts again after a kill -9 of the whole site (the server and every backend), with what was committed', async () => {
    const dataDir = path.join(base, 'crash');
    const lockFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const first = await startEmbeddedPostgres(dataDir);
    started.push(first);
    await query(first.url, 'CREATE TABLE kept (v text)');
    await query(first.url, "INSERT INTO kept VALUES ('Élodie')");
    const client = new pg.Client({ connectionString: first.url });
    client.on('error', () => undefined);
    await client.connect();
    const backend = Number((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
    const postmaster = Number.parseInt((await readFile(lockFile, 'utf8')).split('\n')[0]!, 10);
    // Every process at once, as a container's stop or a power cut: the lock file and the data stay behind.
    for (const pid of [postmaster, backend]) process.kill(pid, 'SIGKILL');
    await until(async () => !isAlive(postmaster) && !isAlive(backend));
    await client.end().catch(() => undefined);
    expect(existsSync(lockFile)).toBe(true);
    const again = await startEmbeddedPostgres(dataDir);
    started.push(again);
    expect(again.attached).toBe(false);
    expect(await query(again.url, 'SELECT v FROM kept')).toEqual([{ v: 'Élodie' }]);
    await again.stop();
  }, 60_000);

  it.runIf(process.platform === 'linux')(
    'starts over a lock file whose pid is a zombie (a kill -9 of the whole site under a PID 1 that does not reap) or another program',
    async () => {
      const dataDir = path.join(base, 'stale');
      const lockFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      await (await startEmbeddedPostgres(dataDir, { durable: false })).stop();
      // `sleep 1` ends after its shell became `sleep 60` (a shell may still reap a child that ends before its exec),
      // and `sleep 60` never reaps it: a zombie whose pid a signal test finds alive, as a killed postmaster is under a
      // container's PID 1 that does not reap.
      const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
      try {
        const [line] = (await once(parent.stdout, 'data')) as [Buffer];
        const zombie = Number.parseInt(line.toString(), 10);
        await until(async () => (await readFile(`/proc/${zombie}/stat`, 'utf8')).split(') ')[1]!.startsWith('Z'));
        for (const pid of [zombie, parent.pid!]) {
          await writeFile(lockFile, `${pid}\n${path.join(dataDir, 'postgres')}\n1700000000\n5999\n\n127.0.0.1\n  5432001  1\nready   \n`);
          const server = await startEmbeddedPostgres(dataDir, { durable: false });
          started.push(server);
          expect(server.attached).toBe(false);
          expect(server.port).not.toBe(5999);
          expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
          await server.stop();
        }
      } finally {
        parent.kill('SIGKILL');
      }
    },
    60_000,
  );

  it('names an old PGlite data directory instead of starting beside it', async () => {
    const dataDir = path.join(base, 'old');
    await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    await writeFile(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(/PGlite/);
  });
});

/** Polls a condition (a process changing state has no event to wait for), with a deadline. */
async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
