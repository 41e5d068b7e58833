import { expect, test, type Route } from '@playwright/test';
import { signedInAs } from './helpers';

/*
 * The audit log at 1280 px with the rows that need the most room: a request's events name our
 * reference and link to the register, and a user's events name an address. Each reference must
 * show on one line and an address break only at its @ or a dot, never inside a name; the fresh
 * run's own events may hold neither, so the BFF's answer is replaced by such rows (auditEventSchema).
 */
const base = {
  role: 'investor',
  reason: null,
  outcome: 'succeeded',
  ip: '127.0.0.1',
  requestId: '5b5ea531-0000-4000-8000-000000000000',
};
const events = [
  {
    ...base,
    id: '3',
    at: '2026-11-29T20:05:37.000Z',
    userEmail: 'investor@demo.test',
    action: 'deposit_requested',
    objectType: 'account',
    objectId: 'A1040000',
    details: { amount: '12.34', reference: 'MR-A92KBJ09Z6' },
  },
  {
    ...base,
    id: '2',
    at: '2026-11-29T20:04:00.000Z',
    userEmail: 'compliance@demo.test',
    role: 'compliance',
    action: 'money_request_settled',
    objectType: 'money_request',
    objectId: 'MR-7K2Q9D1X4B',
    details: { via: 'manual', settled: 'not_sent' },
  },
  {
    ...base,
    id: '1',
    at: '2026-11-29T20:01:50.000Z',
    userEmail: 'admin@demo.test',
    role: 'admin',
    action: 'user_created',
    objectType: 'user',
    objectId: '69065b58-d3e5-472b-9e87-f377bbb37d91',
    details: { email: 'compliance.reviewer@demo.test' },
  },
];

async function wideEvents(route: Route) {
  const answer = await route.fetch();
  await route.fulfill({ response: answer, json: { events, nextBefore: null } });
}

// A read the page starts as the test ends (a refetch) finds its route's handler on a closed
// page: it is dropped rather than failing the test after its checks passed.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('at 1280 px every heading shows in full, the Object column each reference on one line, and addresses break only at their parts', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.route(/\/api\/audit-events(\?|$)/, wideEvents);
  await signedInAs(page, 'compliance@demo.test');
  await page.goto('/audit');
  const grid = page.getByRole('grid', { name: 'Audit events' });
  await expect(grid).toContainText('MR-A92KBJ09Z6 in the register');
  const layout = await grid.evaluate((element) => {
    // The lines a piece of text takes, by the tops of its boxes.
    const linesOf = (node: Node, start: number, end: number) => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    const split: string[] = [];
    const cells = element.querySelectorAll('[data-field="objectType"], [data-field="userEmail"]');
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // References whole, and each part of an address between its @ and dots.
        for (const match of text.matchAll(/MR-[0-9A-Z]{10}|[^\s@.()]+/g)) {
          const index = match.index ?? 0;
          if (linesOf(node, index, index + match[0].length) > 1) split.push(match[0]);
        }
      }
    }
    const header = element.querySelector<HTMLElement>(
      '[role="columnheader"][data-field="objectType"]',
    )!;
    const scroller = element.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller')!;
    // A heading cut short ("IP addr…") is wider than the room it is given.
    const cutHeadings = [...element.querySelectorAll<HTMLElement>('.MuiDataGrid-columnHeaderTitle')]
      .filter((title) => title.scrollWidth > title.clientWidth)
      .map((title) => title.textContent);
    return {
      split,
      cutHeadings,
      objectWidth: Math.round(header.getBoundingClientRect().width),
      hidden: scroller.scrollWidth - scroller.clientWidth,
    };
  });
  expect(layout.split, 'words broken across lines').toEqual([]);
  expect(layout.cutHeadings, 'column headings cut short').toEqual([]);
  expect(layout.objectWidth).toBeGreaterThanOrEqual(150);
  expect(layout.hidden, 'the grid scrolls sideways').toBeLessThanOrEqual(1);
});
