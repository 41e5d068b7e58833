import type { ChipProps } from '@mui/material/Chip';

export type ReviewKind = 'kyc' | 'aml' | 'accreditation' | 'approval';

export const reviewSubjects: Record<ReviewKind, { title: string; what: string }> = {
  kyc: { title: 'Identity (KYC)', what: 'your identity' },
  aml: { title: 'Anti-money-laundering (AML)', what: 'the anti-money-laundering screening' },
  accreditation: { title: 'Accredited investor', what: 'your accredited-investor status' },
  approval: { title: 'Account approval', what: 'the approval of this account' },
};

export type Explanation = {
  label: string;
  color: ChipProps['color'];
  meaning: string;
  next: string;
};

/**
 * What a review status means and what happens next. The document shows only Pending (§2.5, §3);
 * the other values are those seen in live data. Unknown values are shown as sent.
 */
export function explainReview(kind: ReviewKind, status: string | null): Explanation {
  const what = reviewSubjects[kind].what;
  switch (status?.trim().toLowerCase().replace(/[_-]+/g, ' ') ?? null) {
    case null:
    case '':
    case 'not started':
      return {
        label: 'Not started',
        color: 'default',
        meaning: `No review of ${what} has started.`,
        next: 'The review starts when the platform receives the information it needs; we will tell you if anything is missing.',
      };
    case 'pending':
      return {
        label: 'Pending',
        color: 'warning',
        meaning: `The review of ${what} is under way.`,
        next: 'Nothing to do for now. You can invest once the reviews are complete; we contact you if documents are needed.',
      };
    case 'manual review':
    case 'under review':
      return {
        label: 'Manual review',
        color: 'warning',
        meaning: `A reviewer is checking ${what} by hand.`,
        next: 'A reviewer may ask you for documents. Answer their request to finish sooner.',
      };
    case 'approved':
    case 'auto approved':
    case 'verified':
    case 'self accredited':
      return {
        label: 'Approved',
        color: 'success',
        meaning: `The review of ${what} is complete and passed.`,
        next: 'Nothing to do.',
      };
    case 'disapproved':
    case 'declined':
    case 'rejected':
    case 'failed':
      return {
        label: 'Not approved',
        color: 'error',
        meaning: `The review of ${what} did not pass.`,
        next: 'Contact support to find out why and what you can provide to be reviewed again.',
      };
    default:
      return {
        label: status ?? 'Unknown',
        color: 'info',
        meaning: `The review of ${what} has the status "${status}".`,
        next: 'Contact support if you are not sure what this means for you.',
      };
  }
}
