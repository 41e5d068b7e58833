/**
 * What a review status (KYC, AML, accreditation, approval; interface document §2.5, §3) means,
 * in one place, so the account page and the invest preflight use the same words. The document
 * shows only Pending; the other values are those seen in live data.
 */
export type ReviewVerdict =
  'not_started' | 'pending' | 'manual_review' | 'approved' | 'not_approved' | 'other';

export function reviewVerdict(status: string | null | undefined): ReviewVerdict {
  switch (status?.trim().toLowerCase().replace(/[_-]+/g, ' ') ?? null) {
    case null:
    case '':
    case 'not started':
      return 'not_started';
    case 'pending':
      return 'pending';
    case 'manual review':
    case 'under review':
      return 'manual_review';
    case 'approved':
    case 'auto approved':
    case 'verified':
    case 'self accredited':
      return 'approved';
    case 'disapproved':
    case 'declined':
    case 'rejected':
    case 'failed':
      return 'not_approved';
    default:
      return 'other';
  }
}

/** The label the account page shows for a verdict (unknown values are shown as sent). */
const reviewVerdictLabels: Record<Exclude<ReviewVerdict, 'other'>, string> = {
  not_started: 'Not started',
  pending: 'Pending',
  manual_review: 'Manual review',
  approved: 'Approved',
  not_approved: 'Not approved',
};

export function reviewLabel(status: string | null | undefined): string {
  const verdict = reviewVerdict(status);
  return verdict === 'other' ? (status ?? 'Unknown') : reviewVerdictLabels[verdict];
}
