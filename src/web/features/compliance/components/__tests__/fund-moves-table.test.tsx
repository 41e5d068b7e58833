// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FundMoveView } from '../../../../../contract/custody-views';
import { disbursementMove, fundMoveView } from '../../../../testing/fund-move';
import { tabStopsIn } from '../../../../testing/grid';
import { withTimeZones } from '../../../../testing/time-zones';
import { renderWithProviders } from '../../../../testing/render';
import { ComplianceFundMovePages, ComplianceFundMovesState } from '../fund-moves-table';
import { loadedQuery } from '../../../../testing/query';
import { withViewportWidth } from '../../../../testing/viewport';

afterEach(cleanup);
// A desktop's width, where the grid's seven columns fit; the phone has its own block below.
withViewportWidth(1280);

/** The only page there is, holding these moves. */
const renderOnePage = (moves: FundMoveView[]) =>
  renderWithProviders(
    <ComplianceFundMovePages
      moves={moves}
      skippedRecords={0}
      page={1}
      pages={1}
      onPageChange={() => {}}
    />,
  );

// Pending, with a routing number, as a reviewer first sees a move.
const move = (overrides: Partial<FundMoveView>) =>
  fundMoveView({
    approvalStatus: 'pending',
    status: 'pending',
    routingNumberMasked: '••••0021',
    ...overrides,
  });

