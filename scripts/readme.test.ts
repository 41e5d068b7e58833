import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');

describe('a newcomer reads the README', () => {
  it('finds no link or path leading outside the repository', () => {
    const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links.filter((link) => link.startsWith('..'))).toEqual([]);
    expect(readme).not.toMatch(/\(see `\.\.\//);
    expect(readme).not.toMatch(/`\.\.\/shared\/design/);
  });

  it('reads that compliance has the audit log too, not only admin', () => {
    const row = (email: string) => readme.split('\n').find((line) => line.includes(email)) ?? '';
    expect(row('`compliance@demo.test`')).toMatch(/audit log/);
    expect(row('`admin@demo.test`')).not.toMatch(/plus the audit log/);
  });

  it('learns how to reset the demo data', () => {
    expect(readme).toMatch(/## .*[Rr]eset|### Resetting the demo data/);
    expect(readme).toMatch(/__sandbox\/reset/);
  });
});
