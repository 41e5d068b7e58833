import { z } from 'zod';
import type { Offering } from '../../contract/offerings';
import { legacyRead, type UpstreamClient } from './client';
import { normalizeOffering, rawOfferingSchema } from './offering-wire';
import { sendAndDecode, readRecords, wireRecords, type SkippedRecord } from './wire';

const rawAllOffersSchema = z.object({ offeringDetails: wireRecords });

export interface OfferingsRead {
  offerings: Offering[];
  /** Records left out because they could not be understood (logged by position). */
  skipped: SkippedRecord[];
}

/** §4.8: credentials only. Deprecated; the fallback when only body credentials are available. */
export async function getAllOffers(client: UpstreamClient): Promise<OfferingsRead> {
  const request = legacyRead('getAllOffers');
  return sendAndDecode(client, request, rawAllOffersSchema, (raw) => {
    const { records, skipped } = readRecords(
      raw.offeringDetails,
      rawOfferingSchema,
      normalizeOffering,
    );
    return { offerings: records, skipped };
  });
}
