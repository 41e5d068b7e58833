// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Offering } from '../../../../../contract/offerings';
import { raiseInProgress } from '../../../../testing/offering';
import { renderWithProviders } from '../../../../testing/render';
import { withViewportWidth } from '../../../../testing/viewport';
import { IssuerOfferingsList } from '../issuer-offerings-list';

afterEach(cleanup);

const offering = raiseInProgress;

describe('issuer staff read their offerings on a phone', () => {
  withViewportWidth(375);

  it('reads each offering as a card with its status, target and shares sold, no table to pan', () => {
    renderWithProviders(<IssuerOfferingsList offerings={[offering]} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'My offerings' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(1);
    const card = cards[0];
    expect(
      within(card).getByRole('link', { name: 'Aspen Ridge Growth Fund I' }).getAttribute('href'),
    ).toContain('5201');
    const terms = [...card.querySelectorAll('dt')].map((dt) => dt.textContent);
    const values = [...card.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(terms).toEqual(['Status', 'Target', 'Shares sold']);
    // The status in the words of the offerings page, not as the platform sends it.
    expect(values).toEqual(['Open for investment', '$8,112,520.00', '411,252 of 811,252']);
  });
});

describe('issuer staff read their offerings on a desktop', () => {
  withViewportWidth(1280);

  it('reads them as a table of four columns', () => {
    renderWithProviders(<IssuerOfferingsList offerings={[offering]} />);
    const table = screen.getByRole('table', { name: 'My offerings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Offering', 'Status', 'Target', 'Shares sold']);
    expect(within(table).getByText('411,252 of 811,252')).toBeTruthy();
  });

  it('names each status as the offerings page does', () => {
    renderWithProviders(
      <IssuerOfferingsList
        offerings={[
          offering,
          { ...offering, id: '5202', name: 'Aspen Ridge Income Fund', status: 'Pending' },
        ]}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'My offerings' })).getAllByRole('row');
    const statuses = rows.slice(1).map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(statuses).toEqual(['Open for investment', 'Awaiting approval']);
  });
});

/** A reviewer's list: offerings of two issuers, the second issuer's listed first by the platform. */
const everyIssuer: Offering[] = [
  { ...offering, id: '5301', issuerId: '1102', name: 'Blue Mesa Venture Fund' },
  offering,
  { ...offering, id: '5202', name: 'Aspen Ridge Income Fund', status: 'Pending' },
];

/** The list as the reviewers' page holds it: the chosen issuer kept by its parent. */
function ReviewersList() {
  const [issuer, setIssuer] = useState<string | null>(null);
  return (
    <IssuerOfferingsList
      offerings={everyIssuer}
      label="Issuer offerings"
      showIssuer
      issuer={issuer}
      onIssuerChange={setIssuer}
    />
  );
}

describe("compliance find one issuer's raises among every issuer's offerings", () => {
  describe('on a desktop', () => {
    withViewportWidth(1280);

    it("read each offering's issuer, grouped by issuer, and keep one issuer with the filter", async () => {
      renderWithProviders(<ReviewersList />);
      const table = screen.getByRole('table', { name: 'Issuer offerings' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Offering', 'Issuer', 'Status', 'Target', 'Shares sold']);
      const rows = () =>
        within(screen.getByRole('table', { name: 'Issuer offerings' }))
          .getAllByRole('row')
          .slice(1)
          .map((row) => [
            within(row).getByRole('rowheader').textContent,
            within(row).getAllByRole('cell')[0].textContent,
          ]);
      expect(rows()).toEqual([
        ['Aspen Ridge Growth Fund I', 'Issuer 1101'],
        ['Aspen Ridge Income Fund', 'Issuer 1101'],
        ['Blue Mesa Venture Fund', 'Issuer 1102'],
      ]);

      const filter = screen.getByRole('combobox', { name: 'Issuer' });
      expect([...filter.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
        'All issuers (3 offerings)',
        'Issuer 1101 (2 offerings)',
        'Issuer 1102 (1 offering)',
      ]);
      const user = userEvent.setup({ delay: null });
      await user.selectOptions(filter, '1102');
      expect(rows()).toEqual([['Blue Mesa Venture Fund', 'Issuer 1102']]);
      // The chosen issuer goes along to the purchase history, whose way back keeps the filter.
      expect(
        screen.getByRole('link', { name: 'Blue Mesa Venture Fund' }).getAttribute('href'),
      ).toBe('/issuer/offerings/5301?issuer=1102');
    });
  });

  describe('on a phone', () => {
    withViewportWidth(375);

    it('read the issuer on each card and keep one issuer with the filter', async () => {
      renderWithProviders(<ReviewersList />);
      const cards = () =>
        within(screen.getByRole('list', { name: 'Issuer offerings' })).getAllByRole('listitem');
      expect(cards().map((card) => card.querySelector('dd')?.textContent)).toEqual([
        'Issuer 1101',
        'Issuer 1101',
        'Issuer 1102',
      ]);
      expect([...cards()[0].querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
        'Issuer',
        'Status',
        'Target',
        'Shares sold',
      ]);
      const user = userEvent.setup({ delay: null });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Issuer' }), '1101');
      expect(cards()).toHaveLength(2);
    });
  });

  it('an issuer chosen in the address that lists nothing is named, with a way back to all', async () => {
    const onIssuerChange = vi.fn();
    renderWithProviders(
      <IssuerOfferingsList
        offerings={everyIssuer}
        label="Issuer offerings"
        showIssuer
        issuer="9999"
        onIssuerChange={onIssuerChange}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No offerings of issuer 9999' })).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: "Show every issuer's offerings" }));
    expect(onIssuerChange).toHaveBeenCalledWith(null);
  });
});
