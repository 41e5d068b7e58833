import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { KEY_FILE, LOCK_FILE, SPOOL_FILE } from './data-folder-files';

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
  refuseForeignFolder(dir);
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

/**
 * What only a folder of the portal's holds at its top: PGlite's database (its PG_VERSION), the
 * folder lock, the outcome spool or the data key file (store/folder-lock.ts, app.ts,
 * lib/sealed-values.ts). Any one of them, written by a start before, marks the folder as ours.
 */
const PORTAL_MARKS = [
  'PG_VERSION',
  LOCK_FILE,
  SPOOL_FILE,
  // The spool rewritten whole is written here first (store/spool.ts).
  `${SPOOL_FILE}.tmp`,
  KEY_FILE,
];

/**
 * Refuses a data folder that holds files and none of the portal's: DATA_DIR set to a home or a
 * shared folder would otherwise have every file below it made 0600 (scripts losing their
 * execute bit, others locked out of what is theirs). A missing or empty folder is the portal's
 * to take.
 */
function refuseForeignFolder(dir: string): void {
  if (!existsSync(dir)) return;
  const entries = readdirSync(dir);
  if (entries.length === 0 || PORTAL_MARKS.some((mark) => entries.includes(mark))) return;
  throw new Error(
    `the data folder ${path.resolve(dir)} (DATA_DIR) holds files that are not the portal's (${entries.length} of them, none of its own). The portal makes its data folder and every file in it this user's only, so it takes a folder of its own: name a new or empty one in DATA_DIR.`,
  );
}
