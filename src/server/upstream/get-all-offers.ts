import type { Offering } from '../../contract/offerings';
import { legacyRead, type UpstreamClient } from './client';
import { normalizeOffering, OFFERING_KEYS, rawOfferingSchema } from './offering-wire';
import { sendAndReadRecords, type SkippedRecord } from './wire';

export interface OfferingsRead {
  offerings: Offering[];
  /** Records left out because they could not be understood (logged by position). */
  skipped: SkippedRecord[];
}

/** §4.8: credentials only. Deprecated; the fallback when only body credentials are available. */
export async function getAllOffers(client: UpstreamClient): Promise<OfferingsRead> {
  const { records: offerings, skipped } = await sendAndReadRecords(
    client,
    legacyRead('getAllOffers'),
    'offeringDetails',
    rawOfferingSchema,
    normalizeOffering,
    OFFERING_KEYS,
  );
  return { offerings, skipped };
}
