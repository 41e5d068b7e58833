// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Approval } from '../../../../../../contract/identity';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
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
