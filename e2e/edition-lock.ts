import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The e2e database is shared by every spec and Playwright runs spec files in parallel workers. A test that
 * saves the edition settings (the settings page, the enrolment window moved and put back) would undo
 * another's change or be refused for saving over it: such tests take this lock, one at a time. A file
 * per e2e server (its port), created exclusively, holding the holder's process id (a dead holder's lock is
 * taken over).
 */
const LOCK_FILE = path.join(os.tmpdir(), `bjk-e2e-edition-settings-${process.env.E2E_PORT ?? 3199}.lock`);
const WAIT_MS = 170_000;

function holderIsAlive(): boolean {
  try {
    const pid = Number(readFileSync(LOCK_FILE, 'utf8'));
    if (!pid) return true; // being written this instant
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockEditionSettings(): Promise<() => void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      const fd = openSync(LOCK_FILE, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => unlinkSync(LOCK_FILE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (!holderIsAlive()) {
      try {
        unlinkSync(LOCK_FILE);
      } catch {
        // Another waiter took it over first.
      }
      continue;
    }
    if (Date.now() > deadline) throw new Error(`the edition settings lock ${LOCK_FILE} stayed taken`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
