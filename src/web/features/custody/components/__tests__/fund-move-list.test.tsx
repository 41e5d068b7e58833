// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { disbursementMove, fundMoveView as move } from '../../../../testing/fund-move';
import { renderWithProviders } from '../../../../testing/render';
import { FundMoveList } from '../fund-move-list';

afterEach(cleanup);

describe('an investor reads the fund moves of an account', () => {
  it('sees money out as a disbursement and a move nothing describes as a fund move, never a deposit', () => {
    renderWithProviders(
      <FundMoveList accountId="A1040000" moves={[move({}), disbursementMove()]} />,
    );
    const [unstated, out] = screen.getAllByRole('listitem');
    expect(within(unstated).getByText('Fund move with Prairie National Bank')).toBeTruthy();
    expect(within(unstated).getByText('Direction: Not stated')).toBeTruthy();
    expect(within(out).getByText('Disbursement to Prairie National Bank')).toBeTruthy();
    expect(within(out).getByText('Direction: Out')).toBeTruthy();
    expect(screen.queryByText(/Deposit/)).toBeNull();
  });
});

describe('a screen-reader user moves through the fund moves by heading', () => {
  it('finds each move’s amount one level under the page’s title, no level skipped', () => {
    renderWithProviders(
      <FundMoveList accountId="A1040000" moves={[move({}), disbursementMove()]} />,
    );
    // The list stands directly under the Fund moves page's h1 (nothing else heads it).
    const headings = screen.getAllByRole('heading');
    expect(headings).toHaveLength(2);
    for (const heading of headings) expect(heading.tagName).toBe('H2');
  });
});
