// PGlite is a single-process database: two processes on one DATA_DIR would corrupt it. The
// server and the admin CLI take this lock; a stale lock (dead pid) is taken over.
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class DataDirBusyError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid}. Stop it first, or use PostgreSQL (DATABASE_URL) to run several processes.`,
    );
    this.name = 'DataDirBusyError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'pglite.lock');
  // O_EXCL: of two processes starting together exactly one creates the file
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return async () => {
        await unlink(file).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (pid && pid !== process.pid && isAlive(pid)) throw new DataDirBusyError(dataDir, pid);
      // stale lock of a dead process (or of this one): remove it and try once more
      await unlink(file).catch(() => {});
    }
  }
  throw new Error(`could not lock ${file}`);
}
