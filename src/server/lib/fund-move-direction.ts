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

/**
 * The fund move of each deposit and disbursement of the register, among `moves` (their
 * directions known, withKnownDirections): the one carrying its reference and going its way (our
 * reference in a deposit's description, §2.9, or in a disbursement's echoed additionalDetails,
 * §2.10). The one the register names (its upstream id) comes first; else the first listed, the
 * newest (§4.3). A disbursement the platform answered directly names only its request id (§2.10
 * requestId), no fund move: this is how its fund move is found, by the timeline and the register
 * alike. `goesItsWay` tells whether a move carries a request's reference its way at all.
 */
export function ownFundMoves(
  rows: readonly { reference: string; kind: MoneyRequestKind; upstreamId: string | null }[],
  moves: readonly FundMove[],
) {
  const directionOf = new Map(rows.map((r) => [r.reference, fundMoveDirectionOfRequest[r.kind]]));
  const upstreamOf = new Map(rows.map((r) => [r.reference, r.upstreamId]));
  const goesItsWay = (move: FundMove) =>
    !!move.portalReference &&
    !!move.direction &&
    directionOf.get(move.portalReference) === move.direction;
  const own = new Map<string, FundMove>();
  for (const move of moves) {
    if (goesItsWay(move) && upstreamOf.get(move.portalReference!) === move.referenceNumber)
      own.set(move.portalReference!, move);
  }
  for (const move of moves) {
    if (goesItsWay(move) && !own.has(move.portalReference!)) own.set(move.portalReference!, move);
  }
  return { own, goesItsWay };
}
