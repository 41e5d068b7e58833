import type { SessionEndReason } from '../../../../contract/signed-out';
import { usePortalConfig } from '../api/get-portal-config';

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * Why the session ended, in one sentence (contract/signed-out), with the portal's limits when
 * GET /api/config has given them. `revoked` names no cause: the BFF cannot tell a sign-out on
 * another device from an administrator's change.
 */
export function SessionEndedReason({ reason }: { reason: SessionEndReason }) {
  const config = usePortalConfig().data;
  const minutes = config?.sessionIdleMinutes;
  const hours = config?.sessionAbsoluteHours;
  switch (reason) {
    case 'idle':
      return minutes
        ? `Your session ended after ${count(minutes, 'minute')} without activity.`
        : 'Your session ended after a time without activity.';
    case 'absolute':
      return hours
        ? `Your session reached its limit of ${count(hours, 'hour')}, which applies however active you are.`
        : 'Your session reached its time limit, which applies however active you are.';
    case 'revoked':
      return 'Your session was ended on the server (signed out elsewhere, or changed by an administrator).';
  }
}
