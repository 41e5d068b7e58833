import { useEffect, useState } from 'react';

/**
 * True a moment after `shown` turns true. A confirm button that appears where the person just
 * clicked stays disabled that long, so a double click on "Review" cannot confirm unseen.
 */
export function useArmed(shown: boolean, delayMs = 500): boolean {
  const [armedFor, setArmedFor] = useState<boolean>(false);
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setArmedFor(true), delayMs);
    return () => {
      window.clearTimeout(timer);
      setArmedFor(false);
    };
  }, [shown, delayMs]);
  return shown && armedFor;
}
