import type { Offering } from '../../contract/offerings';
import type { OwnershipResolver } from '../policy/ownership';
import { HttpError } from './http-error';
import { fromUpstream, isUpstreamError } from './upstream-errors';

/**
 * How long the issuer of an offering, as the last catalogue read named it, stands in for a
 * catalogue that cannot be read. The catalogue (§4.8, the GET offerings collection §4.16) is the
 * only read that names an offering's issuer: no read of one offering by id is named, and the
 * purchase history's records do not name it (§2.3). An offering's issuer is set when it is
 * created (createOffering, §4.16) and no operation changing it is named, so a recent answer is
 * safe to use; it is kept short all the same, so an outage longer than this is said as such.
 */
export const OFFERING_OWNERS_MEMORY_MS = 15 * 60_000;

/**
 * Who owns which offering, from each catalogue read that succeeded, so that issuer staff keep
 * their purchase history through a short outage of the catalogue alone: the failure stays with
 * the catalogue. It never grants what the catalogue would not: only an offering the last read
 * named, and only to its issuer's staff (policy/ownership.ts).
 */
export class OfferingOwners {
  private readonly owners = new Map<string, { issuerId: string; at: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly memoryMs = OFFERING_OWNERS_MEMORY_MS,
  ) {}

  /** Records what a successful catalogue read said; an offering it no longer lists is forgotten. */
  remember(offerings: readonly Offering[]): void {
    const at = this.now();
    this.owners.clear();
    for (const offering of offerings)
      this.owners.set(offering.id, { issuerId: offering.issuerId, at });
  }

  /** The issuer the last read named, while recent; undefined when unknown or too old. */
  recentIssuerOf(offeringId: string): string | undefined {
    const known = this.owners.get(offeringId);
    return known && this.now() - known.at <= this.memoryMs ? known.issuerId : undefined;
  }

  /**
   * The resolver the route policy asks: the catalogue first (it may have changed), then, while
   * it cannot be read, the recent answer. Without one, the refusal names the catalogue as the
   * cause: the offering is not shown because its owner cannot be checked, not because the
   * purchase history failed.
   */
  resolver(readCatalogue: () => Promise<{ offerings: Offering[] }>): OwnershipResolver {
    return {
      issuerOfOffering: async (offeringId) => {
        let offerings: Offering[];
        try {
          ({ offerings } = await readCatalogue());
        } catch (err) {
          const recent = this.recentIssuerOf(offeringId);
          if (recent !== undefined) return recent;
          if (!isUpstreamError(err)) throw err;
          const cause = fromUpstream(err);
          throw new HttpError(
            cause.code,
            "The list of offerings could not be read, and the portal checks by it that an offering is your issuer's, so this offering cannot be shown now. Nothing else is wrong with it: try again in a few minutes.",
            { submitted: 'no' },
          );
        }
        return offerings.find((o) => o.id === offeringId)?.issuerId ?? null;
      },
    };
  }
}
