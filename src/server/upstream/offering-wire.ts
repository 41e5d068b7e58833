import { z } from 'zod';
import type { Offering } from '../../contract/offerings';
import {
  looseObject,
  wireDecimal,
  wireId,
  wireLenientUsDate,
  wireLocalDateTime,
  wireOptionalDecimal,
  wireStatus,
  wireText,
} from './wire';

/** The offering record of getAllOffers and the offerings collection (§2.2). */
export const rawOfferingSchema = looseObject({
  issuerId: wireId,
  offeringId: wireId,
  issueName: wireText,
  issueType: wireText,
  // One odd target must not make the whole offering unreadable: its pages and its purchase
  // history still open, the target said to be unknown (§2.2 does not say it is always sent).
  targetAmount: wireOptionalDecimal.catch(null),
  minAmount: wireDecimal,
  maxAmount: wireDecimal,
  unitPrice: wireDecimal,
  totalShares: wireDecimal,
  remainingShares: wireDecimal,
  // MM-DD-YYYY; the offering contract turns missing or unusable dates into null.
  startDate: wireLenientUsDate,
  endDate: wireLenientUsDate,
  // §2.2 values seen: Pending, closed.
  offeringStatus: wireStatus.pipe(z.string()),
  offeringText: wireText,
  // Null in getOffering answers (real-world notes §4.1).
  stampingText: wireText,
  createdDate: wireLocalDateTime,
});

/**
 * What of an offering record the portal cannot read is still kept (§2.2's offeringId and
 * issueName), so its page can say it was sent unreadable and a list can name it.
 */
export const OFFERING_KEYS = { id: 'offeringId', name: 'issueName' } as const;

export function normalizeOffering(raw: z.output<typeof rawOfferingSchema>): Offering {
  return {
    id: raw.offeringId,
    issuerId: raw.issuerId,
    name: raw.issueName ?? '',
    type: raw.issueType ?? '',
    status: raw.offeringStatus,
    unitPrice: raw.unitPrice,
    minAmount: raw.minAmount,
    targetAmount: raw.targetAmount,
    maxAmount: raw.maxAmount,
    totalShares: raw.totalShares,
    remainingShares: raw.remainingShares,
    startDate: raw.startDate,
    endDate: raw.endDate,
    description: raw.offeringText ?? '',
    stampingText: raw.stampingText ?? '',
    createdAt: raw.createdDate,
  };
}
