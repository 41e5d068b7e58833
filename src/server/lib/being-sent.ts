import type { BeingSent } from '../../contract/money-requests';
import type { Config } from '../config';

/**
 * How long after a call to the platform started it may still be running: the upstream timeout,
 * then the claim lease, after which the portal takes a call as ended (a process that stopped
 * mid-call leaves it to reconciliation). Within it a request may still arrive, so it is never
 * recorded as "never arrived".
 */
export const inFlightWindowMs = (config: Pick<Config, 'upstreamTimeoutMs' | 'claimLeaseMs'>) =>
  config.upstreamTimeoutMs + config.claimLeaseMs;

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
