import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { knownAuditActions } from '../src/contract/audit';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === '__tests__' ? [] : sources(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

it('a reviewer can pick every action the portal writes to the audit log in its action filter', () => {
  const written = new Set<string>();
  for (const file of sources('src/server')) {
    for (const match of readFileSync(file, 'utf8').matchAll(/action: '([a-z]+_[a-z_]+)'/g)) {
      written.add(match[1]);
    }
  }
  expect(written.size).toBeGreaterThan(8);
  expect([...written].filter((a) => !(knownAuditActions as string[]).includes(a))).toEqual([]);
});
