// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustodyAccountResult } from '../../../../../contract/custody-views';
import { DisbursementForm } from '../disbursement-form';
import { DisbursementReadiness } from '../disbursement-readiness';

function wrap(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label, { exact: false });

describe('an investor fills in a disbursement (§4.5)', () => {
  it('switching from domestic to international wire leaves the routing number and its error behind', async () => {
    wrap(<DisbursementForm accountId="A1234567" />);
    fireEvent.click(screen.getByLabelText('Domestic wire (U.S. bank)'));
    const routing = field('Routing number');
    fireEvent.change(routing, { target: { value: '12345' } });
    fireEvent.blur(routing);
    await screen.findByText('Routing number must be 9 digits');

    fireEvent.click(screen.getByLabelText('International wire'));
    const swift = await waitFor(() => field('SWIFT/BIC code'));
    expect(swift).toHaveProperty('value', '');
    expect(screen.queryByText('Routing number must be 9 digits')).toBeNull();
    expect(swift.getAttribute('aria-invalid')).not.toBe('true');

    // Back to domestic: what was typed for it is still there.
    fireEvent.change(swift, { target: { value: 'DEUTDEFF' } });
    fireEvent.click(screen.getByLabelText('Domestic wire (U.S. bank)'));
    await waitFor(() => expect(field('Routing number')).toHaveProperty('value', '12345'));
    fireEvent.click(screen.getByLabelText('International wire'));
    await waitFor(() => expect(field('SWIFT/BIC code')).toHaveProperty('value', 'DEUTDEFF'));
  });

  it('on review, the investor sees the SWIFT code and account number they typed in full', async () => {
    wrap(<DisbursementForm accountId="A1234567" />);
    fireEvent.click(screen.getByLabelText('International wire'));
    fireEvent.change(field('Amount (USD)'), { target: { value: '250' } });
    fireEvent.change(await waitFor(() => field('SWIFT/BIC code')), {
      target: { value: 'DEUTDEFF500' },
    });
    fireEvent.change(field('IBAN or account number'), {
      target: { value: 'DE89370400440532013000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Review request' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('DEUTDEFF500')).toBeTruthy();
    expect(within(dialog).getByText('DE89370400440532013000')).toBeTruthy();
    expect(within(dialog).queryByText(/••••/)).toBeNull();
  });
});

const custody = (restricted: boolean): CustodyAccountResult => ({
  state: 'available',
  custodyAccount: {
    accountId: 'A1234567',
    requestId: 'R1',
    status: 'approved',
    relationship: null,
    restricted,
    restrictedReason: restricted ? 'Pending documentation' : null,
    principalReviewBy: null,
    approvedAt: null,
    notes: null,
    createdAt: null,
    updatedAt: null,
  },
});

describe('an investor opens the disbursement page', () => {
  it('of an account with no custody account: told why, and no form is offered', () => {
    wrap(
      <DisbursementReadiness
        accountId="A1234567"
        result={{ state: 'unavailable', reason: 'not_opened', message: 'none' }}
      >
        <form aria-label="disbursement form" />
      </DisbursementReadiness>,
    );
    expect(screen.getByText('No custody account to send money from')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'disbursement form' })).toBeNull();
  });

  it('of a restricted custody account: warned with the reason before the form', () => {
    wrap(
      <DisbursementReadiness accountId="A1234567" result={custody(true)}>
        <form aria-label="disbursement form" />
      </DisbursementReadiness>,
    );
    expect(screen.getByText('This custody account is restricted')).toBeTruthy();
    expect(screen.getByText(/Pending documentation/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'disbursement form' })).toBeTruthy();
  });

  it('of an open, unrestricted custody account: the form alone', () => {
    wrap(
      <DisbursementReadiness accountId="A1234567" result={custody(false)}>
        <form aria-label="disbursement form" />
      </DisbursementReadiness>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('form', { name: 'disbursement form' })).toBeTruthy();
  });
});
