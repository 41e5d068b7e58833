import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkBankReceiptSchema, linkedBankResultSchema } from '../../contract/cash';
import { call, callSandbox, signIn, startHarness, type Harness } from './harness';

/*
 * Linking a bank as the real platform does it: linkExternalAccount answers the URL of a hosted
 * bank-linking page (real-world notes §4.1) and getExternalAccount reports a bank only once the
 * investor finished there. The sandbox's hosted mode (docs/sandbox.md) emulates the page.
 */

let h: Harness;
let investor: string;
let roth: string;

beforeAll(async () => {
  h = await startHarness();
  investor = await signIn(h.app, 'investor@demo.test');
  // The Roth IRA starts without a linked bank (seed).
  roth = h.manifest.investors[0].accountIds[1];
  await callSandbox(h.sandboxUrl, '/__sandbox/bank-linking', { mode: 'hosted', accountId: roth });
});
afterAll(() => h?.close());

const linkedBank = async () =>
  linkedBankResultSchema.parse(
    (await call(h.app, 'GET', `/api/accounts/${roth}/linked-bank`, { cookie: investor })).json(),
  );

describe('linking a bank on the platform page', () => {
  it('hands the page to the browser with nothing linked yet, and the bank once the page is finished', async () => {
    const res = await call(h.app, 'POST', `/api/accounts/${roth}/linked-bank`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(201);
    const receipt = linkBankReceiptSchema.parse(res.json());
    expect(receipt.result.state).toBe('none');
    expect(receipt.linkUrl).toMatch(new RegExp(`^${h.sandboxUrl}/__sandbox/bank-link/[\\w-]+$`));
    expect((await linkedBank()).state).toBe('none');

    // What the investor does in the other tab.
    expect((await fetch(receipt.linkUrl!, { method: 'POST' })).status).toBe(200);

    const after = await linkedBank();
    expect(after.state).toBe('linked');
    if (after.state !== 'linked') return;
    expect(after.bank.accountNumberMasked).toMatch(/^••••\d{4}$/);
  });
});
