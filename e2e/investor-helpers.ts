import { expect, type Page } from '@playwright/test';

/** The sandbox of this run: E2E_PORT + 10 (playwright.config.ts). */
export const sandboxUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 10}`;

export type Manifest = { investors: { accountIds: string[] }[] };

export async function manifest(page: Page): Promise<Manifest> {
  const response = await page.request.get(`${sandboxUrl}/__sandbox/manifest`);
  return (await response.json()) as Manifest;
}

export async function upstreamCalls(page: Page, operation: string): Promise<number> {
  const response = await page.request.get(`${sandboxUrl}/__sandbox/calls`);
  const { byOperation } = (await response.json()) as { byOperation: Record<string, number> };
  return byOperation[operation] ?? 0;
}

export async function injectFault(page: Page, fault: Record<string, unknown>) {
  const response = await page.request.post(`${sandboxUrl}/__sandbox/faults`, { data: fault });
  expect(response.ok()).toBe(true);
}

export async function clearFaults(page: Page) {
  await page.request.delete(`${sandboxUrl}/__sandbox/faults`);
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
