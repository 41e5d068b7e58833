// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Approval } from '../../../../../../contract/identity';
import { bff, mockPost, okAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../../testing/render';
import { sessionOf } from '../../../../../testing/session';
import { withTimeZones } from '../../../../../testing/time-zones';
import ApprovalsRoute from '../approvals';

startMockBff();
withTimeZones({ viewer: 'America/Los_Angeles', platform: 'UTC' });
afterEach(cleanup);

const approved: Approval = {
  id: 'fede8c66-3726-4bb2-b4ca-c008c3e8e705',
  accountId: 'A1040173',
  maker: 'investor@demo.test',
  amount: '2500.5',
  type: 'wire_domestic',
  state: 'sent',
  checker: 'admin@demo.test',
  createdAt: '2026-11-27T11:44:17.644Z',
  decidedAt: '2026-11-27T11:46:02.000Z',
  requestId: '1240ff2a-77a3-44a9-9173-d95c67b39c7e',
  message: null,
  reference: null,
};

describe('a held disbursement on the approvals page', () => {
  it('says how the money leaves, and when it was asked for and decided, the zone named', async () => {
    bff.use(
      http.get('/api/session', () => HttpResponse.json({ signedIn: false })),
      http.get('/api/disbursement-approvals', () => HttpResponse.json({ approvals: [approved] })),
    );
    renderWithProviders(<ApprovalsRoute />);
    expect(
      await screen.findByText(
        'By domestic wire (U.S. bank). Requested by investor@demo.test Nov 27, 2026, 3:44 AM PST; decided by admin@demo.test Nov 27, 2026, 3:46 AM PST; platform request 1240ff2a-77a3-44a9-9173-d95c67b39c7e',
      ),
    ).toBeTruthy();
  });
});

describe('each approval names the request it holds', () => {
  const held: Approval = {
    ...approved,
    id: '2f0c6a1e-0000-4000-8000-000000000001',
    state: 'pending',
    checker: null,
    decidedAt: null,
    requestId: null,
    reference: 'MR-NKAV7J3Q04',
  };

  function show(role: 'investor' | 'compliance' | 'admin') {
    bff.use(
      http.get('/api/session', () => HttpResponse.json(sessionOf({ role }))),
      http.get('/api/disbursement-approvals', () => HttpResponse.json({ approvals: [held] })),
    );
    renderWithProviders(<ApprovalsRoute />);
  }

  it('by our reference, with the way to the account’s requests for the investor', async () => {
    show('investor');
    const link = await screen.findByRole('link', { name: 'requests and timeline of this account' });
    expect(link.getAttribute('href')).toBe('/accounts/A1040173/money');
    expect(link.parentElement!.textContent).toContain('Our reference MR-NKAV7J3Q04');
  });

  it('for an admin, in the buttons’ names too: two of the same amount are told apart', async () => {
    show('admin');
    expect(
      await screen.findByRole('button', {
        name: 'Approve $2,500.50 from account A1040173 (MR-NKAV7J3Q04)',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'the money requests of the account' }).getAttribute('href'),
    ).toBe('/compliance/money-requests?accountId=A1040173');
  });

  it('tells a compliance reviewer that an administrator decides', async () => {
    show('compliance');
    expect(
      await screen.findByText(/A compliance reviewer reads them here; an administrator decides\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  });
});

describe('an administrator decides', () => {
  const held: Approval = {
    ...approved,
    id: '2f0c6a1e-0000-4000-8000-000000000002',
    type: 'ach',
    state: 'pending',
    checker: null,
    decidedAt: null,
    requestId: null,
    reference: 'MR-NKAV7J3Q04',
  };

  function showAsAdmin() {
    bff.use(
      http.get('/api/session', () =>
        HttpResponse.json(sessionOf({ role: 'admin', email: 'admin@demo.test' })),
      ),
      http.get('/api/disbursement-approvals', () => HttpResponse.json({ approvals: [held] })),
    );
    renderWithProviders(<ApprovalsRoute />);
  }

  it('rejects only with a reason for the investor, after naming the request', async () => {
    const sent = mockPost(
      `/api/disbursement-approvals/${held.id}/reject`,
      okAnswer({ ...held, state: 'rejected', checker: 'admin@demo.test' }, 200),
    );
    showAsAdmin();
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole('button', {
        name: 'Reject $2,500.50 from account A1040173 (MR-NKAV7J3Q04)',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Reject this disbursement?' });
    expect(dialog.textContent).toContain(
      '$2,500.50 from account A1040173 (MR-NKAV7J3Q04), by ach to the linked bank account, requested by investor@demo.test.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText(
        'Reason for the investor must say in at least 10 characters why it is rejected',
      ),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText(/Reason for the investor/),
      'The amount is unusual for this account',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const note = await screen.findByRole('status');
    expect(note.textContent).toBe(
      'Rejected: $2,500.50 from account A1040173 (MR-NKAV7J3Q04). Nothing was sent; the investor reads your reason.',
    );
    expect(document.activeElement).toBe(note);
    expect(sent.map((r) => r.body)).toEqual([{ reason: 'The amount is unusual for this account' }]);
  });

  it('approves only after saying the money is sent at once; Cancel sends nothing', async () => {
    const sent = mockPost(
      `/api/disbursement-approvals/${held.id}/approve`,
      okAnswer({ ...held, state: 'sent', checker: 'admin@demo.test' }, 200),
    );
    showAsAdmin();
    const user = userEvent.setup({ delay: null });
    const approve = await screen.findByRole('button', { name: /^Approve \$2,500\.50/ });
    await user.click(approve);
    let dialog = screen.getByRole('dialog', { name: 'Approve and send?' });
    expect(dialog.textContent).toContain('It is sent to the platform as soon as you approve it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toHaveLength(0);

    await user.click(approve);
    dialog = screen.getByRole('dialog', { name: 'Approve and send?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and send' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Approved: \$2,500\.50/);
    expect(sent).toHaveLength(1);
  });
});
