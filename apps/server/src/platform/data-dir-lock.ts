import { open, readFile, unlink } from 'node:fs/promises';

/** Another live process (or this one) has the embedded database directory open. */
export class DataDirInUse extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${lockFile.replace(/\.lock$/, '')} is in use by process ${pid} (a running server?). ` +
        `Two processes must never open one PGlite directory: stop that process first, or use the back office of the running ` +
        `server. If no such process runs, delete ${lockFile}.`,
    );
    this.name = 'DataDirInUse';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock files this process holds: a file naming our pid that is not among them was left by an earlier
 *  process that had the same pid (a container restarted: the server is pid 1 again). */
const held = new Set<string>();

/**
 * Takes `<dataDir>.lock` for this process: PGlite is one process's database, and a second process opening the same
 * directory (e.g. `npm run manager` beside the server) writes where the first never reads. A lock left by a process
 * that died is taken over. Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      held.add(lockFile);
      return async () => {
        held.delete(lockFile);
        const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
        if (holder === process.pid) await unlink(lockFile).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      const ours = holder === process.pid;
      if ((ours && held.has(lockFile)) || (!ours && Number.isInteger(holder) && holder > 0 && isAlive(holder))) {
        throw new DataDirInUse(lockFile, holder);
      }
      await unlink(lockFile).catch(() => undefined);
    }
  }
  throw new DataDirInUse(lockFile, 0);
}
