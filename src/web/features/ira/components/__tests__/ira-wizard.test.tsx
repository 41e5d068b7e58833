// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { outcomeWordsOf, type MoneyRequestView } from '../../../../../contract/money-requests';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { moneyRequestView } from '../../../../testing/money-request';
import { withTimeZones } from '../../../../testing/time-zones';
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

function renderWizard(address?: Parameters<typeof IraWizard>[0]['address']) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <IraWizard accountId="A1" address={address} />
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
