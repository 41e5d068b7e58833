// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountView } from '../../../../../contract/account-views';
import { accountView } from '../../../../testing/account';
import { entityView } from '../../../../testing/entity';
import { tabStopsIn } from '../../../../testing/grid';
import { renderWithProviders } from '../../../../testing/render';
import { withViewportWidth } from '../../../../testing/viewport';
import { AccountResults, EntityResults } from '../search-results';

afterEach(cleanup);

const review = (status: string | null) => ({ status, date: null });
const address = {
  line1: null,
  line2: null,
  city: 'Boulder',
  state: 'CO',
  zip: null,
  country: null,
};

const account = (overrides: Partial<AccountView>): AccountView =>
  accountView({
    address,
    taxIdMasked: '•••-••-6789',
    reviews: {
      kyc: review('pending'),
      aml: review('approved'),
      accreditation: { ...review(null) },
      approval: { ...review(null), principal: null },
    },
    ...overrides,
  });

const entity = entityView({
  address: { ...address, city: null, state: null },
  reviews: { kyc: review(null), aml: review('pending') },
});
describe('a reviewer reads search results on a 375 px phone', () => {
  withViewportWidth(375);

  it('carries the search in the link to an account, so the way back finds it again', () => {
    renderWithProviders(<AccountResults accounts={[account({})]} q="quinn" />);
    expect(screen.getByRole('link', { name: 'Avery Quinn' }).getAttribute('href')).toBe(
      '/compliance/accounts/A1040000?q=quinn',
    );
  });

  it('sees a card an account with every column of the grid, its name opening the account', () => {
    renderWithProviders(
      <AccountResults accounts={[account({}), account({ id: 'A1040173', name: null })]} />,
    );
    expect(screen.queryByRole('grid')).toBeNull();
    const [first, second] = within(
      screen.getByRole('list', { name: 'Accounts found' }),
    ).getAllByRole('listitem');
    expect(within(first).getByRole('link', { name: 'Avery Quinn' }).getAttribute('href')).toBe(
      '/compliance/accounts/A1040000',
    );
    expect(first.textContent).toContain('ID A1040000 · Tax ID •••-••-6789');
    expect(first.textContent).toContain('Boulder, CO');
    // In the words of the account's review page, not as the platform sends them.
    expect(first.textContent).toContain('KYC Pending · AML Approved · Approval Not started');
    // No name: the ID stands for it, as in the grid.
    expect(within(second).getByRole('link', { name: 'A1040173' })).toBeTruthy();
  });

  it('keeps every card within the screen when one name is a single long word', () => {
    // A name is the platform's free text (§2.5): one without spaces must break, not widen the
    // list's one column (and with it every card) past the phone's width.
    const unbroken = '=HYPERLINK("http://evil.example","Refund")'.repeat(3);
    renderWithProviders(
      <AccountResults accounts={[account({}), account({ id: 'A1048996', name: unbroken })]} />,
    );
    const list = screen.getByRole('list', { name: 'Accounts found' });
    expect(getComputedStyle(list).gridTemplateColumns).toBe('minmax(0, 1fr)');
    for (const card of within(list).getAllByRole('listitem'))
      expect(getComputedStyle(card).overflowWrap).toBe('anywhere');
  });

  it('sees an entity’s card with dashes for what the platform left out, the search kept in its link', () => {
    renderWithProviders(<EntityResults entities={[entity]} q="quinn" />);
    const card = within(screen.getByRole('list', { name: 'Entities found' })).getByRole('listitem');
    expect(within(card).getByRole('link', { name: 'E2001' }).getAttribute('href')).toBe(
      '/compliance/entities/E2001?q=quinn',
    );
    expect(card.textContent).toContain('Party ID E2001 · Type llc · EIN —');
    expect(card.textContent).toContain('KYC Not started · AML Pending');
  });
});

describe('a reviewer reads search results on a desktop', () => {
  withViewportWidth(1280);

  it('sees the sortable grid', async () => {
    renderWithProviders(<AccountResults accounts={[account({})]} />);
    const grid = await screen.findByRole('grid', { name: 'Accounts found' }, { timeout: 20_000 });
    expect(within(grid).getByRole('columnheader', { name: 'Tax ID' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Accounts found' })).toBeNull();
  });

  it('passes the grid in one Tab, reaching a name with the arrows and opening it with Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <AccountResults
        accounts={[
          account({}),
          account({ id: 'A1040173', name: null }),
          account({ id: 'A1040174' }),
        ]}
      />,
    );
    const grid = await screen.findByRole('grid', { name: 'Accounts found' }, { timeout: 20_000 });
    expect(within(grid).getAllByRole('link')).toHaveLength(3);
    // One Tab stop (the first header), not one a row.
    expect(tabStopsIn(grid)).toEqual([within(grid).getAllByRole('columnheader')[0]]);

    within(grid).getByRole('columnheader', { name: 'Account' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(grid).getByRole('link', { name: 'A1040173' });
    await waitFor(() => expect(document.activeElement).toBe(second));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/compliance/accounts/A1040173'),
    );
  });

  it('reads each review status in the words of the account’s review page', async () => {
    renderWithProviders(
      <AccountResults
        accounts={[
          account({
            reviews: {
              kyc: review('disapproved'),
              aml: review('manual_review'),
              accreditation: { ...review(null) },
              approval: { ...review('pending'), principal: null },
            },
          }),
        ]}
      />,
    );
    const grid = await screen.findByRole('grid', { name: 'Accounts found' }, { timeout: 20_000 });
    const row = within(grid).getAllByRole('row')[1];
    const cells = within(row)
      .getAllByRole('gridcell')
      .map((cell) => cell.textContent);
    expect(cells.slice(-3)).toEqual(['Not approved', 'Manual review', 'Pending']);
  });
});
