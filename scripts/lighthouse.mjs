// Lighthouse (mobile) on every public page of the built app: `npm run lighthouse`
// after `npm run build`. It builds nothing itself: it starts the built server on a free port with a
// fresh data directory (as playwright.config.ts's webServer does), runs Lighthouse through its Node
// API against Debian's Chromium, prints the category scores and the key metrics, and stops the server.
// A measurement, not a test: scores depend on the machine, so it is not part of `npm test`.
//
//   npm run lighthouse                    # every page of PUBLIC_PAGES
//   npm run lighthouse -- / /rules        # other paths
//   LIGHTHOUSE_JSON=.tmp/lh npm run lighthouse   # also writes the full JSON reports there
//   LIGHTHOUSE_RUNS=5 npm run lighthouse          # runs per page (default 3); the median run is reported
//
// Lighthouse measures the page's CPU work on this machine and scales it by its 4x slowdown, so a busy
// machine inflates Total Blocking Time: several runs and their median (as Lighthouse's own docs advise)
// give a steadier figure; every run's performance score and the machine's benchmark index are shown.
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import chromiumSetup from './chromium.json' with { type: 'json' };

const CHROME_PATH = process.env.CHROMIUM_PATH ?? chromiumSetup.path;
const CHROME_FLAGS = chromiumSetup.flags;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

// Every public page a visitor can open (targets: performance ≥ 95, accessibility and best practices 100,
// CLS < 0.05). A new public page joins with one line. The payment page is shown for a link that names no
// request (a real one needs a manager's payment request).
const PUBLIC_PAGES = [
  '/',
  '/stay',
  '/rules',
  '/schedule',
  '/news',
  '/files',
  '/participants_bjk',
  '/registration_bjk',
  '/rsv26wizard',
  '/payment/no-such-payment-link-000000',
  '/results',
  '/trn_u12',
  '/games',
];
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : PUBLIC_PAGES;
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode}) before it was ready`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

function startServer(port, dataDir, webDist) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return server;
}

function stopServer(server) {
  return new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

async function measure(url, port) {
  // Lighthouse's default settings are the mobile form factor (Moto G Power, slow 4G, 4x CPU slowdown).
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, formFactor: 'mobile' });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(METRICS.map(([id, short]) => [short, lhr.audits[id]?.displayValue ?? '?']));
  const accessibilityFailures = lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  const bestPracticeFailures = lhr.categories['best-practices'].auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
  return { scores, metrics, cls, accessibilityFailures, bestPracticeFailures, benchmarkIndex: Math.round(lhr.environment.benchmarkIndex), lhr };
}

// On a busy machine Chromium's trace of a load now and then lacks the page's navigationStart (Lighthouse's
// NO_NAVSTART, "please run Lighthouse again"): a different page each time, none of them navigating during its load
// (the app does no redirect, reload or history change on a first visit). Such a run is run again, at most twice.
const RETRIED_ERRORS = ['NO_NAVSTART'];
let retries = 0;
async function measureWithRetry(url, port) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, port);
    } catch (error) {
      if (attempt >= 3 || !RETRIED_ERRORS.some((code) => error.message.includes(code))) throw error;
      retries += 1;
      console.error(`${url}: ${error.message.split(' ')[1]}, measured again`);
    }
  }
}

if (!existsSync('apps/web/dist/index.html')) {
  console.error('No built web app in apps/web/dist: run `npm run build` first.');
  process.exit(1);
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bjk-lighthouse-'));
// mkdtemp makes it 0700: run as root, the embedded PostgreSQL's OS user `postgres` must be let through to its data.
chmodSync(dataDir, 0o755);
const baseUrl = `http://127.0.0.1:${port}`;
// The build as it is now, copied: an `npm run build` during the measurement replaces apps/web/dist (new chunk names,
// the old ones deleted) under a server that read the old index.html, and the page's failed chunk makes the app
// reload itself mid-load (shared/version-check.ts), which Lighthouse reports as NO_NAVSTART or NO_FCP.
const webDist = path.join(dataDir, 'web');
cpSync('apps/web/dist', webDist, { recursive: true });
const server = startServer(port, path.join(dataDir, 'data'), webDist);
let chrome;
const results = [];
const failures = [];
try {
  await waitForHealth(`${baseUrl}/api/health`, server);
  chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  // One unmeasured visit first: the server's first answers include one-off work (database warm-up).
  await fetch(`${baseUrl}/`);
  for (const pagePath of paths) {
    const measured = [];
    try {
      for (let run = 0; run < runs; run++) measured.push(await measureWithRetry(`${baseUrl}${pagePath}`, chrome.port));
    } catch (error) {
      // One page that cannot load must not hide the others' figures.
      failures.push(`${pagePath}: ${error.message}`);
      continue;
    }
    // The median run by performance score: its metrics and audits are the ones reported.
    const sorted = [...measured].sort((a, b) => a.scores.performance - b.scores.performance);
    const median = sorted[Math.floor(sorted.length / 2)];
    results.push({ path: pagePath, ...median, runs: measured.map((m) => `${m.scores.performance} (bi ${m.benchmarkIndex})`) });
    if (process.env.LIGHTHOUSE_JSON) {
      mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
      const file = path.join(process.env.LIGHTHOUSE_JSON, `${pagePath.replace(/[^a-z0-9]+/gi, '_') || 'home'}.json`);
      writeFileSync(file, JSON.stringify(median.lhr, null, 1));
    }
  }
} finally {
  await chrome?.kill();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

// One line per page, then what fails its targets.
const cell = (text, width) => String(text).padEnd(width);
console.log(
  `${cell('page', 38)}${cell('perf', 6)}${cell('a11y', 6)}${cell('bp', 5)}${cell('seo', 5)}${cell('FCP', 8)}${cell('LCP', 8)}${cell('TBT', 9)}${cell('CLS', 7)}runs (perf, benchmark index)`,
);
for (const r of results) {
  const m = r.metrics;
  console.log(
    `${cell(r.path, 38)}${cell(r.scores.performance, 6)}${cell(r.scores.accessibility, 6)}${cell(r.scores['best-practices'], 5)}${cell(r.scores.seo, 5)}` +
      `${cell(m.FCP, 8)}${cell(m.LCP, 8)}${cell(m.TBT, 9)}${cell(m.CLS, 7)}${r.runs.join(', ')}`,
  );
}
for (const r of results) {
  const misses = [];
  if (r.scores.performance < 95) misses.push(`performance ${r.scores.performance}`);
  if (r.scores.accessibility < 100) misses.push(`accessibility ${r.scores.accessibility} (${r.accessibilityFailures.join(', ')})`);
  if (r.scores['best-practices'] < 100) misses.push(`best practices ${r.scores['best-practices']} (${r.bestPracticeFailures.join(', ')})`);
  if (r.cls >= 0.05) misses.push(`CLS ${r.cls.toFixed(3)}`);
  if (misses.length > 0) console.log(`${r.path} misses: ${misses.join('; ')}`);
}
if (retries > 0) console.log(`${retries} run(s) measured again after ${RETRIED_ERRORS.join('/')}`);
for (const failure of failures) console.log(`could not measure ${failure}`);
if (failures.length > 0) process.exitCode = 1;
