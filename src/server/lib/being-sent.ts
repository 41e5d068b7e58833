import type { BeingSent } from '../../contract/money-requests';
import type { Config } from '../config';

/**
 * How long after a call to the platform started it may still be running: the upstream timeout,
 * then the claim lease, after which the portal takes a call as ended (a process that stopped
 * mid-call leaves it to reconciliation).
 */
const inFlightWindowMs = (config: Pick<Config, 'upstreamTimeoutMs' | 'claimLeaseMs'>) =>
  config.upstreamTimeoutMs + config.claimLeaseMs;

/**
 * How long, at `now`, a call sent at `sentAt` whose answer was lost may still become something
 * at the platform; null once it cannot be expected to. Past its own window the platform may still
 * create what it was sent (the interface document says nothing of how long that may take), so the
 * wait is the quiet period reconciliation waits before it takes absence for "not sent"
 * (RECONCILE_NOT_SENT_AFTER_MS, at least the call's own window). Until then a money request is
 * not recorded as never arrived, nor a lost issuer account save as not held by the platform.
 */
export function quietLeftMs(
  sentAt: Date,
  config: Pick<Config, 'reconcileNotSentAfterMs'>,
  now: Date,
): number | null {
  const left = sentAt.getTime() + config.reconcileNotSentAfterMs - now.getTime();
  return left > 0 ? left : null;
}

/** A wait in the words the person who settles it reads: seconds under two minutes, else minutes. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * An approved held disbursement while its call may still be running (approved at `approvedAt`):
 * when it was approved, and the instant after which no call can be running. Null once that has
 * passed at `now`. The one derivation the approvals page and the register both show.
 */
export function beingSentOf(
  approvedAt: Date | null,
  config: Pick<Config, 'upstreamTimeoutMs' | 'claimLeaseMs'>,
  now: Date,
): BeingSent | null {
  if (!approvedAt) return null;
  const until = approvedAt.getTime() + inFlightWindowMs(config);
  if (now.getTime() >= until) return null;
  return { approvedAt: approvedAt.toISOString(), until: new Date(until).toISOString() };
}
