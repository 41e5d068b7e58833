import { z } from 'zod';
import type { Offering } from '../../contract/offerings';
import type { UpstreamClient, UpstreamRequest } from './client';
import { normalizeOffering, rawOfferingSchema } from './offering-wire';
import { decodeAnswer, looseObject, wireCount, wireList } from './wire';

/*
 * The GET offerings collection, named in §4.8/§4.16 as getAllOffers' replacement; its path and
 * payload are not shown. This follows the sibling collections seen in live traffic (real-world
 * notes §2): GET under the legacy prefix, `offset`/`limit` (1–500) in the query, the records under
 * `<resource>Details` and a `pagination` object. Unverified; getAllOffers is what the portal uses.
 */

export interface OfferingsPageParams {
  offset?: number;
  limit?: number;
}

export interface OfferingsPage {
  offerings: Offering[];
  totalRecords: number;
  startIndex: number;
  endIndex: number;
}

export function buildOfferingsRequest(params: OfferingsPageParams): UpstreamRequest {
  return {
    operation: 'offerings',
    method: 'GET',
    effect: 'read',
    // §4.16: the GET collections require header authentication.
    query: { offset: params.offset, limit: params.limit },
  };
}

export const rawOfferingsSchema = z.object({
  offeringDetails: wireList(rawOfferingSchema),
  pagination: looseObject({
    totalRecords: wireCount,
    startIndex: wireCount,
    endIndex: wireCount,
  }).optional(),
});

export async function getOfferings(
  client: UpstreamClient,
  params: OfferingsPageParams = {},
): Promise<OfferingsPage> {
  const request = buildOfferingsRequest(params);
  const payload = await client.send(request);
  return decodeAnswer(client, request, payload, rawOfferingsSchema, (raw) => {
    const offerings = raw.offeringDetails.map(normalizeOffering);
    const startIndex = raw.pagination?.startIndex ?? params.offset ?? 0;
    return {
      offerings,
      totalRecords: raw.pagination?.totalRecords ?? offerings.length,
      startIndex,
      endIndex: raw.pagination?.endIndex ?? Math.max(startIndex, startIndex + offerings.length - 1),
    };
  });
}
