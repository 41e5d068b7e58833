import type { ChipProps } from '@mui/material/Chip';
import { viewerDayOf } from './format';

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

/** A status a review may be in, with the values of it seen in live data. */
type ReviewState = Omit<Explanation, 'meaning'> & {
  /** The values that name it, in lower case with `_` and `-` read as spaces. */
  statuses: readonly string[];
  meaning: (what: string) => string;
};

const reviewStates: readonly ReviewState[] = [
  {
    statuses: ['', 'not started'],
    label: 'Not started',
    color: 'default',
    meaning: (what) => `No review of ${what} has started.`,
    next: 'The review starts when the platform receives the information it needs; we will tell you if anything is missing.',
  },
  {
    statuses: ['pending'],
    label: 'Pending',
    color: 'warning',
    meaning: (what) => `The review of ${what} is under way.`,
    next: 'Nothing to do for now. You can invest once the reviews are complete; we contact you if documents are needed.',
  },
  {
    statuses: ['manual review', 'under review'],
    label: 'Manual review',
    color: 'warning',
    meaning: (what) => `A reviewer is checking ${what} by hand.`,
    next: 'A reviewer may ask you for documents. Answer their request to finish sooner.',
  },
  {
    statuses: ['approved', 'auto approved', 'verified', 'self accredited'],
    label: 'Approved',
    color: 'success',
    meaning: (what) => `The review of ${what} is complete and passed.`,
    next: 'Nothing to do.',
  },
  {
    statuses: ['disapproved', 'declined', 'rejected', 'failed'],
    label: 'Not approved',
    color: 'error',
    meaning: (what) => `The review of ${what} did not pass.`,
    next: 'Contact support to find out why and what you can provide to be reviewed again.',
  },
];

/**
 * What a review status means and what happens next. The document shows only Pending (§2.5, §3);
 * the other values are those seen in live data. No status is one not started; unknown values
 * are shown as sent.
 */
export function explainReview(kind: ReviewKind, status: string | null): Explanation {
  const what = reviewSubjects[kind].what;
  const folded = status?.trim().toLowerCase().replace(/[_-]+/g, ' ') ?? '';
  const state = reviewStates.find((known) => known.statuses.includes(folded));
  if (state) {
    return {
      label: state.label,
      color: state.color,
      meaning: state.meaning(what),
      next: state.next,
    };
  }
  return {
    label: status ?? 'Unknown',
    color: 'info',
    meaning: `The review of ${what} has the status "${status}".`,
    next: 'Contact support if you are not sure what this means for you.',
  };
}

/**
 * The day of a review, however the platform recorded it: KYC and AML dates of an account are
 * zone-less wall times, its accreditation and approval dates and an entity's AML date calendar
 * days (interface document §2.5, §2.6, §2 Conventions). A wall time is the platform's
 * (TRANSACT_TIME_ZONE), so it is placed on the viewer's day as every other platform time is (a
 * KYC at 8 PM in Denver is the next day in Tokyo, as a fund move made then is); a calendar day
 * has no time to move and stays as the platform wrote it.
 */
export const reviewDay = (date: string): string =>
  date.length > 10 ? (viewerDayOf(date) ?? date.slice(0, 10)) : date;
