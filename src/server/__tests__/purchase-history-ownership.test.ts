import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { offeringPurchaseHistorySchema } from '../../contract/issuer-workspace';
import { OFFERING_OWNERS_MEMORY_MS } from '../lib/offering-owners';
import { call, callSandbox, clearFaults, sandboxCallsOf, signIn, useHarness } from './harness';

/**
 * Issuer staff read a purchase history only of their issuer's offerings, and the catalogue
 * (§4.8, the GET offerings collection) is the only read naming an offering's issuer (§2.2; no
 * read of one offering is named, §4.16, and §2.3's records do not name it). When the catalogue
 * alone fails, what it said a moment ago still tells whose offering it is: the failure stays
 * with the catalogue, and no one sees another issuer's purchases.
 */
let clock = Date.now();
let issuerCookie: string;
let complianceCookie: string;
const h = useHarness({ now: () => clock });
beforeAll(async () => {
  issuerCookie = await signIn(h.app, 'issuer@demo.test');
  complianceCookie = await signIn(h.app, 'compliance@demo.test');
});
afterEach(async () => {
  await clearFaults(h.sandboxUrl);
});

const history = (offeringId: string, cookie = issuerCookie) =>
  call(h.app, 'GET', `/api/offerings/${offeringId}/purchase-history`, { cookie });

/** The catalogue cannot be read, whichever of its two operations the BFF uses. */
async function catalogueDown() {
  for (const operation of ['offerings', 'getAllOffers']) {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', { operation, httpStatus: 500 });
  }
  // The next ownership check reads the catalogue afresh instead of its few-seconds cache.
  h.built.deps.offerings.invalidate();
}

describe("issuer staff's purchase history while the offerings catalogue cannot be read", () => {
  it("stays readable for their own offering, as a reviewer's does, from the catalogue read moments ago", async () => {
    const own = h.manifest.issuers[0].offeringIds![0];
    expect((await history(own)).statusCode).toBe(200);

    await catalogueDown();
    clock += 60_000;
    const res = await history(own);
    expect(res.statusCode, res.body).toBe(200);
    const { history: read } = offeringPurchaseHistorySchema.parse(res.json());
    expect(read.offeringId).toBe(own);
    // Compliance read it all along (no ownership to check).
    expect((await history(own, complianceCookie)).statusCode).toBe(200);
  });

  it("still refuses another issuer's offering: the catalogue read moments ago named its issuer", async () => {
    const other = h.manifest.issuers[1].offeringIds![0];
    expect((await history(other, complianceCookie)).statusCode).toBe(200);
    await catalogueDown();
    const res = await history(other);
    expect(res.statusCode).toBe(403);
  });

  it('names the catalogue as the cause when its last answer is too old to rely on', async () => {
    const own = h.manifest.issuers[0].offeringIds![0];
    expect((await history(own)).statusCode).toBe(200);
    await catalogueDown();
    clock += OFFERING_OWNERS_MEMORY_MS + 1;
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const res = await history(own);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(
      /^The list of offerings could not be read, and the portal checks by it that an offering is your issuer's/,
    );
    // Nothing of the purchase history was read for a person whose ownership could not be checked.
    expect(await sandboxCallsOf(h.sandboxUrl, 'getOfferingPurchaseHistory')).toBe(0);
  });
});
