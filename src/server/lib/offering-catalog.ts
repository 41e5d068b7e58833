import type { Offering } from '../../contract/offerings';
import type { UpstreamClient } from '../upstream/client';
import { getAllOffers } from '../upstream/get-all-offers';
import { getOfferings } from '../upstream/get-offerings';

/** Every offering the upstream holds, and how many of its records could not be understood. */
export interface OfferingCatalog {
  offerings: Offering[];
  skippedRecords: number;
}

/** The collections' largest page (real-world notes §2: limit 1–500). */
const PAGE = 500;
/** A bound on the walk, so an upstream that never ends its paging cannot hold a request. */
const MAX_PAGES = 40;

/**
 * §9 names the GET offerings collection as the replacement of the deprecated getAllOffers, and
 * §5 rule 6 makes every GET need header credentials. So the collection is read, page by page,
 * when the header is in use; with body credentials (rule 12: the header may be unavailable) the
 * deprecated getAllOffers is the fallback.
 */
export async function readOfferingCatalog(
  upstream: UpstreamClient,
  auth: 'header' | 'body',
): Promise<OfferingCatalog> {
  if (auth === 'body') {
    const read = await getAllOffers(upstream);
    return { offerings: read.offerings, skippedRecords: read.skipped.length };
  }
  const offerings: Offering[] = [];
  let skippedRecords = 0;
  let offset = 0;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const read = await getOfferings(upstream, { offset, limit: PAGE });
    offerings.push(...read.offerings);
    skippedRecords += read.skipped.length;
    // The next page starts after what was received, skipped records included. endIndex is not
    // used: live collections give offset + limit there whatever the page held
    // (GET-trades__kvl-101-offset-1-limit-2.json: startIndex 1, endIndex 3).
    const received = read.offerings.length + read.skipped.length;
    offset += received;
    if (received === 0 || offset >= read.totalRecords) break;
  }
  return { offerings, skippedRecords };
}
