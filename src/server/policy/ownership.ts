import { isReviewer, type SessionUser } from '../../contract/session';

export type Principal = Pick<SessionUser, 'role' | 'accountIds' | 'issuerIds' | 'securityIds'>;
import type { ObjectKind, ObjectRule } from './types';

export interface OwnershipResolver {
  /** The issuer that owns an offering, or null when the offering is unknown. */
  issuerOfOffering(offeringId: string): Promise<string | null>;
}

/** Whether `user` may name object `id` of `kind` under `rule`. Default deny. */
export async function mayAccess(
  user: Principal,
  rule: ObjectRule,
  id: string,
  resolver: OwnershipResolver,
): Promise<boolean> {
  if (rule.check === 'any') return true;
  if (isReviewer(user.role)) return true;
  return ownsObject(user, rule.kind, id, resolver);
}

async function ownsObject(
  user: Principal,
  kind: ObjectKind,
  id: string,
  resolver: OwnershipResolver,
): Promise<boolean> {
  switch (kind) {
    case 'account':
      return user.role === 'investor' && user.accountIds.includes(id);
    case 'issuer':
      return user.role === 'issuer_staff' && user.issuerIds.includes(id);
    case 'security':
      return user.role === 'issuer_staff' && user.securityIds.includes(id);
    case 'offering': {
      if (user.role !== 'issuer_staff') return false;
      const issuerId = await resolver.issuerOfOffering(id);
      return issuerId !== null && user.issuerIds.includes(issuerId);
    }
  }
}
