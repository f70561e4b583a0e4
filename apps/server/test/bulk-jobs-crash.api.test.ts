import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameUploadJob, InterruptedJob, PaymentJob } from '@bjk/domain';
import { loadConfig, repoRoot } from '../src/config.js';
import { getCurrentEdition } from '../src/modules/edition/edition.service.js';
import { participants } from '../src/modules/participants/participants.tables.js';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.js';
import { openConfiguredDatabase, prepareDatabase } from '../src/setup.js';

/**
 * Bulk jobs killed for real (decision 0011): the server runs as a child process on its embedded PostgreSQL
 * (a DATA_DIR in the clone's .tmp, outside /tmp: as root the server's OS user must reach it), a bulk create and a bulk send are started through the API and the process is SIGKILLed while
 * each runs; a new process on the same data shows the job interrupted, resumes it, and what the first run
 * committed stays as it was: one payment request per participant, one e-mail per request through SMTP.
 * The `kill -9` hits Node alone: its PostgreSQL lives on as an orphan, which the next process finds and reuses;
 * a SIGTERM at the end stops both, in that order.
 * Every wait polls the job's progress (or the interrupted list) through the API.
 */
const COUNT = 1200;
const ADMIN = { email: 'crash-admin@example.test', password: 'crash-admin-password-123' };

let dataDir = '';
let server: ChildProcess | undefined;
let origin = '';
let token = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    probe.on('error', reject);
  });
}

function environment(port: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    MEMBERS_SEED_FILE: '',
    BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    // Mails stay in the outbox, where the test counts them: the job queues each request's mail once. (Delivery
    // is the outbox worker's, at least once by its lease, and tested with its own SMTP server.)
    SMTP_URL: '',
    // A dead instance's job is found after 30 s (another instance may still be running it).
    BULK_JOB_STALE_SECONDS: '30',
  };
}

