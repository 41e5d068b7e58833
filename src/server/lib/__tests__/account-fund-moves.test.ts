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

  it('from a platform that ignores the offset and answers its first page again, is not whole', async () => {
    // §4.3 names no paging parameters for getCustodyFundMoves: a platform that reads none of
    // them answers the newest page to every offset asked.
    const readPage = async (_offset: number, limit: number) => ({
      moves: Array.from({ length: Math.min(10, limit) }, (_, i) => move(i)),
      skipped: [],
      totalRecords: 30,
    });
    const read = await readFundMovePages(readPage, { pageSize: 10 });
    expect(read.moves).toHaveLength(10);
    expect(read).toMatchObject({ totalRecords: 30, read: 10 });
  });

  it('counts a move left out once by its reference number, and one with none once a page', async () => {
    const skipped = (offset: number) => [
      { position: 0, issues: ['status: Invalid input'], fields: ['status'], id: 'CFM79999999' },
      { position: offset === 0 ? 1 : 2, issues: ['(root): Invalid input'], fields: [] },
    ];
    const readPage = async (offset: number) => ({
      moves: [move(offset)],
      skipped: skipped(offset),
      totalRecords: 6,
    });
    const read = await readFundMovePages(readPage, { pageSize: 3 });
    // Two pages of three: two moves, the named one left out once, the unnamed one twice.
    expect(read).toMatchObject({ totalRecords: 6, read: 5 });
    expect(read.skipped).toHaveLength(4);
  });
});
