import { createContext, useContext } from 'react';
import { countOf } from '../lib/format';

/**
 * The longest a read may wait for the platform before the BFF answers, in milliseconds, as the
 * session gives it (from TRANSACT_TIMEOUT_MS and the retries of a read): the signed-in frame
 * provides it. Unknown (signed out, or an older BFF), the wait is said without a figure.
 */
export const LongestReadContext = createContext<number | undefined>(undefined);

/** How long a slow read may take, in words for "this can take …". */
export function useLongestReadWords(): string {
  const ms = useContext(LongestReadContext);
  if (ms === undefined) return 'a while';
  const seconds = Math.ceil(ms / 1000);
  return seconds < 120
    ? `up to ${countOf(seconds, 'second', 'seconds')}`
    : `up to ${countOf(Math.ceil(seconds / 60), 'minute', 'minutes')}`;
}
