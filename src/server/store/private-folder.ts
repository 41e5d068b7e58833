import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes a data folder this user's only: the folder (created when missing) and every folder in it
 * 0700, every file 0600. The portal's data folder holds the users and their password hashes, the
 * sessions, the audit log, the outcome spool and the data key file; PGlite's template, copied in
 * with its modes, would leave them 0666 in 0755 folders, for any local user to read or overwrite.
 * PostgreSQL itself refuses a data folder open to its group or others.
 *
 * Run when the portal creates or opens the folder, and again once the store is open: files
 * PGlite makes later (some with the process's umask) sit in a folder no one else can enter.
 * Links are left alone (a link's target is not the folder's), and an entry that goes away
 * meanwhile is no concern.
 */
export function makePrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // The folder first: from here on no one else reaches what is in it, however it is set.
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isDirectory() && !entry.isFile()) continue;
    try {
      chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
