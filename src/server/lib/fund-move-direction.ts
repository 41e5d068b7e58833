import type { FundMove } from '../../contract/custody';
import type { Db } from '../store/db';
import { depositsCreatedIn, type MoneyRequestKind } from '../store/money-requests';

/*
 * The direction the wire layer reads from a fund move's own text (§2.9 has no field for it: our
 * reference note, or a disbursement type) is completed by the register: a move a portal deposit
 * created (fundCustodyAccount answered with its reference number) went in, with that deposit's
 * reference, even when the platform kept its description short of our note.
 */
export async function withKnownDirections<T extends FundMove>(db: Db, moves: T[]): Promise<T[]> {
  const deposits = await depositsCreatedIn(db, [...new Set(moves.map((move) => move.accountId))]);
  return moves.map((move) => {
    const reference = deposits.get(move.referenceNumber);
    return reference ? { ...move, direction: 'in' as const, portalReference: reference } : move;
  });
}

/** The kinds of money request that leave a fund move of their own, and the way its money goes. */
export const fundMoveDirectionOfRequest: Partial<Record<MoneyRequestKind, 'in' | 'out'>> = {
  deposit: 'in',
  disbursement: 'out',
};
