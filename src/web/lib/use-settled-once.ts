import { useState } from 'react';

/**
 * Whether `settled` has been true at least once. A read that failed with nothing to show goes
 * back to loading when it is read again (react-query's "pending"), as it is after every money
 * request: a form that waited for that read waits for its first answer only, and stays mounted
 * after, keeping what was typed, the review and the request's outcome.
 */
export function useSettledOnce(settled: boolean): boolean {
  const [was, setWas] = useState(settled);
  if (settled && !was) setWas(true);
  return was || settled;
}
