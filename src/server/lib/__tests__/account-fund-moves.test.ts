import { describe, expect, it } from 'vitest';
import type { FundMove } from '../../../contract/custody';
import { readFundMovePages } from '../account-fund-moves';

const move = (n: number) => ({ referenceNumber: `CFM${70_000_000 + n}` }) as FundMove;

/**
 * A platform holding `total` moves that answers at most `bound` records a page whatever the
 * limit asked (§4.3 states no page bound; the collections' 1–500 is real-world notes §2), and
 * `short` records on the pages whose offsets it lists.
 */
function platform(total: number, bound: number, short: Map<number, number> = new Map()) {
  const asked: number[] = [];
  const readPage = async (offset: number, limit: number) => {
    asked.push(offset);
    const size = short.get(offset) ?? Math.min(bound, limit);
    const moves = Array.from({ length: Math.max(0, Math.min(size, total - offset)) }, (_, i) =>
      move(offset + i),
    );
    return { moves, skipped: [], totalRecords: total };
  };
  return { asked, readPage };
}

describe('reading every fund move of an account (§4.3)', () => {
  it('from a platform that answers fewer records a page than asked, reads its pages to the end', async () => {
    const { asked, readPage } = platform(37, 10);
    const read = await readFundMovePages(readPage, { pageSize: 500 });
    expect(read.moves.map((m) => m.referenceNumber)).toEqual(
      Array.from({ length: 37 }, (_, i) => move(i).referenceNumber),
    );
    expect(read).toMatchObject({ totalRecords: 37, read: 37 });
    expect(asked).toEqual([0, 10, 20, 30]);
  });

  it('counts what the pages delivered: a page answered short leaves the read incomplete', async () => {
    const { readPage } = platform(30, 10, new Map([[10, 4]]));
    const read = await readFundMovePages(readPage, { pageSize: 10 });
    expect(read.moves).toHaveLength(24);
    expect(read).toMatchObject({ totalRecords: 30, read: 24 });
  });

  it('stopped by its bound, says how many it read', async () => {
    const { readPage } = platform(30, 10);
    const read = await readFundMovePages(readPage, { pageSize: 10, maxPages: 2 });
    expect(read).toMatchObject({ totalRecords: 30, read: 20 });
  });
});
