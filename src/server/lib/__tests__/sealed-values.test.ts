import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { Sealer, dataKeyFor } from '../sealed-values';

const root = mkdtempSync(path.join(tmpdir(), 'portal-sealed-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('secrets the store keeps are sealed', () => {
  it('opens what it sealed; the stored form holds no trace of the value and differs each time', () => {
    const sealer = new Sealer(Buffer.alloc(32, 7));
    const once = sealer.seal('totp_secret', secret);
    const twice = sealer.seal('totp_secret', secret);
    expect(once).toMatch(/^sealed:v1:[A-Za-z0-9_-]+$/);
    expect(once).not.toContain(secret);
    expect(once).not.toBe(twice);
    expect(sealer.open('totp_secret', once)).toBe(secret);
  });

  it('does not open under another key or for another purpose, and the error names neither', () => {
    const sealed = new Sealer(Buffer.alloc(32, 7)).seal(
      'approval_request',
      '{"bankAccountId":"9"}',
    );
    const other = new Sealer(Buffer.alloc(32, 8));
    expect(() => other.open('approval_request', sealed)).toThrow(
      'A sealed approval request does not open with this data key',
    );
    expect(() => new Sealer(Buffer.alloc(32, 7)).open('totp_secret', sealed)).toThrow(
      /does not open/,
    );
  });

  it('reads a value stored before sealing as it is', () => {
    expect(new Sealer(Buffer.alloc(32, 7)).open('totp_secret', secret)).toBe(secret);
  });

  it('takes DATA_ENCRYPTION_KEY as base64 or hex', () => {
    const base64 = loadConfig({ DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') });
    const hex = loadConfig({ DATA_ENCRYPTION_KEY: '01'.repeat(32) });
    expect(base64.dataKey).toEqual(Buffer.alloc(32, 1));
    expect(hex.dataKey).toEqual(Buffer.alloc(32, 1));
    expect(dataKeyFor({ dataKey: hex.dataKey, dataDir: root })).toEqual(Buffer.alloc(32, 1));
  });

  it('without it, keeps one key file in the data folder, readable by its owner only', () => {
    const dataDir = path.join(root, 'portal');
    const first = dataKeyFor({ dataKey: null, dataDir });
    const again = dataKeyFor({ dataKey: null, dataDir });
    expect(first).toHaveLength(32);
    expect(again).toEqual(first);
    expect(statSync(path.join(dataDir, 'data-encryption.key')).mode & 0o777).toBe(0o600);
    // A value sealed before a restart opens after it.
    const sealed = new Sealer(first).seal('totp_secret', secret);
    expect(new Sealer(again).open('totp_secret', sealed)).toBe(secret);
  });
});
