import { expect, test, type Route } from '@playwright/test';
import { signedInAs } from './helpers';

/*
 * The register's widest rows, whatever this run's requests are: the page walk of every page
 * (every-page-is-accessible.spec.ts) sees the register when few requests exist, none of them with
 * the long platform ids, wire methods and sentences below, and so cannot catch a column cut at
 * the frame's edge. Here the BFF's answer is replaced by such rows, each field of a shape the
 * contract allows (moneyRequestViewSchema).
 */
const made = '2026-11-29T11:37:00.000Z';
const base = {
  accountId: 'A1040000',
  offeringId: null,
  offeringName: null,
  units: null,
  unitPrice: null,
  method: null,
  upstreamId: null,
  platformIdKind: null,
  outcome: 'created',
  beingSent: null,
  message: null,
  nextStep: null,
  createdAt: made,
  settledAt: null,
  settledBy: null,
  probableTradeId: null,
  userEmail: 'investor2@demo.test',
  settledByEmail: null,
};
const wideRows = [
  // A disbursement the platform answered directly: its request id, a UUID (§2.10 requestId),
  // and the fund move that carries our reference.
  {
    ...base,
    reference: 'MR-VCWHYBR2PX',
    kind: 'disbursement',
    amount: '2500.00',
    method: 'wire_international',
    upstreamId: 'e52a4243-f293-4dd1-98c3-b64209e5a1c7',
    platformIdKind: 'disbursement_request',
    fundMove: 'CFM7000012345',
  },
  {
    ...base,
    reference: 'MR-435EE48A01',
    kind: 'disbursement',
    amount: '12.40',
    method: 'ach',
    upstreamId: '435ee48a-0b7d-4c4e-9d2a-7f1e2b3c4d5e',
    platformIdKind: 'disbursement_request',
  },
  // An investment of unknown outcome: the reviewer's longest sentences and Settle by hand.
  {
    ...base,
    reference: 'MR-H8161SAVXJ',
    kind: 'investment',
    amount: '130000.00',
    offeringId: '5204',
    offeringName: 'Blue Mesa Solar Partners Income Fund II',
    units: '13000',
    unitPrice: '10.00',
    method: 'wire_domestic',
    outcome: 'unknown',
    userEmail: 'investor.with.a.longer.address@demo.test',
  },
  {
    ...base,
    reference: 'MR-8ZA58JKAS4',
    kind: 'investment',
    amount: '130.00',
    offeringId: '5201',
    offeringName: 'Aspen Ridge Growth Fund I',
    units: '13',
    unitPrice: '10.00',
    method: 'ach',
    upstreamId: '3021234567',
    platformIdKind: 'trade',
  },
];

async function wideRegister(route: Route) {
  const answer = await route.fetch();
  const page = (await answer.json()) as { offset: number; limit: number };
  await route.fulfill({
    response: answer,
    json: { ...page, requests: wideRows, total: wideRows.length },
  });
}

// A read the page starts as the test ends (a refetch) finds its route's handler on a closed
// page: it is dropped rather than failing the test after its checks passed.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('at 1280 px every column of the register shows without scrolling it sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.route(/\/api\/compliance\/money-requests(\?|$)/, wideRegister);
  await signedInAs(page, 'compliance@demo.test');
  await page.goto('/compliance/money-requests');
  const register = page.getByRole('table', { name: 'Money requests' });
  await expect(register).toContainText('e52a4243');
  await expect(register).toContainText('Outcome unknown');
  const layout = await register.evaluate((table) => {
    const frame = table.closest<HTMLElement>('.MuiTableContainer-root')!;
    const widths = [...table.querySelectorAll('th')].map(
      (th) => `${th.textContent}: ${Math.round(th.getBoundingClientRect().width)}`,
    );
    return {
      hidden: frame.scrollWidth - frame.clientWidth,
      widths: widths.join(', '),
      tabStop: frame.getAttribute('tabindex'),
    };
  });
  expect(layout.hidden, `columns (${layout.widths})`).toBeLessThanOrEqual(1);
  // A frame that scrolls nothing is no Tab stop announced "(scrollable)".
  if (layout.hidden <= 0) expect(layout.tabStop).toBeNull();
});
