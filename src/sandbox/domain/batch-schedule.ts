/**
 * The approval batch runs once a day at 4:00 PM Mountain Time (§3 transitions, §8 limits). The
 * instant is computed per calendar day with Intl, so it is 22:00 UTC in summer and 23:00 UTC in
 * winter without any hard-coded offset.
 */
import { DAY_MS, DENVER, dayNumberToParts, denverDayNumber, zonedInstant } from '../lib/time.js';

const BATCH_HOUR = 16;

function batchInstantOnDay(dayNumber: number): number {
  const { year, month, day } = dayNumberToParts(dayNumber);
  return zonedInstant(DENVER, year, month, day, BATCH_HOUR, 0);
}

/** The first batch strictly after the given instant. */
export function nextBatchAfter(instantMs: number): number {
  const today = denverDayNumber(instantMs);
  const candidate = batchInstantOnDay(today);
  return candidate > instantMs ? candidate : batchInstantOnDay(today + 1);
}

/** The latest batch at or before the given instant. */
export function lastBatchAtOrBefore(instantMs: number): number {
  const today = denverDayNumber(instantMs);
  const candidate = batchInstantOnDay(today);
  return candidate <= instantMs ? candidate : batchInstantOnDay(today - 1);
}

export { DAY_MS };
