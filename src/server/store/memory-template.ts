import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { migrations } from './migrations';
import { makePrivate } from './private-folder';

/**
 * New PGlite stores (in memory for tests and benchmarks, or a data folder that holds no database
 * yet) start from a migrated template rather than running initdb and every migration again:
 * PGlite's initdb alone takes seconds on a 2-core machine, the test suite opens dozens of stores,
 * and a first `npm start` should be ready in a few seconds. The template is a dump of a freshly
 * migrated data folder, kept for the process and in `node_modules/.cache`, keyed by the
 * migrations' source and the PGlite version, so a changed migration or upgrade builds a new one.
 * An existing data folder is opened as it is, and PostgreSQL servers never use it.
 */
const CACHE_DIR = path.join('node_modules', '.cache', 'transact-portal');

let inProcess: Promise<Blob> | null = null;

function templateKey(): string {
  const hash = createHash('sha256');
  // The package does not export its package.json: read it beside its entry (dist/index.js).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(entry), '..', 'package.json')));
  for (const [name, migration] of Object.entries(migrations).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    hash.update(name);
    hash.update(String(migration.up));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated template, built with `build` (a fresh PGlite, migrated) the first time.
 * Reading or writing the cache folder may fail (read-only install): the template is then kept
 * for this process only.
 */
export function memoryTemplate(build: () => Promise<PGlite>): Promise<Blob> {
  inProcess ??= (async () => {
    const file = path.join(CACHE_DIR, `pglite-template-${templateKey()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // Not built yet.
    }
    const pglite = await build();
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    try {
      mkdirSync(CACHE_DIR, { recursive: true });
      // Written whole, then renamed: a parallel test worker never reads half a template.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } catch {
      // Kept for this process only.
    }
    return dump;
  })();
  return inProcess;
}

let folderInProcess: Promise<string | null> | null = null;

/**
 * The migrated template as a closed data folder in the cache, for new data folders: copying it
 * takes a tenth of a second where loading the dump into a folder on disk took more than a second
 * (PGlite writes the dump through its virtual file system). Null when the cache cannot be written
 * (read-only install): the caller loads the dump instead.
 */
export function templateFolder(dump: () => Promise<Blob>): Promise<string | null> {
  folderInProcess ??= (async () => {
    const folder = path.resolve(CACHE_DIR, `pglite-template-${templateKey()}`);
    if (existsSync(path.join(folder, 'PG_VERSION'))) return folder;
    const partial = `${folder}.${process.pid}.partial`;
    try {
      const { PGlite } = await import('@electric-sql/pglite');
      const pglite = new PGlite(partial, { loadDataDir: await dump() });
      await pglite.close();
      // Every new data folder is a copy of this one, modes included: no one else may change it
      // (nor the stores copied from it: private-folder.ts).
      makePrivate(partial);
      // Renamed whole: a start in parallel never copies half a folder.
      renameSync(partial, folder);
      return folder;
    } catch {
      rmSync(partial, { recursive: true, force: true });
      // Another process renamed its own first: it was built from the same migrations.
      return existsSync(path.join(folder, 'PG_VERSION')) ? folder : null;
    }
  })();
  return folderInProcess;
}
