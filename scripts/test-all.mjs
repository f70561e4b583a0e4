#!/usr/bin/env node
// `npm test`: every check and test of the project, in order, then one line "N passed, N failed".
// Stages: typecheck, lint, unit + API tests (vitest, once, on PostgreSQL: TEST_DATABASE_URL's server, else an
// embedded one started for the run), web build, e2e (Playwright with Debian's Chromium against the real server on a
// free port, on a fresh database of its own on TEST_DATABASE_URL's server, else on its embedded PostgreSQL).
// Usage: node scripts/test-all.mjs [--only stage[,stage]] [--skip stage[,stage]]
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const args = process.argv.slice(2);
const listArg = (flag) => {
  const i = args.indexOf(flag);
  return i >= 0 && args[i + 1] ? args[i + 1].split(',') : null;
};
const only = listArg('--only');
const skip = listArg('--skip') ?? [];
const wanted = (stage) => (!only || only.includes(stage)) && !skip.includes(stage);

mkdirSync('.tmp', { recursive: true });

function run(command, env = {}) {
  console.log(`\n$ ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * A fresh database beside the one `serverUrl` names (same server), for one stage; null when it cannot be made (the
 * stage then runs on its default). `drop()` removes it, connections and all.
 */
async function scratchDatabase(serverUrl, purpose) {
  const { default: pg } = await import('pg');
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const name = `bjk_${purpose}_${Date.now()}_${process.pid}`;
  const query = async (text) => {
    const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end().catch(() => {});
    }
  };
  try {
    await query(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.error(`no scratch database for ${purpose} (${error.message})`);
    return null;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  console.log(`${purpose} runs on PostgreSQL: ${url}`);
  return { url: url.toString(), drop: () => query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {}) };
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
function record(stage, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(`${stage.padEnd(10)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

// Checks count as one test each: a type error or lint error fails the run like a failing test.
for (const [stage, command] of [
  ['typecheck', 'npm run typecheck --silent'],
  ['lint', 'npm run lint --silent'],
]) {
  if (!wanted(stage)) continue;
  const ok = run(command);
  record(stage, ok ? 1 : 0, ok ? 0 : 1);
}

if (wanted('unit')) {
  const report = '.tmp/vitest-results.json';
  rmSync(report, { force: true });
  const ok = run(`npx vitest run --reporter=default --reporter=json --outputFile.json=${report}`, { NO_COLOR: '1' });
  const json = readJson(report);
  if (json) record('unit+api', json.numPassedTests, json.numFailedTests + (ok || json.numFailedTests ? 0 : 1), json.numPendingTests + json.numTodoTests);
  else record('unit+api', 0, 1);
}

if (wanted('e2e')) {
  const built = run('npm run build --silent');
  if (!built) record('build', 0, 1);
  else {
    const report = '.tmp/e2e-results.json';
    rmSync(report, { force: true });
    const port = await freePort();
    // In the clone, not /tmp: as root the embedded PostgreSQL runs as the OS user postgres, who must enter it.
    mkdirSync('.tmp', { recursive: true });
    const dataDir = mkdtempSync(path.join(path.resolve('.tmp'), 'e2e-'));
    chmodSync(dataDir, 0o755);
    const [smtpPort, mailPort, oidcPort] = [await freePort(), await freePort(), await freePort()];
    // With a PostgreSQL server for the tests, the e2e server gets a fresh database of its own on it.
    const database = process.env.TEST_DATABASE_URL ? await scratchDatabase(process.env.TEST_DATABASE_URL, 'e2e') : null;
    const ok = run('npx playwright test', {
      E2E_PORT: String(port),
      E2E_SMTP_PORT: String(smtpPort),
      E2E_MAIL_PORT: String(mailPort),
      E2E_OIDC_PORT: String(oidcPort),
      E2E_DATA_DIR: dataDir,
      ...(database ? { E2E_DATABASE_URL: database.url } : {}),
    });
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    const json = readJson(report);
    if (json?.stats) {
      const { expected, unexpected, flaky, skipped } = json.stats;
      record('e2e', expected + flaky, unexpected + (ok || unexpected ? 0 : 1), skipped);
    } else record('e2e', 0, 1);
  }
}

console.log('\nSummary');
for (const line of lines) console.log(`  ${line}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || lines.length === 0 ? 1 : 0);
