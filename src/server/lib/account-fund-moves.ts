import type { FundMove } from '../../contract/custody';
import type { UpstreamClient } from '../upstream/client';
import { getCustodyFundMoves } from '../upstream/get-custody-fund-moves';
import { readableIds, type SkippedRecord } from '../upstream/wire';

/** The upstream's largest page of fund moves (real-world notes §2: limit 1–500). */
const PAGE = 500;
/** Pages read at once after the first, which gives the total: the upstream is not flooded. */
const AT_ONCE = 4;

/** An account's fund moves, newest first, as far as they were read. */
export interface AccountFundMoves {
  moves: FundMove[];
  /** Records of the pages read that the wire layer could not understand (not in `moves`). */
  skipped: SkippedRecord[];
  /** How many fund moves the platform holds for the account, by its last page read. */
  totalRecords: number;
  /**
   * How many different ones the pages delivered (those understood and those skipped): all,
   * unless a bound stopped the read, a page came back short, or the platform answered the same
   * records again for a later page.
   */
  read: number;
}

/**
 * Every fund move of an account (or, without one, of every account the key may see, §4.3),
 * page after page, as getCustodyFundMoves offers them (§4.3:
 * `pagination` with totalRecords, indexes from 0, endIndex inclusive; newest first in the
 * observed data), up to `maxPages` pages. The first page gives the total; the others are read a
 * few at once. A move that arrives meanwhile shifts the later pages by one: the same move is then
 * read twice (kept once, by its reference number), and a total grown meanwhile is read to its end.
 * A page that cannot be read fails the whole read: a partial list would pass for the whole one.
 *
 * The interface document states no page bound of its own for this read (§4.3; the 1–500 limit
 * is the collections', real-world notes §2): a platform that answers the first page with fewer
 * records than asked and than it holds is read in pages of that size. `read` counts the records
 * the pages delivered, never the offsets asked, so a page that came back short leaves the read
 * incomplete (`read < totalRecords`) rather than passing for the whole. `read` counts each move
 * once, by its reference number: a platform that ignored the offset (§4.3 names no paging
 * parameters for this operation; the portal pages as getCustodyFundMoveHistory does live,
 * real-world notes §4.1) would answer the first page again and again, and that read is not whole.
 */
export function readAccountFundMoves(
  upstream: UpstreamClient,
  accountId: string | undefined,
  options: { maxPages?: number; pageSize?: number } = {},
): Promise<AccountFundMoves> {
  return readFundMovePages(
    (offset, limit) => getCustodyFundMoves(upstream, { accountId, offset, limit }),
    options,
  );
}

/** One page of fund moves as getCustodyFundMoves answers it. */
type FundMovesPageRead = (
  offset: number,
  limit: number,
) => Promise<{ moves: FundMove[]; skipped: SkippedRecord[]; totalRecords: number }>;

/** The paging of readAccountFundMoves, over any reader of one page. */
export async function readFundMovePages(
  readOffset: FundMovesPageRead,
  options: { maxPages?: number; pageSize?: number } = {},
): Promise<AccountFundMoves> {
  const asked = options.pageSize ?? PAGE;
  const maxPages = options.maxPages ?? 20;
  const readPage = (page: number, size: number) => readOffset(page * size, size);
  const delivered = (page: { moves: unknown[]; skipped: unknown[] }) =>
    page.moves.length + page.skipped.length;
  const first = await readPage(0, asked);
  let total = first.totalRecords;
  const firstCount = delivered(first);
  const pageSize = firstCount > 0 && firstCount < Math.min(asked, total) ? firstCount : asked;
  const pages = [first];
  let next = 1;
  while (next < maxPages && next * pageSize < total) {
    const last = Math.min(maxPages, Math.ceil(total / pageSize), next + AT_ONCE);
    const batch = await Promise.all(
      Array.from({ length: last - next }, (_, i) => readPage(next + i, pageSize)),
    );
    pages.push(...batch);
    total = Math.max(total, ...batch.map((page) => page.totalRecords));
    next = last;
  }
  const seen = new Set<string>();
  const moves: FundMove[] = [];
  for (const move of pages.flatMap((page) => page.moves)) {
    if (seen.has(move.referenceNumber)) continue;
    seen.add(move.referenceNumber);
    moves.push(move);
  }
  // A move left out is counted once by its reference number where it could be read; one with
  // none, once for each page that had it.
  const skipped = pages.flatMap((page) => page.skipped);
  const unnamed = skipped.filter((record) => record.id === undefined).length;
  const named = new Set(readableIds(skipped).filter((id) => !seen.has(id)));
  return {
    moves,
    skipped,
    totalRecords: total,
    read: Math.min(total, seen.size + named.size + unnamed),
  };
}
