import { z } from 'zod';
import type { Offering } from '../../contract/offerings';
import type { UpstreamClient, UpstreamRequest } from './client';
import { normalizeOffering, rawOfferingSchema } from './offering-wire';
import { sendAndDecode, readPage, wirePagination, wireRecords, type SkippedRecord } from './wire';

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

const rawOfferingsSchema = z.object({
  offeringDetails: wireRecords,
  pagination: wirePagination(),
});

export async function getOfferings(
  client: UpstreamClient,
  params: OfferingsPageParams = {},
): Promise<OfferingsPage> {
  const request = buildOfferingsRequest(params);
  return sendAndDecode(client, request, rawOfferingsSchema, (raw) => {
    const { records: offerings, ...page } = readPage(
      raw.offeringDetails,
      raw.pagination,
      params.offset,
      rawOfferingSchema,
      normalizeOffering,
      { emptyEndsAtStart: true },
    );
    return { offerings, ...page };
  });
}
