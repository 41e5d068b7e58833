import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { complianceSearchResultSchema } from '../../contract/compliance';
import { holdingsResultSchema } from '../../contract/holdings';
import { timelineSchema } from '../../contract/money-requests';
import { preflightSchema } from '../../contract/preflight';
import { securityListSchema } from '../../contract/security-hours';
import { call, callSandbox, clearFaults, investableOffering, signIn, useHarness } from './harness';

/*
 * A part of a page said in words (a gap of the timeline or of My investments, half of the
 * compliance search, the invest form's bank check) that the platform would not read because it
 * refused the portal's own credentials (103, §5 rule 8): reading it again gets the same answer
 * until the operators fix the portal's settings. The reply says so beside the words (the code of
 * a whole reply, upstream_misconfigured, or the gap marked lasting), so the page offers no Try
 * again, and the words are those a whole reply says: the access is not set up, contact support.
 */
const ACCESS =
  'The portal’s access to the platform is not set up correctly. Please contact support.';

const h = useHarness();
let investor = '';
beforeAll(async () => void (investor = await signIn(h.app, 'investor@demo.test')));
afterEach(() => clearFaults(h.sandboxUrl));
/** The demo investor's first account, the one the faults below name. */
const accountIdOf = () => h.manifest.investors[0].accountIds[0];

const refuseCredentials = (operation: string, when?: Record<string, string>) =>
  callSandbox(h.sandboxUrl, '/__sandbox/faults', {
    operation,
    statusCode: '103',
    ...(when ? { when } : {}),
    times: 1,
  });
const read = async (url: string, cookie = investor) => {
  const res = await call(h.app, 'GET', url, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
};

describe('the timeline', () => {
  it('marks the fund moves refused for the portal’s access lasting, in the operators’ words, with no part to read again', async () => {
    const accountId = accountIdOf();
    await refuseCredentials('getCustodyFundMoves', { accountId });
    const timeline = timelineSchema.parse(await read(`/api/accounts/${accountId}/timeline`));
    const gap = `Fund moves (deposits, and what disbursements took out) could not be read. ${ACCESS}`;
    expect(timeline.gaps).toEqual([gap]);
    expect(timeline.lasting).toEqual([gap]);
    expect(timeline.unread).toBeUndefined();
  });

  it('leaves a failure of the moment readable again, and not lasting', async () => {
    const accountId = accountIdOf();
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyFundMoves',
      httpStatus: 503,
      when: { accountId },
    });
    const timeline = timelineSchema.parse(await read(`/api/accounts/${accountId}/timeline`));
    expect(timeline.unread?.map((u) => u.part)).toEqual(['fund_moves']);
    expect(timeline.lasting).toBeUndefined();
  });
});

describe('My investments', () => {
  it('marks the account whose trades were refused for the portal’s access lasting', async () => {
    await refuseCredentials('trades');
    const holdings = holdingsResultSchema.parse(await read('/api/holdings'));
    if (holdings.state !== 'available') throw new Error(holdings.state);
    expect(holdings.gaps).toHaveLength(1);
    expect(holdings.gaps[0]).toMatch(
      /^The investments of account \S+ could not be read, so they are neither listed nor in any total below\. /,
    );
    expect(holdings.gaps[0]).toContain(ACCESS);
    expect(holdings.lasting).toEqual(holdings.gaps);
  });
});

describe('the compliance search', () => {
  it('gives the unsearched half the error a whole reply would give, code and words', async () => {
    const reviewer = await signIn(h.app, 'compliance@demo.test');
    await refuseCredentials('searchEntity');
    const found = complianceSearchResultSchema.parse(
      await read('/api/compliance/search?q=an', reviewer),
    );
    expect(found.unsearched).toEqual(['entities']);
    expect(found.unsearchedErrors?.entities).toMatchObject({
      code: 'upstream_misconfigured',
      message: ACCESS,
    });
    expect(found.unsearchedErrors?.entities?.requestId).toBeTruthy();
    expect(found.unsearchedErrors?.accounts).toBeUndefined();
  });
});

describe('the compliance search answered "not found"', () => {
  it('reads a search the platform answers with a not-found code (as real traffic answers an empty list) as no match', async () => {
    const reviewer = await signIn(h.app, 'compliance@demo.test');
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'searchEntity',
      statusCode: '404',
      times: 1,
    });
    const found = complianceSearchResultSchema.parse(
      await read('/api/compliance/search?q=an', reviewer),
    );
    expect(found.unsearched).toEqual([]);
    expect(found.entities).toEqual([]);
    // The other half is searched as ever.
    expect(found.accounts.length).toBeGreaterThan(0);
  });
});

describe('the invest preflight', () => {
  it('says why the linked bank could not be checked, by the code of a whole reply', async () => {
    const offering = await investableOffering(h.app, investor);
    const accountId = accountIdOf();
    await refuseCredentials('getExternalAccount', { accountId });
    const preflight = preflightSchema.parse(
      await read(`/api/offerings/${offering.id}/preflight?accountId=${accountId}`),
    );
    expect(preflight.achAvailable).toBeNull();
    expect(preflight.achError).toMatchObject({ code: 'upstream_misconfigured', message: ACCESS });
  });
});

describe('the securities of the trading-hours pages', () => {
  it('says the order book was refused for the portal’s access in the operators’ words, not “right now”', async () => {
    const reviewer = await signIn(h.app, 'compliance@demo.test');
    h.built.deps.orderBook.invalidate();
    await refuseCredentials('getOrdersForADay');
    const list = securityListSchema.parse(await read('/api/securities', reviewer));
    expect(list.gaps).toHaveLength(1);
    expect(list.gaps[0]).toMatch(
      /^The order book of [A-Z][a-z]+ \d{1,2}, \d{4}, which lists the securities, could not be read\. The portal’s access to the platform is not set up correctly\. Please contact support\. .+ Give support this reference: \S+\.$/,
    );
    expect(list.gaps[0]).not.toMatch(/right now|If this keeps happening/);
  });
});
