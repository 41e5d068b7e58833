import { cutName, type Offering, type UnreadableOffering } from '../../contract/offerings';
import type { UpstreamClient } from '../upstream/client';
import { getAllOffers } from '../upstream/get-all-offers';
import { isUpstreamError, type UpstreamErrorKind } from '../upstream/errors';
import { getOfferings } from '../upstream/get-offerings';
import type { SkippedRecord } from '../upstream/wire';
import { HttpError } from './http-error';

/** Every offering the upstream holds, and how many of its records could not be understood. */
export interface OfferingCatalog {
  offerings: Offering[];
  skippedRecords: number;
  /**
   * The records that could not be understood whose id could be read, with their name where that
   * could be read too: a page about one says it was sent unreadable, and the list names them.
   */
  unreadable: UnreadableOffering[];
}

/**
 * One offering of the catalogue by id. An offering the platform sent but the portal could not
 * read is not "missing": its page, its checks and an investment in it say that it could not be
 * read right now (nothing sent), never that it does not exist.
 */
export function findInCatalog(catalog: OfferingCatalog, offeringId: string): Offering {
  const offering = catalog.offerings.find((o) => o.id === offeringId);
  if (offering) return offering;
  if (catalog.unreadable.some((o) => o.id === offeringId)) {
    throw new HttpError(
      'upstream_unavailable',
      `The platform sent offering ${offeringId} in a form the portal could not read, so it cannot be shown or invested in right now. Try again later; if it stays so, contact support.`,
      { submitted: 'no' },
    );
  }
  throw new HttpError('not_found', `Offering ${offeringId} does not exist.`, { submitted: 'no' });
}

/** The collections' largest page (real-world notes §2: limit 1–500). */
const PAGE = 500;
/** A bound on the walk, so an upstream that never ends its paging cannot hold a request. */
const MAX_PAGES = 40;

/** What the GET offerings collection may answer where getAllOffers may still list them. */
const FALLS_BACK = new Set<UpstreamErrorKind>([
  'not_found',
  'permission',
  'rejected',
  'bad_response',
]);

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
  if (auth === 'body') return readAllOffers(upstream);
  // §9 names the collection, but §4.16 shows none of its payload: where the platform does not
  // answer it (not found), refuses it to this key (the GET collections carry permission scopes
  // of their own, real-world notes §2 and §5 rule 10: a key without the offerings' scope), or
  // refuses or answers it in a shape the portal cannot read, the deprecated getAllOffers it
  // replaces is read instead, rather than no offering at all.
  const first = await getOfferings(upstream, { offset: 0, limit: PAGE }).catch((err: unknown) => {
    if (isUpstreamError(err) && FALLS_BACK.has(err.kind)) return null;
    throw err;
  });
  if (!first) return readAllOffers(upstream);
  const offerings: Offering[] = [];
  const unreadable: UnreadableOffering[] = [];
  let skippedRecords = 0;
  let offset = 0;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const read = page === 0 ? first : await getOfferings(upstream, { offset, limit: PAGE });
    offerings.push(...read.offerings);
    skippedRecords += read.skipped.length;
    unreadable.push(...unreadableOf(read.skipped));
    // The next page starts after what was received, skipped records included. endIndex is not
    // used: live collections give offset + limit there whatever the page held
    // (GET-trades__kvl-101-offset-1-limit-2.json: startIndex 1, endIndex 3).
    const received = read.offerings.length + read.skipped.length;
    offset += received;
    if (received === 0 || offset >= read.totalRecords) break;
  }
  return { offerings, skippedRecords, unreadable };
}

/** The deprecated getAllOffers (§4.8), all at once. */
async function readAllOffers(upstream: UpstreamClient): Promise<OfferingCatalog> {
  const read = await getAllOffers(upstream);
  return {
    offerings: read.offerings,
    skippedRecords: read.skipped.length,
    unreadable: unreadableOf(read.skipped),
  };
}

/**
 * The name is cut (cutName): a list names what it left out in a line, and a name of any length
 * the platform sends would flood the page and the reply.
 */
const unreadableOf = (skipped: SkippedRecord[]): UnreadableOffering[] =>
  skipped.flatMap((record) =>
    record.id === undefined
      ? []
      : [{ id: record.id, name: record.name === undefined ? null : cutName(record.name) }],
  );
