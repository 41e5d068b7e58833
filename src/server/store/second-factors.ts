import { createHash, randomBytes, randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { Sealer } from '../lib/sealed-values';
import type { Db } from './db';

/**
 * Second factors of a user: TOTP (RFC 6238) secrets, passkeys (WebAuthn credentials) and
 * single-use recovery codes. Codes are stored as hashes; a TOTP code is accepted once; TOTP
 * secrets are stored sealed (lib/sealed-values.ts).
 */
type FactorKind = 'totp' | 'passkey';

export interface FactorSummary {
  id: string;
  kind: FactorKind;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface StoredPasskey {
  factorId: string;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

const TOTP_PERIOD = 30;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpFor(secret: string, label = 'portal'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: 'Transact Portal',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The time step a code matches (one step of clock drift either way), or null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

export async function listFactors(db: Db, userId: string): Promise<FactorSummary[]> {
  const rows = await db
    .selectFrom('second_factors')
    .select(['id', 'kind', 'label', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    label: r.label,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}

export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('second_factors')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function addTotp(
  db: Db,
  sealer: Sealer,
  factor: { userId: string; secret: string; label: string; step: number },
) {
  const id = randomUUID();
  await db
    .insertInto('second_factors')
    .values({
      id,
      user_id: factor.userId,
      kind: 'totp',
      label: factor.label,
      totp_secret: sealer.seal('totp_secret', factor.secret),
      last_step: factor.step,
    })
    .execute();
  return id;
}

export async function addPasskey(
  db: Db,
  userId: string,
  passkey: { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] },
  label: string,
) {
  const id = randomUUID();
  await db
    .insertInto('second_factors')
    .values({
      id,
      user_id: userId,
      kind: 'passkey',
      label,
      credential_id: passkey.credentialId,
      public_key: Buffer.from(passkey.publicKey).toString('base64url'),
      counter: passkey.counter,
      transports: passkey.transports.join(','),
    })
    .execute();
  return id;
}

export async function listPasskeys(db: Db, userId: string): Promise<StoredPasskey[]> {
  const rows = await db
    .selectFrom('second_factors')
    .select(['id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'passkey')
    .execute();
  return rows.map((r) => ({
    factorId: r.id,
    credentialId: r.credential_id ?? '',
    publicKey: new Uint8Array(Buffer.from(r.public_key ?? '', 'base64url')),
    counter: Number(r.counter),
    transports: r.transports ? r.transports.split(',').filter(Boolean) : [],
  }));
}

export async function recordPasskeyUse(
  db: Db,
  factorId: string,
  counter: number,
  now = new Date(),
) {
  await db
    .updateTable('second_factors')
    .set({ counter, last_used_at: now })
    .where('id', '=', factorId)
    .execute();
}

/**
 * Checks a TOTP code against every TOTP factor of the user. The accepted step is stored, and
 * only a later step is accepted next time, so an overheard code cannot be replayed.
 */
export async function verifyTotp(
  db: Db,
  sealer: Sealer,
  userId: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .selectFrom('second_factors')
    .select(['id', 'totp_secret', 'last_step'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'totp')
    .execute();
  for (const row of rows) {
    if (!row.totp_secret) continue;
    const step = totpStep(sealer.open('totp_secret', row.totp_secret), code, now.getTime());
    if (step === null) continue;
    const updated = await db
      .updateTable('second_factors')
      .set({ last_step: step, last_used_at: now })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return true;
  }
  return false;
}

async function removeFactor(db: Db, userId: string, factorId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('second_factors')
    .where('id', '=', factorId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows) === 1;
  if (removed && !(await hasSecondFactor(db, userId))) {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  }
  return removed;
}

/**
 * Removes one of a user's factors unless it is their last and `keepOne` says they must have one
 * (their role needs a second factor). The count and the removal are one transaction holding the
 * user's row: two removals sent together, each of another factor, are taken one after the other,
 * so the second sees the first's effect instead of both passing the count and leaving none.
 */
export async function removeFactorKeepingOne(
  db: Db,
  userId: string,
  factorId: string,
  keepOne: boolean,
): Promise<'removed' | 'not_found' | 'last'> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const factors = await listFactors(tx, userId);
    if (!factors.some((f) => f.id === factorId)) return 'not_found';
    if (keepOne && factors.length === 1) return 'last';
    await removeFactor(tx, userId, factorId);
    return 'removed';
  });
}

/** Admin reset: every factor and recovery code of the user goes. */
export async function resetFactors(db: Db, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('second_factors')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  return Number(result.numDeletedRows);
}

const hashCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** Ten new single-use codes replace any previous ones; only their hashes are kept. */
export async function newRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: 10 }, () => {
    const raw = randomBytes(8).toString('hex');
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}-${raw.slice(12)}`;
  });
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashCode(code) })))
    .execute();
  return codes;
}

export async function useRecoveryCode(
  db: Db,
  userId: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function remainingRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
