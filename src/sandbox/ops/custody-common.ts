/** Shared rules of the custody operations (§2.9, §4.3-4.5, §4.15). */
import type { SandboxContext } from '../context.js';
import { custodyBadRequest, custodyNotFound } from '../http/errors.js';
import { hash32 } from '../lib/prng.js';
import { formatZoneless } from '../lib/time.js';
import type { FundMove, LetterCase } from '../state/model.js';

/** Account ids look like A1234567 (real-world notes §4.1 createAccount: `^A[0-9]{7,8}$`). */
const ACCOUNT_ID = /^A\d{5,8}$/;
/** Reference numbers are short alphanumeric tokens; longer or odd text is "invalid" (1400). */
export const REFERENCE_NUMBER = /^[A-Za-z0-9]{1,20}$/;

/** 1400 when the id is malformed, 1404 when no such account exists (real-world notes §4.1). */
export function requireCustodyAccountId(
  ctx: SandboxContext,
  accountId: string,
  payloadKey: string,
): void {
  if (!ACCOUNT_ID.test(accountId)) throw custodyBadRequest('account ID', payloadKey);
  if (!ctx.store.state.accounts[accountId])
    throw custodyNotFound('account ID does not exist', payloadKey);
}

/** As above, and the account must hold a custody account. */
export function requireCustodyAccount(
  ctx: SandboxContext,
  accountId: string,
  payloadKey: string,
): void {
  requireCustodyAccountId(ctx, accountId, payloadKey);
  if (!ctx.store.state.custodyAccounts[accountId]) {
    throw custodyNotFound('custody account does not exist', payloadKey);
  }
}

function applyCase(value: string, letterCase: LetterCase): string {
  if (letterCase === 'upper') return value.toUpperCase();
  if (letterCase === 'title') return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

function letterCaseFor(referenceNumber: string): LetterCase {
  return (['lower', 'title', 'upper'] as const)[hash32(`case:${referenceNumber}`) % 3];
}

/** What the operation that moves the money says about it; the rest of a new move is fixed. */
type FundMoveDetails = Pick<
  FundMove,
  | 'accountId'
  | 'bankName'
  | 'amount'
  | 'accountNumber'
  | 'routingNumber'
  | 'accountName'
  | 'description'
>;

/**
 * Stores a new fund move, pending approval by the daily batch (§3, §8), under `referenceNumber`
 * (from `state.counters.fundMove`), and tells the lifecycle and the store.
 */
export function recordPendingFundMove(
  ctx: SandboxContext,
  referenceNumber: string,
  now: number,
  details: FundMoveDetails,
): FundMove {
  const move: FundMove = {
    referenceNumber,
    ...details,
    approvalStatus: 'pending',
    status: 'pending',
    routingNumberStatus: 'Verified',
    errors: '',
    createdAt: now,
    updatedAt: now,
    approvedAt: null,
    letterCase: letterCaseFor(referenceNumber),
  };
  ctx.store.state.fundMoves[referenceNumber] = move;
  ctx.lifecycle.invalidate();
  ctx.store.changed();
  return move;
}

/** §2.9 `custodyTransaction`: all strings; status values in the record's own letter case (§3). */
export function renderFundMove(move: FundMove): Record<string, string | null> {
  return {
    accountId: move.accountId,
    bankName: move.bankName,
    amount: move.amount,
    accountNumber: move.accountNumber,
    routingNumber: move.routingNumber,
    accountName: move.accountName,
    referenceNumber: move.referenceNumber,
    description: move.description,
    approvalStatus: applyCase(move.approvalStatus, move.letterCase),
    status: applyCase(move.status, move.letterCase),
    routingNumberStatus: move.routingNumberStatus,
    errors: move.errors,
    createdDate: formatZoneless(move.createdAt),
    updatedDate: formatZoneless(move.updatedAt),
  };
}