describe('a reviewer pages through fund moves', () => {
  it('is taken to the top of the list when a page is chosen below it, and left where it is when the top shows', () => {
    const scrolled: Element[] = [];
    // jsdom has no scrolling: the call is recorded.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    // jsdom does no layout: where the list's top stands is given, above the screen, then on it.
    let top = -400;
    const rect = vi
      .spyOn(Element.prototype, 'getBoundingClientRect')
      .mockImplementation(() => ({ top }) as DOMRect);
    const chosen: number[] = [];
    try {
      renderWithProviders(
        <ComplianceFundMovePages
          moves={[move({})]}
          skippedRecords={0}
          page={1}
          pages={3}
          onPageChange={(page) => chosen.push(page)}
        />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
      expect(chosen).toEqual([2]);
      expect(scrolled).toHaveLength(1);
      top = 120;
      fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
      expect(chosen).toEqual([2, 3]);
      expect(scrolled).toHaveLength(1);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
      rect.mockRestore();
    }
  });
});

describe('a reviewer reads fund moves across accounts', () => {
  it('sees which way each move goes: in, out, or not stated', async () => {
    renderOnePage([
      move({}),
      disbursementMove(),
      move({ referenceNumber: 'CFM70000120', direction: 'in', description: 'Savings' }),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Fund moves' }, { timeout: 20_000 });
    expect(within(grid).getByRole('columnheader', { name: 'Direction' })).toBeTruthy();
    const directionOf = (reference: string) => {
      const row = within(grid)
        .getByRole('button', { name: `Open fund move ${reference}` })
        .closest('[role="row"]') as HTMLElement;
      return row.querySelector('[data-field="direction"]')?.textContent;
    };
    expect(directionOf('CFM70000002')).toBe('Not stated');
    expect(directionOf('CFM70000115')).toBe('Out');
    expect(directionOf('CFM70000120')).toBe('In');
  });
});

describe('a reviewer opens a fund move the portal asked for', () => {
  it('finds our reference, and the account’s requests in the register from it', async () => {
    renderOnePage([disbursementMove({ accountId: 'A1040000' })]);
    const grid = await screen.findByRole('grid', { name: 'Fund moves' }, { timeout: 20_000 });
    fireEvent.click(within(grid).getByRole('button', { name: 'Open fund move CFM70000115' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Fund move CFM70000115' }));
    expect(dialog.getByText('Our reference').nextElementSibling?.textContent).toBe(
      'MR-VS17ZR49XD: see the account’s requests in the register',
    );
    expect(
      dialog
        .getByRole('link', { name: 'the account’s requests in the register' })
        .getAttribute('href'),
    ).toBe('/compliance/money-requests?accountId=A1040000');
  });
});

describe('a reviewer opens a wire abroad', () => {
  it('reads its SWIFT/BIC under that name, revealed under that name too (§4.5)', async () => {
    renderOnePage([
      disbursementMove({
        description: 'Disbursement wire_international · Portal ref MR-VS17ZR49XD',
        bankIdKind: 'swift_bic',
        routingNumberMasked: '••••DEFF',
      }),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Fund moves' }, { timeout: 20_000 });
    fireEvent.click(within(grid).getByRole('button', { name: 'Open fund move CFM70000115' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Fund move CFM70000115' }));
    expect(
      dialog.getByText('SWIFT/BIC code', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toMatch(/^••••DEFF/);
    expect(dialog.getByRole('button', { name: 'Reveal SWIFT/BIC code' })).toBeTruthy();
    expect(dialog.getByText('SWIFT/BIC code check', { selector: 'dt' })).toBeTruthy();
    expect(dialog.queryByText(/Routing number/, { selector: 'dt' })).toBeNull();
  });
});

describe('a reviewer goes through fund moves from the keyboard', () => {
  it('passes the grid in one Tab; the arrows reach a move’s button, and Enter opens the move', async () => {
    const user = userEvent.setup();
    renderOnePage([
      move({ referenceNumber: 'CFM70000115' }),
      move({ referenceNumber: 'CFM70000120', accountId: 'A1040173' }),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Fund moves' }, { timeout: 20_000 });
    // Two buttons and two account links in the rows, yet one Tab stop: the first header.
    expect(within(grid).getAllByRole('button', { name: /^Open fund move / })).toHaveLength(2);
    expect(within(grid).getAllByRole('link')).toHaveLength(2);
    expect(tabStopsIn(grid)).toEqual([within(grid).getAllByRole('columnheader')[0]]);

    within(grid).getByRole('columnheader', { name: 'Reference' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(grid).getByRole('button', { name: 'Open fund move CFM70000120' });
    await waitFor(() => expect(document.activeElement).toBe(second));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Fund move CFM70000120' })).toBeTruthy();
  });
});

describe('the Created column with the platform in New York', () => {
  withTimeZones({ viewer: 'UTC', platform: 'America/New_York' });

  it('keeps the page in the order the BFF gave, newest first: a column does not sort one page as if it were all', async () => {
    renderOnePage([
      // An answer that carried its zone (§2.9 allows neither form to be assumed away).
      move({ referenceNumber: 'CFM70000202', createdAt: '2026-11-24T12:00:00.000Z' }),
      // 10:00 in New York is 15:00 UTC.
      move({ referenceNumber: 'CFM70000201', createdAt: '2026-11-24T10:00:00' }),
    ]);
    expect(screen.getByText('Newest first.')).toBeTruthy();
    const grid = await screen.findByRole('grid', { name: 'Fund moves' }, { timeout: 20_000 });
    const order = () =>
      within(grid)
        .getAllByRole('button', { name: /^Open fund move / })
        .map((button) => button.textContent);
    fireEvent.click(within(grid).getByRole('columnheader', { name: 'Created' }));
    fireEvent.click(within(grid).getByRole('columnheader', { name: 'Created' }));
    expect(order()).toEqual(['CFM70000202', 'CFM70000201']);
    expect(
      within(grid).getByRole('columnheader', { name: 'Created' }).getAttribute('aria-sort'),
    ).toBe('none');
    expect(within(grid).getByText(/Nov 24, 2026, 12:00\sPM UTC/)).toBeTruthy();
  });
});

describe('a page of fund moves as it loads', () => {
  const renderState = (data: { moves: FundMoveView[]; skippedRecords?: number }) =>
    renderWithProviders(
      <ComplianceFundMovesState
        query={loadedQuery(data)}
        skeletonLines={4}
        empty={<p>No fund moves</p>}
        pageOf={() => ({ page: 2, pages: 3 })}
        onPageChange={() => {}}
        summary={() => <p>2 moves match</p>}
      />,
    );

  it('is empty only when no move was left out either', () => {
    renderState({ moves: [] });
    expect(screen.getByText('No fund moves')).toBeTruthy();
    expect(screen.queryByText('2 moves match')).toBeNull();
  });

  it('says what was left out, with the summary and the pages the reply counts', () => {
    renderState({ moves: [], skippedRecords: 1 });
    expect(screen.queryByText('No fund moves')).toBeNull();
    expect(screen.getByText('2 moves match')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^1 fund move could not be shown/);
    // The page shown says so in its name, and to assistive technology as the current page.
    const pages = screen.getByRole('navigation', { name: 'Pages of fund moves' });
    expect(
      within(pages).getByRole('button', { name: 'Page 2, shown' }).getAttribute('aria-current'),
    ).toBe('page');
  });
});

describe('a reviewer reads fund moves on a 375 px phone', () => {
  withViewportWidth(375);
  withTimeZones({ viewer: 'UTC', platform: 'UTC' });

  it('sees a card a move with every column of the grid, and opens one from its card', () => {
    renderOnePage([
      move({
        referenceNumber: 'CFM70000115',
        accountId: 'A1040000',
        amount: '250',
        direction: 'out',
        createdAt: '2026-11-24T10:00:00',
      }),
      move({ referenceNumber: 'CFM70000120', direction: 'in' }),
    ]);
    expect(screen.queryByRole('grid')).toBeNull();
    const [first, second] = within(screen.getByRole('list', { name: 'Fund moves' })).getAllByRole(
      'listitem',
    );
    expect(first.textContent).toMatch(/^\$250\.00 · /);
    expect(first.textContent).toMatch(/Nov 24, 2026, 10:00\sAM UTC/);
    expect(first.textContent).toMatch(/Account A1040000 · Direction: Out/);
    expect(first.textContent).toMatch(/Pending · Pending approval/);
    expect(within(first).getByRole('link', { name: 'A1040000' }).getAttribute('href')).toBe(
      '/compliance/accounts/A1040000',
    );
    expect(second.textContent).toMatch(/Direction: In/);

    fireEvent.click(within(first).getByRole('button', { name: 'Open fund move CFM70000115' }));
    expect(screen.getByRole('dialog', { name: 'Fund move CFM70000115' })).toBeTruthy();
  });
});
