import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configVariables } from '../src/server/config';

const readme = readFileSync('README.md', 'utf8');
const envExample = readFileSync('.env.example', 'utf8');

describe('a newcomer reads the README', () => {
  it('finds no link or path leading outside the repository', () => {
    const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links.filter((link) => link.startsWith('..'))).toEqual([]);
    expect(readme).not.toMatch(/\(see `\.\.\//);
    expect(readme).not.toMatch(/`\.\.\//);
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

describe('an operator configures the portal', () => {
  // The users command reads the password of a new user from it (src/server/cli/users.ts).
  const variables = [...configVariables, 'PORTAL_PASSWORD'];

  it('finds every variable the configuration reads in the README', () => {
    expect(variables.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('finds every variable of the configuration in .env.example, and none that nothing reads', () => {
    const listed = [...envExample.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(configVariables.filter((name) => !listed.includes(name))).toEqual([]);
    // The bundled sandbox's own settings (src/sandbox/config.ts) are the only others.
    expect(
      listed.filter((name) => !configVariables.includes(name) && !name.startsWith('SANDBOX_')),
    ).toEqual([]);
  });
});
