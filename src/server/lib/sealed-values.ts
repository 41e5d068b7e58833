import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { KEY_FILE } from '../store/data-folder-files';

/**
 * Values the store keeps that would let someone act as a person or reach their money if the
 * database or a backup leaked: a second factor's TOTP secret (the enrolled one and the one being
 * enrolled) and the bank details of a disbursement held for a second person's approval. They are
 * sealed with AES-256-GCM under the portal's data key; the purpose is bound in as additional
 * data, so a sealed value moved to another column does not open.
 */
export type SealedPurpose = 'totp_secret' | 'pending_totp_secret' | 'approval_request';

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class Sealer {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The data key must be 32 bytes');
  }

  seal(purpose: SealedPurpose, plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /**
   * The plaintext of a sealed value. A value stored before sealing was introduced has no prefix
   * and is returned as it is; it is sealed the next time it is written.
   */
  open(purpose: SealedPurpose, stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      // Never the value, never the key: only that it does not open with this key.
      throw new Error(
        `A sealed ${purpose.replaceAll('_', ' ')} does not open with this data key (was DATA_ENCRYPTION_KEY or the key file changed?)`,
      );
    }
  }
}

/**
 * The data key: DATA_ENCRYPTION_KEY when set; otherwise a key file in the data folder, made at
 * the first start (readable by this user only), so a single instance needs no setting.
 */
export function dataKeyFor(config: { dataKey: Buffer | null; dataDir: string }): Buffer {
  if (config.dataKey) return config.dataKey;
  const file = path.join(config.dataDir, KEY_FILE);
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  // `wx`: two first starts at once never overwrite each other's key; the loser reads the winner's.
  try {
    writeFileSync(file, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    return key;
  } catch {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  }
}
