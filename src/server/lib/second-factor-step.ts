import type { Role } from '../../contract/session';
import type { SecondFactorMethod } from '../../contract/identity';
import type { Deps } from '../deps';
import { listFactors, remainingRecoveryCodes } from '../store/second-factors';

/**
 * What a sign-in still needs after the password (or the OpenID provider) was accepted: a second
 * factor when the user has one, enrolment when their role requires one and they have none yet.
 */
export async function secondFactorStep(
  deps: Deps,
  user: { id: string; role: Role },
): Promise<{ step: 'verify' | 'enrol'; methods: SecondFactorMethod[] } | null> {
  const factors = await listFactors(deps.db, user.id);
  if (factors.length > 0) {
    const methods: SecondFactorMethod[] = [];
    if (factors.some((f) => f.kind === 'passkey')) methods.push('passkey');
    if (factors.some((f) => f.kind === 'totp')) methods.push('totp');
    if ((await remainingRecoveryCodes(deps.db, user.id)) > 0) methods.push('recovery');
    return { step: 'verify', methods };
  }
  if (deps.config.identity.mfaRequiredRoles.includes(user.role)) {
    return { step: 'enrol', methods: ['totp', 'passkey'] };
  }
  return null;
}
