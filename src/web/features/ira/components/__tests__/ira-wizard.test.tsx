// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustodyAccountResult } from '../../../../../contract/custody-views';
import { outcomeWordsOf, type MoneyRequestView } from '../../../../../contract/money-requests';
import { mainStreet } from '../../../../testing/account';
import { approvedCustody, custodyRead, notOpenedCustody } from '../../../../testing/custody';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { moneyRequestView } from '../../../../testing/money-request';
import { withTimeZones } from '../../../../testing/time-zones';
import { moneyKeys } from '../../../../lib/query-keys';
import { IraWizard } from '../ira-wizard';

startMockBff();
afterEach(cleanup);
withTimeZones({ viewer: 'America/Denver', platform: 'UTC' });

/** The account's IRA requests as the register lists them (GET …/money-requests?kind=ira_supplement). */
function registerHolds(requests: MoneyRequestView[], status = 200) {
  const asked: URL[] = [];
  bff.use(
    http.get('/api/accounts/A1/money-requests', ({ request }) => {
      asked.push(new URL(request.url));
      if (status !== 200) {
        return HttpResponse.json(
          { error: { code: 'internal', message: 'Something went wrong.' } },
          { status },
        );
      }
      return HttpResponse.json({ requests, total: requests.length, offset: 0, limit: 200 });
    }),
  );
  return asked;
}

const iraRequest = (overrides: Partial<MoneyRequestView>) =>
  moneyRequestView({
    reference: 'MR-4Q7ZK2AB9C',
    accountId: 'A1',
    kind: 'ira_supplement',
    amount: null,
    createdAt: '2026-07-17T16:09:00.000Z',
    userEmail: undefined,
    ...overrides,
  });

/** A custody account of the account, approved at 15:30 on the platform's clock (UTC here). */
function approvedAt(approvedAtTime: string | null) {
  const approved = approvedCustody('A1', 'CR512345');
  if (approved.state === 'available') approved.custodyAccount.approvedAt = approvedAtTime;
  return approved;
}

/** Requested, not approved yet (the sandbox opens one as pending on a supplement, §4.7). */
function requestedCustody(): CustodyAccountResult {
  const requested = approvedCustody('A1', 'CR512345');
  if (requested.state === 'available') {
    requested.custodyAccount.status = 'pending';
    requested.custodyAccount.createdAt = '2026-03-02T15:30:00';
  }
  return requested;
}

