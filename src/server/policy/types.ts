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

/** A number of requests per window of time. */
export interface Rate {
  max: number;
  windowSeconds: number;
}

/**
 * Limits of an expensive or money route, counted in the store so every instance shares them.
 * Over a limit the BFF answers 429 with Retry-After before any work is done.
 */
export interface RouteLimits {
  /** Requests of one signed-in user (one address when anonymous). */
  perUser: Rate;
  /** Requests of every user together: the share of the upstream this route may take. */
  global: Rate;
  /** Requests of one user running at once on one instance (long walks such as an order-book day). */
  concurrentPerUser?: number;
  /** What those requests load, in the plural, as the refusal past `concurrentPerUser` names them. */
  concurrentWhat?: string;
}

export interface RoutePolicy {
  /** `public`: no session needed. Otherwise the roles that may call the route. */
  roles: 'public' | readonly Role[];
  objects: readonly ObjectRule[];
  /**
   * Non-GET routes that change nothing (a read sent as POST, such as a reveal); read-only roles
   * may hold these and no other non-GET route.
   */
  readsOnly?: true;
  /**
   * Non-GET routes that write only the reviewer's own working records in the portal's store
   * (review notes; the register's settlement of a request whose outcome was unknown, decided by
   * reading the upstream) and send nothing that changes the platform: a reviewer may hold these.
   */
  reviewRecord?: true;
  /**
   * Non-GET routes that change only the caller's own sign-in state in the portal's store (their
   * second factors, their sessions) and send nothing upstream: every role may hold these.
   */
  ownIdentity?: true;
  limits?: RouteLimits;
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
