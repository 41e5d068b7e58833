// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../../../contract/account-views';
import { offeringFixture } from '../../../../testing/offering';
import { computePreflight } from '../../../../../contract/preflight';
import { bff, errorAnswer, startMockBff } from '../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../testing/render';
import { PreflightPanel } from '../preflight-panel';
import { isolate } from '../../../../../contract/bidi';

startMockBff();
afterEach(cleanup);

const review = (status: string) => ({ status, date: null });
const account = (id: string, name: string, kyc: string) =>
  ({
    id,
    name,
    type: 'individual',
    reviews: {
      approval: review('approved'),
      kyc: review(kyc),
      aml: review('approved'),
      accreditation: review('approved'),
    },
    loaded: true,
  }) as unknown as AccountSummary;

const accounts = [
  account('A1111111', 'Avery Quinn', 'approved'),
  account('A2222222', 'Quinn Holdings', 'disapproved'),
  account('A3333333', 'Old Trust', 'approved'),
];

// A unit price below a cent: the checks name it with its digits.
const offering = offeringFixture({
  unitPrice: '0.0125',
  minAmount: '10',
  maxAmount: '20',
  totalShares: '800000',
  endDate: '2030-01-01',
});

describe('an investor sees, per account, what the platform checks before investing', () => {
  it('reads the BFF checklist for each account: can invest, blocked with the reason, or not loaded', async () => {
    const asked: string[] = [];
    bff.use(
      http.get('/api/offerings/7/preflight', ({ request }) => {
        const accountId = new URL(request.url).searchParams.get('accountId') ?? '';
        asked.push(accountId);
        // An account that is not the investor's own: refused, and not retried.
        if (accountId === 'A3333333') {
          return errorAnswer(403, {
            code: 'forbidden',
            message: 'You do not have access to this.',
          });
        }
        const owner = accounts.find((a) => a.id === accountId)!;
        return HttpResponse.json(computePreflight(owner as never, offering, '2026-07-17', null));
      }),
    );
    renderWithProviders(<PreflightPanel offeringId="7" accounts={accounts} />);
    expect(screen.getByText('Checking Avery Quinn')).toBeTruthy();

    const avery = screen.getByRole('region', { name: 'Checks for Avery Quinn' });
    expect(
      await within(avery).findByRole('heading', {
        name: `${isolate('Avery Quinn')} (A1111111): can invest`,
      }),
    ).toBeTruthy();
    expect(avery.textContent).toContain('From 800 to 1,600 units.');
    expect(avery.textContent).toMatch(/at \$0\.0125 each/);
    // Every check passed: folded behind one button, so the form is not screens below them.
    expect(within(avery).queryAllByRole('listitem')).toHaveLength(0);
    const show = within(avery).getByRole('button', { name: /^Show the \d+ checks passed$/ });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup({ delay: null }).click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(show.textContent).toMatch(/^Hide the \d+ checks passed$/);
    expect(within(avery).getAllByRole('listitem')[0].textContent).toMatch(/^OK · /);

    const holdings = screen.getByRole('region', { name: 'Checks for Quinn Holdings' });
    expect(
      await within(holdings).findByRole('heading', {
        name: `${isolate('Quinn Holdings')} (A2222222): cannot invest`,
      }),
    ).toBeTruthy();
    const blocking = within(holdings)
      .getAllByRole('listitem')
      .filter((item) => item.textContent?.startsWith('Blocks'));
    expect(blocking).toHaveLength(1);
    expect(blocking[0].textContent).toContain('this account cannot invest');
    // What blocks is in view without a click; only what passed is folded.
    expect(
      within(holdings)
        .getAllByRole('listitem')
        .every((item) => !item.textContent?.startsWith('OK')),
    ).toBe(true);
    expect(holdings.textContent).not.toContain('units.');

    const trust = screen.getByRole('region', { name: 'Checks for Old Trust' });
    expect(
      await within(trust).findByText('The checks for Old Trust could not be loaded'),
    ).toBeTruthy();
    // Refused for good: the refusal in its words, and no Try again that would be refused alike.
    expect(trust.textContent).toContain('You do not have access to this.');
    expect(within(trust).queryByRole('button', { name: /retry|try again/i })).toBeNull();
    expect(asked.sort()).toEqual(['A1111111', 'A2222222', 'A3333333']);
  });
});

describe('an investor whose account has no bank linked reads the ACH note', () => {
  it('with a link to where a bank is linked to that account', async () => {
    bff.use(
      http.get('/api/offerings/7/preflight', () =>
        HttpResponse.json(
          computePreflight(accounts[0] as never, offering, '2026-07-17', null, {
            state: 'none',
            message: 'No bank account is linked.',
          }),
        ),
      ),
    );
    renderWithProviders(<PreflightPanel offeringId="7" accounts={[accounts[0]]} />);
    const link = await screen.findByRole('link', { name: 'Link a bank account to A1111111' });
    expect(link.getAttribute('href')).toBe('/accounts/A1111111/money');
    expect(link.closest('li')?.textContent).toMatch(/^Note · .*None is linked/);
  });
});

describe('an investor whose bank could not be checked reads the ACH note', () => {
  it('without a link to link one: a bank may well be linked', async () => {
    bff.use(
      http.get('/api/offerings/7/preflight', () =>
        HttpResponse.json(
          computePreflight(accounts[0] as never, offering, '2026-07-17', null, null),
        ),
      ),
    );
    renderWithProviders(<PreflightPanel offeringId="7" accounts={[accounts[0]]} />);
    await screen.findByText(/could not be checked/i);
    expect(screen.queryByRole('link', { name: /Link a bank account/ })).toBeNull();
  });
});
