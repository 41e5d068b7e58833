import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The log scan must find what it looks for, and pass ordinary log lines. */
function scan(lines: object[]) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'scan-')), 'portal.log');
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
  return spawnSync('node', ['scripts/scan-logs.mjs', file], { encoding: 'utf8' });
}

const ordinary = {
  level: 30,
  time: 1795280090393,
  pid: 1,
  reqId: '1470b421-e48e-4d40-8531-83bddbb5e9a5',
  req: { method: 'GET', url: '/api/accounts/A1040000/fund-moves/CFM70000002' },
  msg: 'incoming request',
};

describe('scripts/scan-logs.mjs', () => {
  it('passes ordinary request lines with ids, times and request ids', () => {
    expect(scan([ordinary]).status).toBe(0);
  });

  it.each([
    ['the sandbox API key', { msg: 'calling with sandbox-key-full-access' }],
    ['the demo password', { body: { password: 'demo-password-2026' } }],
    ['a full SSN', { record: { ssn: '123-45-6789' } }],
    ['a routing number', { bankId: '021000021' }],
    ['a bank account number', { note: 'account 123456789012' }],
    ['an IBAN', { bankAccountId: 'GB82WEST12345698765432' }],
    ['a session token', { cookie: 'x'.repeat(43) }],
  ])('fails on %s', (_, leak) => {
    const result = scan([ordinary, leak]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/finding/);
  });
});
