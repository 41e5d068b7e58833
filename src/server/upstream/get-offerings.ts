import type { Offering } from '../../contract/offerings';
import type { UpstreamClient, UpstreamRequest } from './client';
import { normalizeOffering, OFFERING_KEYS, rawOfferingSchema } from './offering-wire';
import { sendAndReadPage, type SkippedRecord } from './wire';

/*
 * The GET offerings collection, named in §4.8/§4.16 as getAllOffers' replacement; its path and
 * payload are not shown. This follows the sibling collections seen in live traffic (real-world
 * notes §2; GET-accounts__kvl-101-default.json and the other GET-* samples): GET under the legacy
 * prefix, `offset`/`limit` (1–500) in the query, the records under `<resource>Details` and a
 * `pagination` object with numbers. It needs header credentials (§5 rule 6), so the portal reads
 * offerings here when the header is in use and falls back to getAllOffers otherwise.
 */

export interface OfferingsPageParams {
  offset?: number;
  limit?: number;
}

export interface OfferingsPage {
  offerings: Offering[];
  skipped: SkippedRecord[];
  totalRecords: number;
  startIndex: number;
  endIndex: number;
}

function buildOfferingsRequest(params: OfferingsPageParams): UpstreamRequest {
  return {
    operation: 'offerings',
    method: 'GET',
    effect: 'read',
    // §4.16: the GET collections require header authentication.
    query: { offset: params.offset, limit: params.limit },
  };
}

export async function getOfferings(
  client: UpstreamClient,
  params: OfferingsPageParams = {},
): Promise<OfferingsPage> {
  const { records: offerings, ...page } = await sendAndReadPage(
    client,
    buildOfferingsRequest(params),
    params.offset,
    'offeringDetails',
    rawOfferingSchema,
    normalizeOffering,
    { emptyEndsAtStart: true, keys: OFFERING_KEYS },
  );
  return { offerings, ...page };
}
