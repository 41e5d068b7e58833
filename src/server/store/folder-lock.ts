import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { LOCK_FILE } from './data-folder-files';

/** Raised when another live process holds the data folder. */
class FolderLockedError extends Error {}

export interface FolderLock {
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process per data folder: PGlite is an embedded database, and two processes opening the
 * same folder overwrite each other's writes; with PostgreSQL the folder still holds the process's
 * outcome spool (server.ts). `advice` says what to do when another process holds it. The lock is a file created exclusively, holding the
 * pid and host of its owner; a lock whose owner is gone (crash, kill -9) is taken over at once.
 */
export function lockFolder(
  dir: string,
  advice = 'Only one process may open it: stop that process first (then run this again), or use a PostgreSQL server (DATABASE_URL) to share the store.',
): FolderLock {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me = `${process.pid} ${hostname()}`;
  for (let tries = 0; tries < 3; tries += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${me}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === me) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = '';
    try {
      owner = readFileSync(file, 'utf8').trim();
    } catch {
      continue; // released meanwhile
    }
    const [pidText, host] = owner.split(' ');
    const pid = Number(pidText);
    const sameHost = !host || host === hostname();
    if (Number.isInteger(pid) && pid > 0 && sameHost && pid !== process.pid && !alive(pid)) {
      rmSync(file, { force: true }); // its owner is gone: a crash left it behind
      continue;
    }
    throw new FolderLockedError(
      `The data folder ${dir} is in use by another portal process (pid ${pidText}${host && !sameHost ? ` on ${host}` : ''}). ${advice}`,
    );
  }
  throw new FolderLockedError(`The data folder ${dir} could not be locked; try again.`);
}
