// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Approval } from '../../../../../../contract/identity';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../../testing/render';
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
