import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir } from './data-dir-lock.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'bjk-lock-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('the embedded database directory', () => {
  it('is opened by one process at a time, and free again once released', async () => {
    const dataDir = path.join(dir, 'pglite');
    const release = await lockDataDir(dataDir);
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirInUse);
    await release();
    const again = await lockDataDir(dataDir);
    await again();
  });

  it('is taken over from a process that died without releasing it', async () => {
    const dataDir = path.join(dir, 'pglite');
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(`${dataDir}.lock`, String(dead));
    const release = await lockDataDir(dataDir);
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('is taken over from an earlier process that had the same pid (a restarted container)', async () => {
    const dataDir = path.join(dir, 'pglite');
    await writeFile(`${dataDir}.lock`, String(process.pid));
    const release = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirInUse);
    await release();
  });

  it('makes `npm run manager` refuse, with a clear message, while the server has the directory open', async () => {
    // This test process plays the running server.
    const release = await lockDataDir(path.join(dir, 'pglite'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/scripts/manager.ts', 'list'], {
        cwd: serverRoot,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`in use by process ${process.pid}`);
      expect(run.stdout).toBe('');
    } finally {
      await release();
    }
  }, 150_000);
});
