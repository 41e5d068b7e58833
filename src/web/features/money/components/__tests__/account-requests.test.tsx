// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { MoneyRequestView } from '../../../../../contract/money-requests';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../testing/render';
import { withViewportWidth } from '../../../../testing/viewport';
import { AccountRequests } from '../account-requests';

startMockBff();
withViewportWidth(1280);
afterEach(cleanup);

/** 45 requests of one account, newest first, as the BFF pages them (offset and limit). */
const all: MoneyRequestView[] = Array.from({ length: 45 }, (_, i) => ({
  reference: `MR-${String(i).padStart(10, '0')}`,
  accountId: 'A1040000',
  kind: 'disbursement',
  amount: `${100 + i}.00`,
  offeringId: null,
  offeringName: null,
  units: null,
  unitPrice: null,
  upstreamId: null,
  platformIdKind: null,
  outcome: 'created',
  message: null,
  createdAt: new Date(Date.UTC(2026, 10, 27, 12) - i * 60_000).toISOString(),
  settledAt: null,
  settledBy: null,
  userEmail: null,
}));

function answerRequests(asked: URLSearchParams[]) {
  bff.use(
    http.get('/api/accounts/A1040000/money-requests', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const offset = Number(params.get('offset'));
      const limit = Number(params.get('limit'));
      return HttpResponse.json({
        requests: all.slice(offset, offset + limit),
        total: all.length,
        offset,
        limit,
      });
    }),
  );
}

const shownReferences = () =>
  within(screen.getByRole('table', { name: 'Requests sent from the portal' }))
    .getAllByText(/^MR-/)
    .map((cell) => cell.textContent);

describe("an investor reads the account's requests", () => {
  it('reaches every request a page at a time, the oldest included', async () => {
    const asked: URLSearchParams[] = [];
    answerRequests(asked);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AccountRequests accountId="A1040000" />);

    const pages = await screen.findByRole('navigation', {
      name: 'Pages of requests sent from the portal',
    });
    expect(within(pages).getByText('1–20 of 45')).toBeTruthy();
    expect(shownReferences()[0]).toBe('MR-0000000000');
    expect(within(pages).getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);

    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    expect(await within(pages).findByText('21–40 of 45')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    expect(await within(pages).findByText('41–45 of 45')).toBeTruthy();
    expect(shownReferences()).toEqual(all.slice(40).map((r) => r.reference));
    expect(within(pages).getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
    expect(asked.map((params) => params.get('offset'))).toEqual(['0', '20', '40']);

    await user.click(within(pages).getByRole('button', { name: 'Newer' }));
    expect(await within(pages).findByText('21–40 of 45')).toBeTruthy();
  });

  it('keeps the keyboard in the pager when "Older" reaches the last page and disables itself', async () => {
    answerRequests([]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AccountRequests accountId="A1040000" />);
    const pages = await screen.findByRole('navigation', {
      name: 'Pages of requests sent from the portal',
    });
    const older = within(pages).getByRole('button', { name: 'Older' });
    const newer = within(pages).getByRole('button', { name: 'Newer' });
    older.focus();
    await user.keyboard('{Enter}');
    expect(await within(pages).findByText('21–40 of 45')).toBeTruthy();
    // A page in the middle: the button pressed is still there, and keeps the focus.
    expect(document.activeElement).toBe(older);
    await user.keyboard('{Enter}');
    expect(await within(pages).findByText('41–45 of 45')).toBeTruthy();
    expect(older).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(newer);
    // The range the focus lands beside is read out as it changes.
    expect(within(pages).getByText('41–45 of 45').getAttribute('aria-live')).toBe('polite');

    // The same the other way: "Newer" onto the first page hands the focus to "Older".
    await user.keyboard('{Enter}');
    expect(await within(pages).findByText('21–40 of 45')).toBeTruthy();
    expect(document.activeElement).toBe(newer);
    await user.keyboard('{Enter}');
    expect(await within(pages).findByText('1–20 of 45')).toBeTruthy();
    expect(document.activeElement).toBe(older);
  });

  it('shows no page buttons when every request fits on one page', async () => {
    bff.use(
      http.get('/api/accounts/A1040000/money-requests', () =>
        HttpResponse.json({ requests: all.slice(0, 3), total: 3, offset: 0, limit: 20 }),
      ),
    );
    renderWithProviders(<AccountRequests accountId="A1040000" />);
    expect(await screen.findByText('MR-0000000002')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('an account with no requests yet', () => {
  it('names every kind the list holds, deposits first', async () => {
    bff.use(
      http.get('/api/accounts/A1040000/money-requests', () =>
        HttpResponse.json({ requests: [], total: 0, offset: 0, limit: 20 }),
      ),
    );
    renderWithProviders(<AccountRequests accountId="A1040000" />);
    // Under the h2 of its section, "Requests sent from the portal".
    expect((await screen.findByText('No requests yet')).tagName).toBe('H3');
    // A deposit made on this very page is listed here: the empty state says so.
    expect(
      screen.getByText(
        'Deposits, disbursements, investments and IRA requests sent from this portal are listed here with their outcome.',
      ),
    ).toBeTruthy();
  });
});
