import { expect, request, type Page } from '@playwright/test';
import { demoPassword } from './helpers';

/** The sandbox of this run: E2E_PORT + 10 (playwright.config.ts). */
const sandboxUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 10}`;

export type Manifest = { investors: { accountIds: string[] }[] };

export async function manifest(page: Page): Promise<Manifest> {
  const response = await page.request.get(`${sandboxUrl}/__sandbox/manifest`);
  return (await response.json()) as Manifest;
}

/**
 * Upstream calls of one operation; with `accountId`, only the calls naming that account, since
 * the other worker's tests call the same sandbox at the same time.
 */
export async function upstreamCalls(
  page: Page,
  operation: string,
  accountId?: string,
): Promise<number> {
  const query = accountId ? `?accountId=${encodeURIComponent(accountId)}` : '';
  const response = await page.request.get(`${sandboxUrl}/__sandbox/calls${query}`);
  const { byOperation } = (await response.json()) as { byOperation: Record<string, number> };
  return byOperation[operation] ?? 0;
}

/**
 * Adds a sandbox fault rule and returns its id. Scope it with `when` (for example the account
 * the test uses): the other worker's tests share this sandbox, and an unscoped rule would break
 * their calls and be spent by them.
 */
export async function injectFault(page: Page, fault: Record<string, unknown>): Promise<number> {
  const response = await page.request.post(`${sandboxUrl}/__sandbox/faults`, { data: fault });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

/**
 * A disbursement the platform receives straight from its client, as a request whose answer the
 * portal lost would have reached it: with our reference in additionalDetails, which the platform
 * echoes into the fund move that takes the money out (§2.10, §4.3). That fund move's reference.
 */
export async function disbursementReachesPlatform(
  page: Page,
  request: { accountId: string; amount: string; reference: string },
): Promise<string> {
  const sent = await page.request.post(`${sandboxUrl}/index.php/v3/createCustodyFundDisbursement`, {
    data: {
      clientID: 'sandbox-client',
      developerAPIKey: 'sandbox-key-full-access',
      accountId: request.accountId,
      amount: request.amount,
      type: 'ACH',
      additionalDetails: `Portal ref ${request.reference}`,
    },
  });
  expect(sent.ok()).toBe(true);
  const moves = await page.request.post(`${sandboxUrl}/index.php/v3/getCustodyFundMoves`, {
    data: {
      clientID: 'sandbox-client',
      developerAPIKey: 'sandbox-key-full-access',
      accountId: request.accountId,
    },
  });
  const { custodyTransactions } = (await moves.json()) as {
    custodyTransactions: { referenceNumber: string; description: string }[];
  };
  return custodyTransactions.find((m) => m.description.includes(request.reference))!
    .referenceNumber;
}

/** Removes this test's rule, if a failure left it unspent, and no other test's rule. */
export async function removeFault(page: Page, id: number) {
  await page.request.delete(`${sandboxUrl}/__sandbox/faults/${id}`);
}

/**
 * How linkExternalAccount links this account's bank (docs/sandbox.md): `hosted` hands out the
 * sandbox's stand-in for the platform's page and links nothing until it is finished there.
 */
export async function setBankLinking(page: Page, mode: 'instant' | 'hosted', accountId: string) {
  const response = await page.request.post(`${sandboxUrl}/__sandbox/bank-linking`, {
    data: { mode, accountId },
  });
  expect(response.ok()).toBe(true);
}

/** An offering that takes investments, found through the BFF as the signed-in user. */
export async function investableOffering(page: Page) {
  const response = await page.request.get('/api/offerings', { headers: { 'X-CSRF': '1' } });
  const { offerings } = (await response.json()) as {
    offerings: {
      id: string;
      name: string;
      status: string;
      remainingShares: string;
      unitPrice: string;
      minAmount: string;
    }[];
  };
  // Not the seed's 2,000-trade offering: the issuer's purchase-history journey checks its exact
  // totals, and a trade made here would change them.
  const { largestOfferingId } = (await manifest(page)) as { largestOfferingId?: string };
  const offering = offerings.find(
    (o) =>
      ['approved', 'open'].includes(o.status) &&
      Number(o.remainingShares) > 1000 &&
      o.id !== String(largestOfferingId),
  );
  if (!offering) throw new Error('No offering open for investment');
  return offering;
}

/** Nothing wider than the viewport: the page works at 375 px. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
}

/**
 * The focused element starts below the fixed app bar: what focus moved to after an action (a
 * review, a receipt) is seen, not hidden behind the bar (WCAG 2.4.11, focus not obscured).
 */
export async function expectFocusBelowAppBar(page: Page) {
  const barBottom = await page
    .getByRole('banner')
    .evaluate((bar) => bar.getBoundingClientRect().bottom);
  const focusedTop = await page.evaluate(
    () => document.activeElement?.getBoundingClientRect().top ?? Number.NaN,
  );
  expect(focusedTop).toBeGreaterThanOrEqual(barBottom);
}

/**
 * A reviewer at another desk settles a request whose connection a test dropped as never arrived,
 * as soon as the portal allows it (once the quiet period has passed, 13 s in these runs):
 * while it stands, a new request of its kind for the account waits for an explicit "additional"
 * confirmation, and the other journeys of this run use the same account.
 */
export async function settleAsNeverArrived(page: Page, reference: string) {
  const origin = new URL(page.url()).origin;
  const api = await request.newContext({
    baseURL: origin,
    extraHTTPHeaders: { 'X-CSRF': '1', Origin: origin },
  });
  try {
    const signedIn = await api.post('/api/session', {
      data: { email: 'compliance@demo.test', password: demoPassword },
    });
    expect(signedIn.ok()).toBe(true);
    await expect
      .poll(
        async () =>
          (
            await api.post(`/api/compliance/money-requests/${reference}/settle`, {
              data: {
                outcome: 'not_sent',
                reason: 'The test dropped the connection before the platform saw the request',
              },
            })
          ).status(),
        { timeout: 50_000, intervals: [1_000] },
      )
      .toBe(200);
  } finally {
    await api.dispose();
  }
}
