/**
 * The files the portal keeps at the top of its data folder (DATA_DIR) beside PGlite's database,
 * named once: their owners write them, and private-folder.ts knows the folder for the portal's
 * by them.
 */

/** The folder lock: one process per data folder (folder-lock.ts). */
export const LOCK_FILE = 'portal.lock';

/** The outcome spool, unless the app is given another file (spool.ts, app.ts). */
export const SPOOL_FILE = 'outcome-spool.ndjson';

/** The data key, made at the first start when DATA_ENCRYPTION_KEY is not set (lib/sealed-values.ts). */
export const KEY_FILE = 'data-encryption.key';
