import { useEffect, useState } from 'react';
import { beingSentWords, stillBeingSent, type BeingSent } from '../../contract/money-requests';
import { formatTimestamp } from './format';

/**
 * Whether an approved held disbursement is still being sent (its `beingSent`, from the BFF). The
 * page is drawn again the moment its window passes: from then on the BFF would let it be settled
 * by hand, and the register and the approvals page say its outcome is unknown.
 */
export function useStillBeingSent(beingSent: BeingSent | null | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  const sending = stillBeingSent(beingSent, now);
  const until = beingSent?.until;
  useEffect(() => {
    if (!sending || !until) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, Date.parse(until) - Date.now()));
    return () => clearTimeout(timer);
  }, [sending, until]);
  return sending;
}

/** "Approved <when>, and being sent to the platform." and what to do: the register's and the approvals page's words. */
export const beingSentSentence = (beingSent: BeingSent, reviewer: boolean): string =>
  `Approved ${formatTimestamp(beingSent.approvedAt)}, and being sent to the platform. ${reviewer ? beingSentWords.reviewerNext : beingSentWords.next}`;
