// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fundMoveView } from '../../../../testing/fund-move';
import { renderWithProviders } from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { FundMoveDetails } from '../fund-move-details';

withTimeZones({ viewer: 'UTC', platform: 'UTC' });
afterEach(cleanup);

/** The value a description list gives a term. */
const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('an investor reads one fund move', () => {
  it('reads the routing number check in words, as the page writes every other value', () => {
    renderWithProviders(
      <FundMoveDetails move={fundMoveView({ routingNumberStatus: 'verified' })} />,
    );
    expect(valueOf('Routing number check')?.textContent).toBe('Verified');
  });

  it('finds the portal request a move came from, under our reference, on the money page', () => {
    renderWithProviders(
      <FundMoveDetails
        move={fundMoveView({ accountId: 'A1040000', portalReference: 'MR-VS17ZR49XD' })}
      />,
    );
    expect(valueOf('Our reference')?.textContent).toBe(
      'MR-VS17ZR49XD: see the request on the account’s money page',
    );
    expect(
      screen
        .getByRole('link', { name: 'the request on the account’s money page' })
        .getAttribute('href'),
    ).toBe('/accounts/A1040000/money');
  });

  it('has no such line for a move the portal did not ask for', () => {
    renderWithProviders(<FundMoveDetails move={fundMoveView({ portalReference: null })} />);
    expect(screen.queryByText('Our reference', { selector: 'dt' })).toBeNull();
  });

  it('names where a deposit or disbursement stands in the words of its timeline, only where its fields say it', () => {
    const { unmount } = renderWithProviders(
      <FundMoveDetails
        move={fundMoveView({ direction: 'in', status: 'settled', approvalStatus: 'approved' })}
      />,
    );
    expect(screen.getByText('Completed', { selector: 'p' })).toBeTruthy();
    unmount();
    const { unmount: again } = renderWithProviders(
      <FundMoveDetails
        move={fundMoveView({ direction: 'out', status: 'pending', approvalStatus: 'pending' })}
      />,
    );
    expect(screen.getByText("Waiting for the platform's approval")).toBeTruthy();
    again();
    // No direction, or no approval given: no state is claimed, the chips say what is known.
    renderWithProviders(
      <FundMoveDetails
        move={fundMoveView({ direction: null, status: 'pending', approvalStatus: 'pending' })}
      />,
    );
    expect(screen.queryByText("Waiting for the platform's approval")).toBeNull();
  });

  it('names status and approval once: the row says what the chips are', () => {
    renderWithProviders(
      <FundMoveDetails move={fundMoveView({ status: 'Pending', approvalStatus: 'Pending' })} />,
    );
    const value = valueOf('Status and approval');
    expect(value?.textContent).toMatch(/^PendingPending approval/);
    expect(value?.textContent).not.toMatch(/Status:|Approval:/);
  });

  it('says a declined move once a field, not a third time as its state', () => {
    renderWithProviders(
      <FundMoveDetails
        move={fundMoveView({ direction: 'out', status: 'Declined', approvalStatus: 'Declined' })}
      />,
    );
    const value = valueOf('Status and approval');
    expect(value?.textContent).toMatch(/^DeclinedDeclinedRejected/);
    expect(value?.textContent?.match(/Declined/g)).toHaveLength(2);
  });

  it('says a bank detail the platform left out is not in its record of the move', () => {
    renderWithProviders(
      <FundMoveDetails
        move={fundMoveView({ bankAccountNumberMasked: null, bankAccountName: null })}
      />,
    );
    expect(valueOf('Bank account')?.textContent).toBe("Not in the platform's record of this move");
    expect(valueOf('Account holder')?.textContent).toBe(
      "Not in the platform's record of this move",
    );
  });

  it('names a wire abroad’s SWIFT/BIC as such, and a routing number as a routing number (§4.5)', () => {
    renderWithProviders(
      <FundMoveDetails
        move={fundMoveView({ bankIdKind: 'swift_bic', routingNumberMasked: '••••DEFF' })}
      />,
    );
    expect(valueOf('SWIFT/BIC code')?.textContent).toBe('••••DEFF');
    expect(valueOf('SWIFT/BIC code check')?.textContent).toBe('Verified');
    expect(screen.queryByText(/Routing number/, { selector: 'dt' })).toBeNull();
    cleanup();

    renderWithProviders(
      <FundMoveDetails
        move={fundMoveView({ bankIdKind: 'routing_number', routingNumberMasked: '••••0021' })}
      />,
    );
    expect(valueOf('Routing number')?.textContent).toBe('••••0021');
    expect(screen.queryByText(/SWIFT/, { selector: 'dt' })).toBeNull();
  });

  it('names both when the record does not say which number it holds', () => {
    renderWithProviders(<FundMoveDetails move={fundMoveView({ bankIdKind: null })} />);
    expect(valueOf('Routing number or SWIFT/BIC code')?.textContent).toBe(
      "Not in the platform's record of this move",
    );
  });

  it('is told when the platform reported no check', () => {
    renderWithProviders(<FundMoveDetails move={fundMoveView({ routingNumberStatus: null })} />);
    expect(valueOf('Routing number check')?.textContent).toBe('Not reported');
  });
});