const until = async <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 180_000): Promise<T> => {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** Starts `main.ts` as its own process and signs in once it answers. */
async function startServer(): Promise<void> {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...environment(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server = child;
  await until(
    'the server starts',
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      return fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    },
    (ok) => ok,
  );
  const login = await fetch(`${origin}/api/v1/accounts/anon/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ logintype: 'email', username: ADMIN.email, password: ADMIN.password }),
  });
  expect(login.status).toBe(200);
  token = ((await login.json()) as { token: string }).token;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function stopServer(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  const child = server!;
  server = undefined;
  const gone = exited(child);
  child.kill(signal);
  await gone;
}

async function api<T>(method: string, url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${origin}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

const job = async (id: string) => (await api<PaymentJob>('GET', `/api/v1/payment/jobs/${id}`)).body;

/** Starts a bulk job and kills the server once the job has committed part of its work, not all of it. */
async function killWhileRunning(url: string): Promise<PaymentJob> {
  const started = await api<{ job: PaymentJob }>('POST', url);
  expect(started.status).toBe(202);
  const running = await until(
    `job ${url} makes progress`,
    () => job(started.body.job.id),
    (j) => j.done > 0 || j.state !== 'running',
  );
  // Killed mid-job: if this fails, the job finished before the test saw it half done (COUNT too small).
  expect(running.state).toBe('running');
  expect(running.done).toBeLessThan(running.total);
  await stopServer('SIGKILL');
  return running;
}

/** A round file of UPLOAD_GAMES short games (10 rounds), as a manager uploads it. */
const UPLOAD_GAMES = 1500;
function uploadPgn(): string {
  return Array.from({ length: UPLOAD_GAMES }, (_, i) => {
    const [round, board] = [Math.floor(i / 150) + 1, (i % 150) + 1];
    return `[Round "${round}.${board}"]\n[White "Wit ${round}-${board}"]\n[Black "Zwart ${round}-${board}"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n`;
  }).join('\n');
}

const uploadJob = async (id: string) => (await api<GameUploadJob>('GET', `/api/v1/games/uploads/${id}`)).body;

/** Starts the upload and kills the server once its job has stored part of the games, not all of them. */
async function killWhileUploading(): Promise<GameUploadJob> {
  const form = new FormData();
  form.append('file', new Blob([uploadPgn()], { type: 'application/x-chess-pgn' }), 'rounds.pgn');
  const answer = await fetch(`${origin}/api/v1/games/sources/U12/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(answer.status).toBe(202);
  const started = (await answer.json()) as GameUploadJob;
  const storing = await until(
    'the upload stores games',
    () => uploadJob(started.id),
    (j) => j.stored > 0 || (j.status !== 'running' && j.status !== 'queued'),
  );
  expect(storing.status).toBe('running');
  expect(storing.stored).toBeLessThan(UPLOAD_GAMES);
  await stopServer('SIGKILL');
  return storing;
}

async function resumeInterruptedUpload(id: string): Promise<GameUploadJob> {
  await until(
    'the killed upload is listed interrupted',
    async () => (await api<InterruptedJob[]>('GET', '/api/v1/jobs/interrupted')).body,
    (jobs) => jobs.some((j) => j.id === id && j.kind === 'games'),
  );
  expect((await uploadJob(id)).status).toBe('interrupted');
  expect((await api('POST', `/api/v1/jobs/games/${id}/resume`)).status).toBe(202);
  return until(
    `upload ${id} finishes`,
    () => uploadJob(id),
    (j) => j.status !== 'running' && j.status !== 'queued',
  );
}

type RequestRow = { id: number; number: number; sourceId: string; sentAt: string | null; payer: { emails: string[] } };

async function allRequests(): Promise<RequestRow[]> {
  const rows: RequestRow[] = [];
  for (let page = 1; ; page++) {
    const { body } = await api<{ items: RequestRow[] }>('GET', `/api/v1/payment/pr?kind=participant_bjk&pageSize=500&page=${page}`);
    rows.push(...body.items);
    if (body.items.length < 500) return rows;
  }
}

/** The new process shows the killed job as interrupted (on PostgreSQL once its heartbeat is 30 s old), then resumes it. */
async function resumeInterrupted(id: string): Promise<PaymentJob> {
  const listed = await until(
    'the killed job is listed interrupted',
    async () => (await api<InterruptedJob[]>('GET', '/api/v1/jobs/interrupted')).body,
    (jobs) => jobs.some((j) => j.id === id),
  );
  expect(listed.filter((j) => j.id === id)).toMatchObject([{ kind: 'payments' }]);
  expect((await job(id)).state).toBe('interrupted');
  expect((await api('POST', `/api/v1/jobs/payments/${id}/resume`)).status).toBe(202);
  // Resumed once: a second resume is refused.
  expect((await api<{ code: string }>('POST', `/api/v1/jobs/payments/${id}/resume`)).body.code).toBe('platform.job_not_interrupted');
  return until(
    `job ${id} finishes`,
    () => job(id),
    (j) => j.state !== 'running',
  );
}

/** The pid of the cluster's running postmaster (its lock file), or undefined. */
async function postmasterPid(): Promise<number | undefined> {
  const text = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => undefined);
  return text ? Number.parseInt(text.split('\n')[0]!, 10) : undefined;
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  await mkdir(path.join(repoRoot, '.tmp'), { recursive: true });
  dataDir = await mkdtemp(path.join(repoRoot, '.tmp', 'crash-'));
  // mkdtemp makes it 0700; run as root, PostgreSQL's OS user must enter it.
  await chmod(dataDir, 0o755);
  // The data the jobs bill: the edition, the admin, and COUNT enabled youth participants with a parent's address.
  const config = loadConfig({ ...process.env, ...environment(0) });
  const database = await openConfiguredDatabase(config);
  try {
    await prepareDatabase(database, config, () => undefined);
    const { code } = await getCurrentEdition(database.db);
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      editionCode: code,
      kind: 'bjk' as const,
      playerKey: `crash-${i}`,
      firstName: 'Kim',
      lastName: `Crash${String(i).padStart(4, '0')}`,
      birthYear: 2014,
      category: 'U14',
      parentEmail: `parent.${i}@example.test`,
    }));
    for (let i = 0; i < rows.length; i += 400) await database.db.insert(participants).values(rows.slice(i, i + 400));
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  if (server) await stopServer('SIGKILL');
  // Whatever PostgreSQL the killed processes left running is found and stopped.
  if (dataDir) await (await startEmbeddedPostgres(dataDir)).stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('bulk jobs of a server killed mid-job', () => {
  it('are shown interrupted by the next process, resume, and do nothing twice: one request per participant, one mail per request, one game per game uploaded', async () => {
    // 1. Creating a request for every participant; killed after some batches committed.
    await startServer();
    const postgres = await postmasterPid();
    expect(postgres).toBeDefined();
    const create = await killWhileRunning('/api/v1/payment/participant_bjk_pr');
    // Node alone was killed: its PostgreSQL still runs, and the next process reuses it.
    expect(running(postgres!)).toBe(true);
    await startServer();
    expect(await postmasterPid()).toBe(postgres);
    const before = await allRequests();
    expect(before.length).toBeGreaterThanOrEqual(create.done);
    expect(before.length).toBeLessThan(COUNT);
    // The progress is written in each batch's transaction: the stopped job counts exactly what it committed.
    expect((await job(create.id)).done).toBe(before.length);
    const created = await resumeInterrupted(create.id);
    expect(created).toMatchObject({ state: 'done', failed: 0, done: COUNT, total: COUNT });
    const after = await allRequests();
    expect(after).toHaveLength(COUNT);
    expect(new Set(after.map((r) => r.sourceId)).size).toBe(COUNT);
    expect(new Set(after.map((r) => r.number)).size).toBe(COUNT);
    // What the killed run made is kept as it was (same row, same number).
    const kept = new Map(after.map((r) => [r.id, r.number]));
    for (const r of before) expect(kept.get(r.id)).toBe(r.number);

    // 2. E-mailing every request; killed after some batches were queued.
    const send = await killWhileRunning('/api/v1/payment/email_pr');
    await startServer();
    const sentBefore = (await allRequests()).filter((r) => r.sentAt !== null);
    expect(sentBefore.length).toBeGreaterThanOrEqual(send.done);
    expect(sentBefore.length).toBeLessThan(COUNT);
    expect((await job(send.id)).done).toBe(sentBefore.length);
    const sent = await resumeInterrupted(send.id);
    expect(sent).toMatchObject({ state: 'done', failed: 0, done: COUNT, total: COUNT });
    const final = await allRequests();
    expect(final.filter((r) => r.sentAt === null)).toEqual([]);
    const sentAt = new Map(final.map((r) => [r.id, r.sentAt]));
    for (const r of sentBefore) expect(sentAt.get(r.id)).toBe(r.sentAt);

    // The outbox holds exactly one mail per request: one to each participant's parent.
    const recipients: string[] = [];
    for (let page = 1; ; page++) {
      const { body } = await api<{ items: { to: string[]; kind: string }[] }>('GET', `/api/v1/mail/outbox?pageSize=200&page=${page}`);
      for (const mail of body.items) recipients.push(...mail.to);
      if (body.items.length < 200) break;
    }
    expect(recipients).toHaveLength(COUNT);
    expect(new Set(recipients)).toEqual(new Set(Array.from({ length: COUNT }, (_, i) => `parent.${i}@example.test`)));
    // 3. A manager's PGN upload; killed while its job stores the games.
    const upload = await killWhileUploading();
    await startServer();
    const resumedUpload = await resumeInterruptedUpload(upload.id);
    expect(resumedUpload).toMatchObject({ status: 'done', stored: UPLOAD_GAMES, storable: UPLOAD_GAMES });
    // Every game once: those the killed run stored are found again, not added twice. They count as added up to the
    // last progress the killed run wrote; the few it stored after that are found unchanged.
    const report = resumedUpload.report!;
    expect(report.added + report.unchanged).toBe(UPLOAD_GAMES);
    expect(report.added).toBeGreaterThanOrEqual(upload.stored);
    expect(report.unchanged).toBeLessThan(100); // the job writes its progress every 100 games stored
    const sources = (await api<{ category: string; gameCount: number }[]>('GET', '/api/v1/games/sources')).body;
    expect(sources.find((s) => s.category === 'U12')?.gameCount).toBe(UPLOAD_GAMES);

    // A SIGTERM stops the site, then its PostgreSQL (which had been found orphaned).
    await stopServer('SIGTERM');
    expect(await postmasterPid()).toBeUndefined();
  }, 600_000);
});
