// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
