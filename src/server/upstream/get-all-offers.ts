import { z } from 'zod';
import type { Offering } from '../../contract/offerings';
import type { UpstreamClient, UpstreamRequest } from './client';
import { normalizeOffering, rawOfferingSchema } from './offering-wire';
import { decodeAnswer, wireList } from './wire';

/** §4.8: credentials only. Deprecated in favour of the offerings collection, still what we use. */
export function buildAllOffersRequest(): UpstreamRequest {
  return { operation: 'getAllOffers', method: 'POST', effect: 'read', body: {} };
}

export const rawAllOffersSchema = z.object({ offeringDetails: wireList(rawOfferingSchema) });

export async function getAllOffers(client: UpstreamClient): Promise<Offering[]> {
  const request = buildAllOffersRequest();
  const payload = await client.send(request);
  return decodeAnswer(client, request, payload, rawAllOffersSchema, (raw) =>
    raw.offeringDetails.map(normalizeOffering),
  );
}
