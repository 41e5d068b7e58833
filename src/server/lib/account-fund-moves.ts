import type { FundMove } from '../../contract/custody';
import type { UpstreamClient } from '../upstream/client';
import { getCustodyFundMoves } from '../upstream/get-custody-fund-moves';
import type { SkippedRecord } from '../upstream/wire';

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
   * How many of them the pages delivered (those understood and those skipped): all, unless a
   * bound stopped the read or a page came back short.
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
 * incomplete (`read < totalRecords`) rather than passing for the whole.
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
  return {
    moves,
    skipped: pages.flatMap((page) => page.skipped),
    totalRecords: total,
    read: Math.min(
      total,
      pages.reduce((sum, page) => sum + delivered(page), 0),
    ),
  };
}