function renderWizard(
  address?: Parameters<typeof IraWizard>[0]['address'],
  custody: ReturnType<typeof custodyRead> = custodyRead(notOpenedCustody),
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <IraWizard
          accountId="A1"
          address={address}
          custody={custody}
          custodyHref="/accounts/A1#section-custody-account"
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('an investor opens an IRA', () => {
  it("finds the mailing address filled in from the account, the country read from 'USA'", async () => {
    registerHolds([]);
    renderWizard({
      line1: '1 Main St',
      line2: null,
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      country: 'USA',
    });
    expect(await screen.findByLabelText(/^Address line 1/)).toHaveProperty('value', '1 Main St');
    expect(screen.getByLabelText(/^City/)).toHaveProperty('value', 'Denver');
    expect(screen.getByLabelText(/^ZIP or postal code/)).toHaveProperty('value', '80202');
    expect(screen.getByLabelText(/^Country/)).toHaveProperty('value', 'US');
  });

  it('finds the United States first in the country list, the rest alphabetical', async () => {
    registerHolds([]);
    renderWizard();
    const select = (await screen.findByLabelText(/^Country/)) as HTMLSelectElement;
    const labels = [...select.options].map((option) => option.text);
    // The placeholder, then the United States, then Afghanistan onwards.
    expect(labels.slice(0, 3)).toEqual(['Choose a country', 'United States', 'Afghanistan']);
    expect(labels.filter((label) => label === 'United States')).toHaveLength(1);
    // A native select: the browser's own type-ahead finds any country by its first letters.
    expect(select.tagName).toBe('SELECT');
  });
});

describe('an investor double-clicks Continue', () => {
  it('goes one step on: the second click, on Back now under the pointer, does not go back', async () => {
    registerHolds([]);
    renderWizard(mainStreet);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByLabelText('Married', { exact: true }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Step 2 of 4');
    // The click that completes the double click lands on Back, where Continue was.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }), { detail: 2 });
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();
    // A click of its own on Back goes back, as ever.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }), { detail: 1 });
    expect(await screen.findByText('Step 1 of 4')).toBeTruthy();
  });
});

describe('an IRA request already made for the account', () => {
  it.each(['pending', 'created', 'unknown'] as const)(
    'one that is %s stands: it is shown with its reference, when and state, and no form is offered',
    async (outcome) => {
      const asked = registerHolds([
        iraRequest({ outcome }),
        iraRequest({ reference: 'MR-0000000001', outcome: 'refused' }),
      ]);
      renderWizard();
      const section = await screen.findByRole('region', {
        name: "This account's IRA request is in progress",
      });
      expect(asked[0].searchParams.get('kind')).toBe('ira_supplement');
      const words = outcomeWordsOf({ outcome, kind: 'ira_supplement' });
      expect(section.textContent).toContain('MR-4Q7ZK2AB9C');
      expect(section.textContent).toContain('Jul 17, 2026, 10:09 AM');
      expect(section.textContent).toContain(`${words.label}: ${words.meaning}`);
      expect(section.textContent).toContain(words.next);
      // Most often the person's own request, on a later visit: told as in progress, not as
      // something in the way.
      expect(section.textContent).not.toMatch(/already|blocked/i);
      expect(
        screen
          .getByRole('link', {
            name: 'See MR-4Q7ZK2AB9C on the requests and timeline of this account',
          })
          .getAttribute('href'),
      ).toBe('/accounts/A1/money');
      expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
      expect(screen.queryByLabelText(/^Address line 1/)).toBeNull();
    },
  );

  it('refused or never sent ones do not stand in the way: the form is offered', async () => {
    registerHolds([
      iraRequest({ outcome: 'refused' }),
      iraRequest({ reference: 'MR-0000000001', outcome: 'not_sent' }),
    ]);
    renderWizard();
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.queryByText("This account's IRA request is in progress")).toBeNull();
  });

  it('when the register cannot be read, says so and still offers the form', async () => {
    registerHolds([], 500);
    renderWizard();
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(
      screen.getByText(
        /Whether an IRA request was already made for this account could not be checked/,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
  });
});

describe('an account whose custody account is already there (§4.7, §4.15)', () => {
  it('approved: told what the account has and where to see it, and no form is offered', async () => {
    registerHolds([]);
    renderWizard(undefined, custodyRead(approvedAt('2026-03-02T15:30:00')));
    const section = await screen.findByRole('region', {
      name: 'This account already has a custody account',
    });
    expect(section.textContent).toContain('CR512345');
    expect(section.textContent).toContain('Mar 2, 2026, 8:30 AM');
    expect(
      screen
        .getByRole('link', { name: "See the custody account on the account's page" })
        .getAttribute('href'),
    ).toBe('/accounts/A1#section-custody-account');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.queryByLabelText(/^Address line 1/)).toBeNull();
  });

  it('approved: told so even while a request of the register stands, which opened it', async () => {
    registerHolds([iraRequest({ outcome: 'created' })]);
    renderWizard(undefined, custodyRead(approvedAt(null)));
    expect(
      await screen.findByRole('region', {
        name: 'This account already has a custody account',
      }),
    ).toBeTruthy();
    expect(screen.queryByText("This account's IRA request is in progress")).toBeNull();
  });

  it('requested and not approved yet, with no request of the register: told it is in progress and where to follow it', async () => {
    registerHolds([]);
    renderWizard(undefined, custodyRead(requestedCustody()));
    const section = await screen.findByRole('region', {
      name: "This account's IRA request is in progress",
    });
    expect(section.textContent).toContain('Pending');
    expect(section.textContent).toContain('CR512345');
    expect(section.textContent).toContain('Mar 2, 2026, 8:30 AM');
    expect(
      screen
        .getByRole('link', { name: "Follow the custody account's status on the account's page" })
        .getAttribute('href'),
    ).toBe('/accounts/A1#section-custody-account');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('requested and not approved yet, with a request of the register standing: that request is shown, in its words', async () => {
    registerHolds([iraRequest({ outcome: 'created' })]);
    renderWizard(undefined, custodyRead(requestedCustody()));
    expect(
      await screen.findByRole('link', {
        name: 'See MR-4Q7ZK2AB9C on the requests and timeline of this account',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('when it cannot be read, says so and still offers the form; unreadable for lack of permission, the form alone', async () => {
    registerHolds([]);
    const failed = custodyRead('failed');
    renderWizard(undefined, failed);
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(
      screen.getByText(
        'Whether this account already has its custody account could not be checked. You can go on: if it has one, this request is refused and nothing is sent.',
      ),
    ).toBeTruthy();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Check again' }));
    expect(failed.refetched).toBe(1);
    cleanup();

    renderWizard(
      undefined,
      custodyRead({
        state: 'unavailable',
        reason: 'permission',
        message: 'The custody account details cannot be shown.',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.queryByText(/could not be checked/)).toBeNull();
    expect(screen.queryByText('This account already has a custody account')).toBeNull();
  });

  it('while it is read, offers nothing yet, though the register has been read', async () => {
    registerHolds([]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData([...moneyKeys.requests('A1'), 'ira_supplement'], {
      requests: [],
      total: 0,
      offset: 0,
      limit: 200,
    });
    renderWizard(undefined, custodyRead('reading'), client);
    const checking = screen.getByText(
      'Checking for an IRA request or a custody account this account already has',
    );
    // A status, beside the busy skeleton rather than in it, where it may be held back.
    expect(checking.getAttribute('role')).toBe('status');
    expect(checking.closest('[aria-busy="true"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});
