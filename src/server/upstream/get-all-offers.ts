import { z } from 'zod';
import type { Offering } from '../../contract/offerings';
import type { UpstreamClient, UpstreamRequest } from './client';
import { normalizeOffering, rawOfferingSchema } from './offering-wire';
import { sendAndDecode, readRecords, wireRecords, type SkippedRecord } from './wire';

/** §4.8: credentials only. Deprecated; the fallback when only body credentials are available. */
function buildAllOffersRequest(): UpstreamRequest {
  return { operation: 'getAllOffers', method: 'POST', effect: 'read', body: {} };
}

const rawAllOffersSchema = z.object({ offeringDetails: wireRecords });

export interface OfferingsRead {
  offerings: Offering[];
  /** Records left out because they could not be understood (logged by position). */
  skipped: SkippedRecord[];
}

export async function getAllOffers(client: UpstreamClient): Promise<OfferingsRead> {
  const request = buildAllOffersRequest();
  return sendAndDecode(client, request, rawAllOffersSchema, (raw) => {
    const { records, skipped } = readRecords(
      raw.offeringDetails,
      rawOfferingSchema,
      normalizeOffering,
    );
    return { offerings: records, skipped };
  });
}
