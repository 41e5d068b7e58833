import type { Config } from './config';
import type { Db } from './store/db';
import type { StoredUser } from './store/users';
import type { ActiveSession } from './store/sessions';
import type { OwnershipResolver } from './policy/ownership';
import type { UpstreamClient } from './upstream/client';
import type { OfferingCatalog } from './lib/offering-catalog';
import type { CoalescingCache } from './lib/coalescing-cache';
import type { OrderBookCache } from './lib/order-book-cache';
import type { WeekHours } from '../contract/market-hours';
import type { AuditEvent } from './store/audit';
import type { OidcClient } from './lib/oidc';
import type { OutcomeSpool } from './store/spool';
import type { Sealer } from './lib/sealed-values';

/** The signed-in user as the BFF sees them: identity, role and linked upstream ids. */
export type SignedInUser = StoredUser;

/** What routes are given: nothing global, everything passed in (tests build their own). */
export interface Deps {
  config: Config;
  db: Db;
  upstream: UpstreamClient;
  ownership: OwnershipResolver;
  /** Public reads shared across users for a few seconds. */
  offerings: CoalescingCache<OfferingCatalog>;
  /** Reads every offering from the upstream (through `offerings` for sharing). */
  loadOfferings(): Promise<OfferingCatalog>;
  /** The order book's days, walked once and shared by every viewer for a few seconds. */
  orderBook: OrderBookCache;
  /** The platform's global trading hours: public, rarely changed, shared for a minute. */
  globalHours: CoalescingCache<WeekHours>;
  audit(event: AuditEvent): Promise<void>;
  /** True when the upstream is the bundled sandbox. */
  sandbox: boolean;
  /** Single sign-on, when configured. */
  oidc?: OidcClient;
  /** This process, as named in the owner lease of the claims it holds. */
  instanceId: string;
  /** Where money outcomes wait when the store cannot take them (store/spool.ts). */
  spool: OutcomeSpool;
  /** Seals the secrets the store keeps (lib/sealed-values.ts). */
  sealer: Sealer;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SignedInUser | null;
    /** The live session behind the cookie, when there is one. */
    session: ActiveSession | null;
  }
}
