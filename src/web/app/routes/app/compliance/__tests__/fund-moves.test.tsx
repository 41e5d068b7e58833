// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComplianceFundMoves } from '../../../../../../contract/compliance';
import { noFundMoves } from '../../../../../testing/fund-move';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { catchDownloads, csvFile } from '../../../../../testing/downloads';
import { renderWithProviders } from '../../../../../testing/render';
import { withTimeZones } from '../../../../../testing/time-zones';
import ComplianceFundMovesRoute from '../fund-moves';

startMockBff();
afterEach(cleanup);

/** The BFF finds no fund move; the addresses it was asked for, in order. */
function noFundMovesAsked(): URL[] {
  const asked: URL[] = [];
  bff.use(
    http.get('/api/compliance/fund-moves', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json(noFundMoves);
    }),
  );
  return asked;
}

describe('a reviewer filters the fund moves across accounts', () => {
  it('keeps the Status picked when the Approval status is picked right after it', async () => {
    const asked = noFundMovesAsked();
    const { router } = renderWithProviders(<ComplianceFundMovesRoute />, {
      path: '/compliance/fund-moves?page=2',
    });
    await screen.findByText('No fund moves match');
    // Both are picked before the page renders the first one's address.
    act(() => {
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'settled' } });
      fireEvent.change(screen.getByLabelText('Approval status'), {
        target: { value: 'approved' },
      });
    });
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('status')).toBe('settled');
      expect(search.get('approvalStatus')).toBe('approved');
      // A filter starts the list again from its first page.
      expect(search.get('page')).toBeNull();
    });
    await waitFor(() =>
      expect(
        asked.some(
          (url) =>
            url.searchParams.get('status') === 'settled' &&
            url.searchParams.get('approvalStatus') === 'approved',
        ),
      ).toBe(true),
    );
  });
});

describe('a reviewer narrows the fund moves to one account', () => {
  it('asks for that account’s moves only, never lists every account’s under its filter', async () => {
    const asked = noFundMovesAsked();
    const { router } = renderWithProviders(<ComplianceFundMovesRoute />, {
      path: '/compliance/fund-moves?accountId=A1040000',
    });
    await screen.findByText('No fund moves match');
    expect(asked.map((url) => url.searchParams.get('accountId'))).toEqual(['A1040000']);

    // Typed in the field and applied, the next account is asked for alone too.
    const account = screen.getByLabelText('Account');
    await userEvent.clear(account);
    await userEvent.type(account, 'A1042595{Enter}');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('accountId')).toBe('A1042595'),
    );
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('accountId')).toBe('A1042595'));
  });
});

const answer = (reply: Partial<ComplianceFundMoves>) =>
  bff.use(
    http.get('/api/compliance/fund-moves', () =>
      HttpResponse.json({ ...noFundMoves, ...reply } satisfies ComplianceFundMoves),
    ),
  );

describe('a reviewer filters more fund moves than the listing searches', () => {
  it('is told that only the latest were searched, not that none match', async () => {
    answer({ bound: { searched: 10_000, total: 10_430 } });
    renderWithProviders(<ComplianceFundMovesRoute />, {
      path: '/compliance/fund-moves?status=declined',
    });
    expect(
      await screen.findByRole('heading', { name: 'None of the latest 10,000 fund moves match' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Only the latest 10,000 of 10,430 fund moves were searched; the 430 older ones are not in these results. Filter by Account to search every move of one account.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('No fund moves match')).toBeNull();
    expect(screen.getByLabelText('Account')).toBeTruthy();
  });

  it('counts with thousands separators and says the bound above the moves it lists', async () => {
    answer({
      totalRecords: 10_000,
      totalPages: 400,
      bound: { searched: 10_000, total: 10_430 },
      moves: [],
      skippedRecords: 1,
    });
    renderWithProviders(<ComplianceFundMovesRoute />, { path: '/compliance/fund-moves' });
    expect(await screen.findByText('10,000 moves match. Page 1 of 400.')).toBeTruthy();
    expect(
      screen.getByText(/Only the latest 10,000 of 10,430 fund moves were searched/),
    ).toBeTruthy();
  });
});

describe('a reviewer opens a shared link the page cannot apply', () => {
  it('an unknown status: told under Status, which shows the value rather than Any', async () => {
    const message =
      'Status must be one of Pending, Submitted, Settled, Returned, Voided, Declined (the link said “bogus”)';
    bff.use(
      http.get('/api/compliance/fund-moves', () =>
        errorAnswer(400, {
          code: 'bad_request',
          message: `query.status: ${message}`,
          fields: [{ field: 'query.status', message }],
        }),
      ),
    );
    const { router } = renderWithProviders(<ComplianceFundMovesRoute />, {
      path: '/compliance/fund-moves?status=bogus',
    });
    const filters = await screen.findByRole('group', { name: 'Filters' });
    await within(filters).findByText(message);
    const status = within(filters).getByLabelText('Status') as HTMLSelectElement;
    expect(status.getAttribute('aria-invalid')).toBe('true');
    expect(status.selectedOptions[0].textContent).toBe('“bogus” (not a status)');
    expect(screen.getByRole('heading', { name: 'These filters cannot be applied' })).toBeTruthy();
    expect(screen.queryByText('No fund moves match')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('a page past the last: names the last page and leads back to it', async () => {
    answer({ page: 999, totalRecords: 724, totalPages: 29 });
    const { router } = renderWithProviders(<ComplianceFundMovesRoute />, {
      path: '/compliance/fund-moves?page=999',
    });
    expect(
      await screen.findByRole('heading', { name: 'Page 999 is past the last page' }),
    ).toBeTruthy();
    expect(screen.getByText('724 moves match, on 29 pages.')).toBeTruthy();
    expect(screen.queryByText('No fund moves match')).toBeNull();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Go to the last page (29)' }));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('29');
  });
});

describe('a reviewer exports the fund moves', () => {
  const downloads = catchDownloads();
  withTimeZones({ viewer: 'America/Los_Angeles', platform: 'UTC' });

  it('fetches every move the filters select with the CSRF header, not the page, and saves the file the BFF names', async () => {
    noFundMovesAsked();
    const exported: Request[] = [];
    bff.use(
      http.get('/api/compliance/fund-moves/export.csv', ({ request }) => {
        exported.push(request);
        return csvFile('reference_number,created_at_utc', 'fund-moves-2026-11-29.csv');
      }),
    );
    renderWithProviders(<ComplianceFundMovesRoute />, {
      path: '/compliance/fund-moves?status=pending&accountId=A1040000&page=3',
    });
    const button = await screen.findByRole('button', { name: 'Export CSV' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(downloads).toEqual(['fund-moves-2026-11-29.csv']));
    const url = new URL(exported[0].url);
    // The filters, not the page the list is on, and the viewer's zone, whose today names the
    // file (the BFF's clock may be in another day).
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'pending',
      accountId: 'A1040000',
      timeZone: 'America/Los_Angeles',
    });
    expect(exported[0].headers.get('X-CSRF')).toBe('1');
    expect(document.activeElement).toBe(button);
  });

  it('says so on the page when the export is refused', async () => {
    noFundMovesAsked();
    bff.use(
      http.get('/api/compliance/fund-moves/export.csv', () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: 'Your role does not give access.' } },
          { status: 403 },
        ),
      ),
    );
    renderWithProviders(<ComplianceFundMovesRoute />, { path: '/compliance/fund-moves' });
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export failed')).toBeTruthy();
    expect(
      screen.getByText('Your role does not give access to the fund moves across accounts.'),
    ).toBeTruthy();
    expect(downloads).toEqual([]);
  });
});
