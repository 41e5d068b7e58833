import type { FundMove } from '../../contract/custody';
import type { Db } from '../store/db';

/*
 * The direction the wire layer reads from a fund move's own text (§2.9 has no field for it) is
 * completed by what the portal itself did: a move it created with fundCustodyAccount is a deposit,
 * whatever the person wrote as its description (a reference typed into it is not ours either).
 * Those moves are named in the audit event of the deposit (`deposit_requested`, its reference
 * number); a move older than the audit's retention is shown as not stated, never guessed.
 */

/** Reference numbers of the fund moves the portal created as deposits into these accounts. */
async function portalDeposits(db: Db, accountIds: string[]): Promise<Set<string>> {
  const references = new Set<string>();
  if (accountIds.length === 0) return references;
  const rows = await db
    .selectFrom('audit_events')
    .select(['details'])
    .where('action', '=', 'deposit_requested')
    .where('object_type', '=', 'account')
    .where('object_id', 'in', accountIds)
    .execute();
  for (const row of rows) {
    const details = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as {
      referenceNumber?: unknown;
    } | null;
    if (typeof details?.referenceNumber === 'string') references.add(details.referenceNumber);
  }
  return references;
}

/** The moves with their direction as far as the portal knows it. */
export async function withKnownDirections<T extends FundMove>(db: Db, moves: T[]): Promise<T[]> {
  const deposits = await portalDeposits(db, [...new Set(moves.map((move) => move.accountId))]);
  return moves.map((move) =>
    deposits.has(move.referenceNumber)
      ? { ...move, direction: 'in' as const, portalReference: null }
      : move,
  );
}
