import { nextApprovalBatch } from '../../contract/time';
import { formatTimestamp, upstreamTimeMs } from './format';

/**
 * An approval batch's time (always 4:00 PM Mountain Time, §3 and §8) as the timeline and the
 * fund moves' countdown word it: the viewer's time, its zone named, then the batch's own, such as
 * "Nov 29, 2026, 6:00 PM EST (4:00 PM Mountain Time)".
 */
export function batchWords(instant: string | Date): string {
  const iso = typeof instant === 'string' ? instant : instant.toISOString();
  return `${formatTimestamp(iso)} (4:00 PM Mountain Time)`;
}

/**
 * The batch that decides a fund move made at `madeAt` (a platform time or an instant; now when
 * it is unknown or unreadable), as a receipt words it: "Next batch: …".
 */
export function nextBatchAfter(madeAt: string | null | undefined, now = new Date()): string {
  const made = madeAt ? upstreamTimeMs(madeAt) : null;
  return `Next batch: ${batchWords(nextApprovalBatch(made === null ? now : new Date(made)))}.`;
}
