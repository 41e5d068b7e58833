import type { Role } from '../../contract/session';

/** The kinds of upstream object a request can name, and whose they are. */
export type ObjectKind = 'account' | 'issuer' | 'offering' | 'security';

/**
 * How one object id in a request is checked against the signed-in user.
 * - `own`: investors only their linked accounts; issuer staff only their issuers and those
 *   issuers' offerings and securities; compliance and admin any (their reads are audited).
 * - `any`: the id names public market data (an offering's public page, a security's order book):
 *   every allowed role may name any id. It is still declared, so the table lists every id.
 */
export interface ObjectRule {
  from: 'params' | 'query' | 'body';
  field: string;
  kind: ObjectKind;
  check: 'own' | 'any';
  /** The id may be absent (for example a list across accounts for compliance). */
  optional?: boolean;
}

export interface RoutePolicy {
  /** `public`: no session needed. Otherwise the roles that may call the route. */
  roles: 'public' | readonly Role[];
  objects: readonly ObjectRule[];
  /** One sentence on what the route reveals or changes, shown in docs and the policy table. */
  note?: string;
  /**
   * A fresh second factor (proved within STEP_UP_MINUTES) before the handler runs: `always`,
   * or `conditional` when the handler asks for it past a threshold (a large investment).
   */
  stepUp?: 'always' | 'conditional';
  /** Answers a session whose second factor is still owed (finishing sign-in, enrolling). */
  pendingAllowed?: boolean;
}

export const ALL_ROLES: readonly Role[] = ['investor', 'issuer_staff', 'compliance', 'admin'];
export const REVIEWERS: readonly Role[] = ['compliance', 'admin'];
