import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from './db';
import { migrations } from './migrations';
import { createUser, findUserIdByEmail } from './users';

describe('a PGlite data folder', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'store-folder-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a new folder starts migrated from the template, and what is written survives a reopen', async () => {
    const dataDir = path.join(root, 'portal');
    const first = await openStore({ dataDir });
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    const id = await createUser(first, {
      email: 'kept@example.test',
      name: 'Kept',
      role: 'investor',
      password: '',
    });
    await first.destroy();

    // Reopened as it is: the template is not loaded over an existing database.
    const second = await openStore({ dataDir });
    expect(await findUserIdByEmail(second, 'kept@example.test')).toBe(id);
    await second.destroy();
  });

  it('two new folders start from the same template yet hold their own data', async () => {
    const [a, b] = [path.join(root, 'a'), path.join(root, 'b')];
    const first = await openStore({ dataDir: a });
    await createUser(first, {
      email: 'only-a@example.test',
      name: 'A',
      role: 'investor',
      password: '',
    });
    await first.destroy();

    const second = await openStore({ dataDir: b });
    expect(await findUserIdByEmail(second, 'only-a@example.test')).toBeNull();
    await second.destroy();
  });
});

describe('the migrations', () => {
  it('stand in the order they run: Kysely runs them by name and refuses a store where a new one sorts before one it has run', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    // Each one a number and a name; the two 0002s were both released before this rule was
    // written, and their names sort in the order they were released.
    for (const name of names) expect(name).toMatch(/^\d{4}-[a-z0-9-]+$/);
    const numbers = names.map((name) => name.slice(0, 4));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual(['0002']);
  });
});
