/**
 * Fund-move lifecycle driven by the sandbox clock (§3).
 *
 * - Approval: only the daily 4:00 PM Mountain batch decides (§3 "Approval decisions are made only by
 *   this batch"). A decision is a pure function of the reference number, so reruns agree.
 * - Approved moves are sent to the ACH network at once (status submitted); one day later they end
 *   settled, returned (rejected by the receiving bank) or voided (cancelled before settlement).
 * - Declined approvals end with status declined.
 */
import { hash32 } from '../lib/prng.js';
import type { FundMove, SandboxState } from '../state/model.js';
import { DAY_MS, nextBatchAfter } from './batch-schedule.js';

const SETTLEMENT_DELAY_MS = DAY_MS;

function approvalDecision(referenceNumber: string): 'approved' | 'declined' {
  return hash32(`approval:${referenceNumber}`) % 10 === 0 ? 'declined' : 'approved';
}

function settlementOutcome(referenceNumber: string): 'settled' | 'returned' | 'voided' {
  const roll = hash32(`settlement:${referenceNumber}`) % 20;
  if (roll < 2) return 'returned';
  if (roll === 2) return 'voided';
  return 'settled';
}

/** Decides every pending approval created at or before `at`. Returns how many were decided. */
function runApprovalBatch(state: SandboxState, at: number): number {
  let decided = 0;
  for (const move of Object.values(state.fundMoves)) {
    if (move.approvalStatus !== 'pending' || move.createdAt > at) continue;
    decided++;
    move.updatedAt = at;
    if (approvalDecision(move.referenceNumber) === 'declined') {
      move.approvalStatus = 'declined';
      move.status = 'declined';
      move.errors = 'Declined by review';
    } else {
      move.approvalStatus = 'approved';
      move.status = 'submitted';
      move.approvedAt = at;
    }
  }
  return decided;
}

function settleDue(state: SandboxState, upTo: number): number {
  let settled = 0;
  for (const move of Object.values(state.fundMoves)) {
    if (move.status !== 'submitted' || move.approvedAt === null) continue;
    const due = move.approvedAt + SETTLEMENT_DELAY_MS;
    if (due > upTo) continue;
    finishSettlement(move, due);
    settled++;
  }
  return settled;
}

function finishSettlement(move: FundMove, at: number): void {
  const outcome = settlementOutcome(move.referenceNumber);
  move.status = outcome;
  move.updatedAt = at;
  if (outcome === 'returned') move.errors = 'R01 Insufficient funds';
}

/**
 * Applies every batch and settlement due between the last processed instant and `now`. Cheap when
 * nothing is due, so it runs before every upstream call.
 */
export class Lifecycle {
  private nextDue = -Infinity;

  constructor(private readonly getState: () => SandboxState) {}

  /** Forget the cached due time (after a reset, a clock change or a new fund move). */
  invalidate(): void {
    this.nextDue = -Infinity;
  }

  tick(now: number): boolean {
    if (now < this.nextDue) return false;
    const state = this.getState();
    let changed = 0;
    if (now > state.lifecycleAt) {
      for (
        let batch = nextBatchAfter(state.lifecycleAt);
        batch <= now;
        batch = nextBatchAfter(batch)
      ) {
        changed += settleDue(state, batch);
        changed += runApprovalBatch(state, batch);
      }
      changed += settleDue(state, now);
      state.lifecycleAt = now;
    }
    this.nextDue = this.computeNextDue(state, now);
    return changed > 0;
  }

  /** POST /__sandbox/batch/run: the batch, now, regardless of the time of day. */
  runNow(now: number): number {
    this.tick(now);
    const state = this.getState();
    const decided = runApprovalBatch(state, now);
    this.invalidate();
    return decided;
  }

  private computeNextDue(state: SandboxState, now: number): number {
    let due = nextBatchAfter(Math.max(now, state.lifecycleAt));
    for (const move of Object.values(state.fundMoves)) {
      if (move.status === 'submitted' && move.approvedAt !== null) {
        due = Math.min(due, move.approvedAt + SETTLEMENT_DELAY_MS);
      }
    }
    return due;
  }
}
