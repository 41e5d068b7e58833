// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { MoneyRequestView } from '../../../../../contract/money-requests';
import { bff, errorAnswer, mockPost, okAnswer, startMockBff } from '../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../testing/render';
import { MoneyRequestsTable } from '../money-requests-table';

startMockBff();
afterEach(cleanup);

const unknown: MoneyRequestView = {
  reference: 'MR-7K2Q9D1X4B',
  accountId: 'A1040000',
  kind: 'disbursement',
  amount: '250.00',
  offeringId: null,
  upstreamId: null,
  outcome: 'unknown',
  message: null,
  createdAt: '2026-11-20T15:04:00.000Z',
  settledAt: null,
  userEmail: 'investor@demo.test',
};
const path = '/api/compliance/money-requests/MR-7K2Q9D1X4B/settle';

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<MoneyRequestsTable requests={[unknown]} label="Money requests" reviewer />);
  await user.click(screen.getByRole('button', { name: 'Settle by hand: MR-7K2Q9D1X4B' }));
  const dialog = screen.getByRole('dialog', { name: 'Settle MR-7K2Q9D1X4B by hand' });
  return { user, dialog };
}

describe('a reviewer settles an unknown money request by hand', () => {
  it('is offered only to reviewers, and only for an unknown outcome', () => {
    renderWithProviders(
      <MoneyRequestsTable
        requests={[unknown, { ...unknown, reference: 'MR-0000000001', outcome: 'created' }]}
        label="Money requests"
      />,
    );
    expect(screen.queryByRole('button', { name: /by hand/ })).toBeNull();
    cleanup();
    renderWithProviders(
      <MoneyRequestsTable
        requests={[unknown, { ...unknown, reference: 'MR-0000000001', outcome: 'created' }]}
        label="Money requests"
        reviewer
      />,
    );
    expect(screen.getAllByRole('button', { name: /by hand/ })).toHaveLength(1);
  });

  it('asks for the platform id when the platform holds it, then sends the id and the reason', async () => {
    const sent = mockPost(
      path,
      okAnswer(
        {
          ...unknown,
          outcome: 'created',
          upstreamId: 'CFM777001',
          message: 'A reviewer found it at the platform as CFM777001.',
        },
        200,
      ),
    );
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText(/our reference in its description/)).toBeTruthy();
    await user.click(within(dialog).getByLabelText('The platform holds it (give its id)'));
    await user.type(
      within(dialog).getByLabelText(/What you checked/),
      'Fund moves of A1040000 hold it',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(
      await within(dialog).findByText(
        'Platform id is required when the platform holds the request',
      ),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Platform id/), 'CFM777001');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Settled by hand: accepted.',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      outcome: 'created',
      upstreamId: 'CFM777001',
      reason: 'Fund moves of A1040000 hold it',
    });
    expect(sent[0].csrf).toBe('1');
  });

  it('drops a typed id when the answer becomes "never arrived", and shows the refusal of a call still in flight', async () => {
    const sent = mockPost(
      path,
      errorAnswer(409, {
        code: 'conflict',
        message:
          'MR-7K2Q9D1X4B may still be on its way to the platform. Check again after 45 seconds from when it was sent.',
      }),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByLabelText('The platform holds it (give its id)'));
    await user.type(within(dialog).getByLabelText(/Platform id/), 'CFM1');
    await user.click(within(dialog).getByLabelText('It never reached the platform'));
    expect(within(dialog).queryByLabelText(/Platform id/)).toBeNull();
    await user.type(
      within(dialog).getByLabelText(/What you checked/),
      'No fund move of this amount at the platform',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await within(dialog).findByText(/may still be on its way/)).toBeTruthy();
    expect(sent.map((r) => r.body)).toEqual([
      { outcome: 'not_sent', reason: 'No fund move of this amount at the platform' },
    ]);
    // Still open and still unknown: nothing was settled.
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("for an investment, lists the unclaimed trades and takes the chosen one's id, settling nothing by itself", async () => {
    const investment: MoneyRequestView = {
      ...unknown,
      reference: 'MR-3T6V8W0Y2Z',
      kind: 'investment',
      amount: null,
      offeringId: '5201',
    };
    let candidateReads = 0;
    bff.use(
      http.get('/api/compliance/money-requests/MR-3T6V8W0Y2Z/candidates', () => {
        candidateReads += 1;
        return HttpResponse.json({
          state: 'found',
          candidates: [
            {
              upstreamId: '880012',
              units: '12',
              amount: '1200',
              createdAt: '2026-11-20T08:04:11',
              status: 'Created: waiting for payment and approval',
            },
          ],
          complete: false,
        });
      }),
    );
    const sent = mockPost(
      '/api/compliance/money-requests/MR-3T6V8W0Y2Z/settle',
      okAnswer({ ...investment, outcome: 'created', upstreamId: '880012' }, 200),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <MoneyRequestsTable requests={[investment]} label="Money requests" reviewer />,
    );
    expect(candidateReads).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Settle by hand: MR-3T6V8W0Y2Z' }));
    const dialog = screen.getByRole('dialog', { name: 'Settle MR-3T6V8W0Y2Z by hand' });
    const trades = within(dialog).getByRole('region', {
      name: 'Trades at the platform that could be it',
    });
    expect(await within(trades).findByText('Trade 880012')).toBeTruthy();
    expect(within(trades).getByText(/12 units · \$1,200\.00 · .*platform's clock/)).toBeTruthy();
    expect(within(trades).getByText(/more trades than were read/)).toBeTruthy();
    expect(candidateReads).toBe(1);
    // The list and its buttons are named for a screen reader (contrast needs a real browser).
    const { violations } = await axe.run(dialog, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    await user.click(
      within(trades).getByRole('button', { name: 'Use trade 880012 as the platform id' }),
    );
    expect(within(dialog).getByRole('status').textContent).toMatch(/Trade 880012 is taken/);
    expect(
      (within(dialog).getByLabelText('The platform holds it (give its id)') as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect((within(dialog).getByLabelText(/Platform id/) as HTMLInputElement).value).toBe('880012');
    expect(sent).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText(/What you checked/),
      'Trade 880012 at the platform: 12 units, same day',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Settled by hand: accepted.')).toBeTruthy();
    expect(sent.map((r) => r.body)).toEqual([
      {
        outcome: 'created',
        upstreamId: '880012',
        reason: 'Trade 880012 at the platform: 12 units, same day',
      },
    ]);
  });
});
