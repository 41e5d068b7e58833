// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MoneyRequestView } from '../../../../../contract/money-requests';
import { bff, errorAnswer, mockPost, okAnswer, startMockBff } from '../../../../testing/mock-bff';
import { moneyRequestView } from '../../../../testing/money-request';
import { renderWithProviders } from '../../../../testing/render';
import { withViewportWidth } from '../../../../testing/viewport';
import { MoneyRequestPages } from '../money-request-pages';
import { MoneyRequestsList } from '../money-requests-list';
import { SettledByHandNote } from '../settle-by-hand';
import { isolate } from '../../../../../contract/bidi';

startMockBff();
withViewportWidth(1280);
afterEach(cleanup);

const unknown = moneyRequestView();
const path = '/api/compliance/money-requests/MR-7K2Q9D1X4B/settle';

/** The register page's part: a page of the list, and above it what the reviewer last settled. */
function Register({
  requests: first,
  readAgainRef,
}: {
  requests: MoneyRequestView[];
  /** Set by the page: the register as read again (a reconciliation pass, a refocused window). */
  readAgainRef?: { current: ((requests: MoneyRequestView[]) => void) | null };
}) {
  const [settled, setSettled] = useState<MoneyRequestView | null>(null);
  const [requests, setRequests] = useState(first);
  useEffect(() => {
    if (readAgainRef) readAgainRef.current = setRequests;
  }, [readAgainRef]);
  const page = { requests, total: requests.length, offset: 0, limit: 25 };
  return (
    <>
      {settled && (
        <SettledByHandNote
          settled={settled}
          hidden={false}
          onShow={() => {}}
          onDismiss={() => setSettled(null)}
        />
      )}
      <MoneyRequestPages
        query={{
          data: page,
          error: null,
          isPending: false,
          isError: false,
          isFetching: false,
          refetch: () => Promise.reject(new Error('not read again in these tests')),
        }}
        subject="the money requests"
        skeletonLines={3}
        empty="No request matches these filters."
        label="Money requests"
        pagesLabel="Money request pages"
        pageSize={25}
        onOffset={() => {}}
        reviewer
        onSettled={setSettled}
      />
    </>
  );
}

/** The reason typed, Settle pressed and refused in the dialog with `refusal`: nothing is sent. */
async function settleRefusedUnsent(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  sent: unknown[],
  { reason, refusal }: { reason: string; refusal: string },
) {
  await user.type(within(dialog).getByLabelText(/What you checked/), reason);
  await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
  expect(await within(dialog).findByText(refusal)).toBeTruthy();
  expect(sent).toHaveLength(0);
}

/**
 * An investment of unknown outcome whose trade 302961 appeared right after it was sent, with a
 * later trade of the same units; its settle dialog open.
 */
async function openLostInvestment() {
  const investment: MoneyRequestView = {
    ...unknown,
    reference: 'MR-0GFBRQ27J1',
    kind: 'investment',
    amount: '385',
    units: '77',
    offeringId: '5201',
  };
  bff.use(
    http.get('/api/compliance/money-requests/MR-0GFBRQ27J1/candidates', () =>
      HttpResponse.json({
        state: 'found',
        candidates: [
          {
            upstreamId: '302961',
            units: '77',
            amount: '385',
            createdAt: '2026-11-28T12:30:10',
            status: 'Created: waiting for payment and approval',
            sameUnits: true,
            sameAmount: true,
            probable: true,
          },
          {
            upstreamId: '302900',
            units: '77',
            amount: '385',
            createdAt: '2026-11-28T12:40:00',
            status: 'Created: waiting for payment and approval',
            sameUnits: true,
            sameAmount: true,
            probable: false,
          },
        ],
        complete: true,
      }),
    ),
  );
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Register requests={[investment]} />);
  await user.click(screen.getByRole('button', { name: 'Settle by hand: MR-0GFBRQ27J1' }));
  const dialog = screen.getByRole('dialog', { name: 'Settle MR-0GFBRQ27J1 by hand' });
  return { investment, user, dialog };
}

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Register requests={[unknown]} />);
  await user.click(screen.getByRole('button', { name: 'Settle by hand: MR-7K2Q9D1X4B' }));
  const dialog = screen.getByRole('dialog', { name: 'Settle MR-7K2Q9D1X4B by hand' });
  return { user, dialog };
}

describe('a reviewer settles an unknown money request by hand', () => {
  it('is offered only to reviewers, and only for an unknown outcome', () => {
    renderWithProviders(
      <MoneyRequestsList
        requests={[unknown, { ...unknown, reference: 'MR-0000000001', outcome: 'created' }]}
        label="Money requests"
      />,
    );
    expect(screen.queryByRole('button', { name: /by hand/ })).toBeNull();
    cleanup();
    renderWithProviders(
      <Register
        requests={[unknown, { ...unknown, reference: 'MR-0000000001', outcome: 'created' }]}
      />,
    );
    expect(screen.getAllByRole('button', { name: /by hand/ })).toHaveLength(1);
  });

  describe('the register is read again while the dialog is open', () => {
    async function openThenReadAgain(later: MoneyRequestView[]) {
      const readAgainRef: { current: ((requests: MoneyRequestView[]) => void) | null } = {
        current: null,
      };
      const user = userEvent.setup({ delay: null });
      renderWithProviders(<Register requests={[unknown]} readAgainRef={readAgainRef} />);
      await user.click(screen.getByRole('button', { name: 'Settle by hand: MR-7K2Q9D1X4B' }));
      await user.type(screen.getByLabelText(/What you checked/), 'Fund moves of A1040000');
      act(() => readAgainRef.current!(later));
      return screen.getByRole('dialog', { name: 'Settle MR-7K2Q9D1X4B by hand' });
    }

    it('keeps the dialog and what was typed when the row leaves the page', async () => {
      const dialog = await openThenReadAgain([]);
      expect(screen.getByText('No request matches these filters.')).toBeTruthy();
      expect(within(dialog).getByLabelText(/What you checked/)).toHaveProperty(
        'value',
        'Fund moves of A1040000',
      );
      expect(within(dialog).getByRole('button', { name: 'Settle' })).toBeTruthy();
    });

    it('says what became of a request settled meanwhile, and offers only to close', async () => {
      const sent = mockPost(path, okAnswer(unknown, 200));
      const dialog = await openThenReadAgain([
        { ...unknown, outcome: 'created', upstreamId: 'CFM777001' },
      ]);
      expect(within(dialog).getByRole('status').textContent).toBe(
        'MR-7K2Q9D1X4B was settled meanwhile: accepted, platform id CFM777001. There is nothing left to settle.',
      );
      expect(within(dialog).queryByRole('button', { name: 'Settle' })).toBeNull();
      // Enter in a field submits a form even with no submit button: nothing is sent.
      fireEvent.submit(
        within(dialog)
          .getByLabelText(/What you checked/)
          .closest('form')!,
      );
      expect(sent).toHaveLength(0);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Settle MR-7K2Q9D1X4B by hand' })).toBeNull(),
      );
    });
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
    await settleRefusedUnsent(user, dialog, sent, {
      reason: 'Fund moves of A1040000 hold it',
      refusal: 'Platform id is required when the platform holds the request',
    });

    await user.type(within(dialog).getByLabelText(/Platform id/), 'CFM777001');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'MR-7K2Q9D1X4B settled by hand: accepted, platform id CFM777001. The investor sees this outcome; your reason is in the audit log.',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      outcome: 'created',
      upstreamId: 'CFM777001',
      reason: 'Fund moves of A1040000 hold it',
    });
    expect(sent[0].csrf).toBe('1');

    // Read, the note can be put away.
    await user.click(screen.getByRole('button', { name: 'Dismiss this note' }));
    expect(screen.queryByText(/settled by hand/)).toBeNull();
  });

  it('offers the confirmation when the BFF refuses a fund move made before the request, and sends it once confirmed', async () => {
    const message =
      'Fund move CFM70000002 was made at the platform before MR-7K2Q9D1X4B was made here, so it is most likely not this request. Settle with it only if you checked at the platform that it is, and confirm that.';
    const bodies: unknown[] = [];
    bff.use(
      http.post(path, async ({ request }) => {
        const body = (await request.json()) as { confirmMadeBefore?: boolean };
        bodies.push(body);
        return body.confirmMadeBefore
          ? HttpResponse.json({ ...unknown, outcome: 'created', upstreamId: 'CFM70000002' })
          : errorAnswer(409, {
              code: 'conflict',
              message,
              fields: [{ field: 'confirmMadeBefore', message }],
            });
      }),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByLabelText('The platform holds it (give its id)'));
    await user.type(within(dialog).getByLabelText(/Platform id/), 'CFM70000002');
    await user.type(within(dialog).getByLabelText(/What you checked/), 'Fund moves of A1040000');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    await within(dialog).findByLabelText(
      'I checked at the platform that this fund move is this request, although it was made before it',
    );
    // Said once, above its box, which says what to do; no alert below repeats it.
    expect(within(dialog).getAllByText(message)).toHaveLength(1);
    expect(
      within(dialog).getByText(
        'Tick this box to settle with this fund move, or give the id of one made after the request',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText('MR-7K2Q9D1X4B was not settled')).toBeNull();
    // Another id is not covered by the refusal of this one.
    await user.type(within(dialog).getByLabelText(/Platform id/), '9');
    expect(within(dialog).queryByLabelText(/although it was made before it/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/Platform id/), '{Backspace}');
    await user.click(
      await within(dialog).findByLabelText(/this fund move is this request, although it was made/),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText(/settled by hand: accepted/)).toBeTruthy();
    expect(bodies).toEqual([
      { outcome: 'created', upstreamId: 'CFM70000002', reason: 'Fund moves of A1040000' },
      {
        outcome: 'created',
        upstreamId: 'CFM70000002',
        reason: 'Fund moves of A1040000',
        confirmMadeBefore: true,
      },
    ]);
  });

  it('for a deposit, says where the platform keeps it: the fund moves, by our reference', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Register requests={[{ ...unknown, kind: 'deposit' }]} />);
    expect(screen.getByRole('cell', { name: 'Deposit' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Settle by hand: MR-7K2Q9D1X4B' }));
    const dialog = screen.getByRole('dialog', { name: 'Settle MR-7K2Q9D1X4B by hand' });
    expect(dialog.textContent).toContain(
      "Look at the platform first: the account's fund moves (opens in a new tab): a deposit carries our reference in its description.",
    );
    // To the account's fund moves, in a new tab: the dialog stays as it was, to come back to.
    const link = within(dialog).getByRole('link', {
      name: "the account's fund moves (opens in a new tab)",
    });
    expect(link.getAttribute('href')).toBe(`/compliance/fund-moves?accountId=${unknown.accountId}`);
    expect(link.getAttribute('target')).toBe('_blank');
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
    // Another answer chosen: the refusal of the one before no longer stands under it.
    await user.click(within(dialog).getByLabelText('The platform holds it (give its id)'));
    await waitFor(() => expect(within(dialog).queryByText(/may still be on its way/)).toBeNull());
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
              sameUnits: null,
              sameAmount: null,
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
    renderWithProviders(<Register requests={[investment]} />);
    expect(candidateReads).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Settle by hand: MR-3T6V8W0Y2Z' }));
    const dialog = screen.getByRole('dialog', { name: 'Settle MR-3T6V8W0Y2Z by hand' });
    const trades = within(dialog).getByRole('region', {
      name: 'Trades at the platform that could be it',
    });
    expect(await within(trades).findByText('Trade 880012')).toBeTruthy();
    expect(within(trades).getByText(/12 units · \$1,200\.00 · .*(UTC|GMT)/)).toBeTruthy();
    expect(within(trades).getByText(/more trades than were read/)).toBeTruthy();
    expect(candidateReads).toBe(1);
    // The list and its buttons are named for a screen reader (contrast needs a real browser).
    const { violations } = await axe.run(dialog, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    await user.click(within(trades).getByRole('button', { name: 'Use this id: trade 880012' }));
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
    expect(await screen.findByText(/settled by hand: accepted/)).toBeTruthy();
    expect(sent.map((r) => r.body)).toEqual([
      {
        outcome: 'created',
        upstreamId: '880012',
        reason: 'Trade 880012 at the platform: 12 units, same day',
      },
    ]);
  });

  it('offers the trade that appeared right after the lost investment first, marked as probably it', async () => {
    const { dialog } = await openLostInvestment();
    const trades = within(dialog).getByRole('region', {
      name: 'Trades at the platform that could be it',
    });
    const [first, second] = await within(trades).findAllByRole('listitem');
    expect(first.textContent).toContain(
      'Trade 302961 · Probably this one: the same units, appeared right after it was sent',
    );
    expect(second.textContent).not.toContain('Probably this one');
  });

  it('asks, before "never arrived", to confirm that the trade probably it is another investment, and sends that trade', async () => {
    const { investment, user, dialog } = await openLostInvestment();
    const sent = mockPost(
      '/api/compliance/money-requests/MR-0GFBRQ27J1/settle',
      okAnswer({ ...investment, outcome: 'not_sent' }, 200),
    );
    await within(dialog).findAllByRole('listitem');
    await user.click(within(dialog).getByLabelText('It never reached the platform'));
    expect(
      within(dialog).getByText(
        `The platform holds trade 302961 of account ${investment.accountId} in this offering with the same units and amount, which appeared right after this request was sent: it is probably this investment. Settle it as held by the platform with trade 302961, or, if you checked at the platform that trade 302961 is another investment, confirm that.`,
      ),
    ).toBeTruthy();
    await settleRefusedUnsent(user, dialog, sent, {
      reason: 'Trade 302961 is the investor’s order placed by phone',
      refusal:
        'Tick this box to record that it never reached the platform, or settle it with trade 302961',
    });

    await user.click(
      within(dialog).getByLabelText(
        'I checked at the platform that trade 302961 is another investment, not this one',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText(/settled by hand/)).toBeTruthy();
    expect(sent.map((r) => r.body)).toEqual([
      {
        outcome: 'not_sent',
        reason: 'Trade 302961 is the investor’s order placed by phone',
        confirmNotTrade: '302961',
      },
    ]);
  });

  it('puts the focus on the first field in error in the page, not the last one shown', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByLabelText('The platform holds it (give its id)'));
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    const id = within(dialog).getByLabelText(/Platform id/);
    await waitFor(() => expect(id.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(dialog)
        .getByLabelText(/What you checked/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(document.activeElement).toBe(id);
  });

  it('names the choices when none is made', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(/What you checked/), 'Fund moves of A1040000');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(
      await within(dialog).findByText(
        'Choose what the platform shows: "The platform holds it (give its id)" or "It never reached the platform"',
      ),
    ).toBeTruthy();
  });

  describe('an investment that asked for 12 units', () => {
    const asked: MoneyRequestView = {
      ...unknown,
      reference: 'MR-5H7J9K1M3N',
      kind: 'investment',
      amount: '1200.00',
      units: '12',
      unitPrice: '100.00',
      offeringId: '5204',
      offeringName: 'Blue Mesa Solar Partners',
    };
    const trade = (upstreamId: string, units: string, same: boolean) => ({
      upstreamId,
      units,
      amount: String(Number(units) * 100),
      createdAt: '2026-11-20T08:04:11',
      status: 'Created: waiting for payment and approval',
      sameUnits: same,
      sameAmount: same,
      madeBefore: false,
    });
    const open = async (
      candidates = [trade('302953', '12', true), trade('302952', '11', false)],
      request = asked,
    ) => {
      bff.use(
        http.get('/api/compliance/money-requests/MR-5H7J9K1M3N/candidates', () =>
          HttpResponse.json({ state: 'found', candidates, complete: true }),
        ),
      );
      const user = userEvent.setup({ delay: null });
      renderWithProviders(<Register requests={[request]} />);
      await user.click(screen.getByRole('button', { name: 'Settle by hand: MR-5H7J9K1M3N' }));
      const dialog = screen.getByRole('dialog', { name: 'Settle MR-5H7J9K1M3N by hand' });
      const trades = within(dialog).getByRole('region', {
        name: 'Trades at the platform that could be it',
      });
      // Read once a trade can be taken (its button), or the folded ones shown.
      await within(trades).findAllByRole('button');
      return { user, dialog, trades };
    };

    it('says so first when no trade listed is of the units asked for', async () => {
      const { trades } = await open([trade('302952', '11', false), trade('302950', '20', false)]);
      expect(trades.textContent).toContain(
        'No trade of exactly 12 units is left unaccounted for. The trades below have other units',
      );
      // Read out, the mark is apart from the trade id.
      expect(within(trades).getAllByRole('listitem')[0].textContent).toMatch(
        /^Trade 302952 · Other units than asked/,
      );
    });

    const openWithUnreadable = async (candidates: ReturnType<typeof trade>[]) => {
      bff.use(
        http.get('/api/compliance/money-requests/MR-5H7J9K1M3N/candidates', () =>
          HttpResponse.json({ state: 'found', candidates, complete: true, skippedRecords: 1 }),
        ),
      );
      const user = userEvent.setup({ delay: null });
      renderWithProviders(<Register requests={[asked]} />);
      await user.click(screen.getByRole('button', { name: 'Settle by hand: MR-5H7J9K1M3N' }));
      const dialog = screen.getByRole('dialog', { name: 'Settle MR-5H7J9K1M3N by hand' });
      const trades = within(dialog).getByRole('region', {
        name: 'Trades at the platform that could be it',
      });
      const notice = (await within(trades).findByText(/could not be shown/)).closest(
        '[role="status"]',
      );
      return { trades, notice };
    };

    it('is not told the investment never arrived when a trade the platform sent could not be read', async () => {
      const { trades, notice } = await openWithUnreadable([]);
      expect(notice?.textContent).toBe(
        "1 trade could not be shown. The service sent it in a form the portal could not read; everything else is listed. No trade the portal could read is left unaccounted for; look at the platform for this account's trades in this offering.",
      );
      expect(trades.textContent).not.toContain('never arrived');
    });

    it('reads, above the trades listed, that an unreadable one may be the request’s', async () => {
      const { trades, notice } = await openWithUnreadable([trade('302953', '12', true)]);
      expect(notice?.textContent).toContain(
        'everything else is listed. It may be this request’s: look at the platform if none below is.',
      );
      expect(within(trades).getByText(/Trade 302953/)).toBeTruthy();
    });

    it('folds the trades of other units under one button when there are more than a few', async () => {
      const others = ['302940', '302941', '302942', '302943'].map((id, i) =>
        trade(id, String(20 + i), false),
      );
      const { user, trades } = await open([trade('302953', '12', true), ...others]);
      // The settle choice stays near: the trade of the units asked for is in view, the rest folded.
      expect(
        within(trades)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([expect.stringMatching(/^Trade 302953 · Same units and amount as asked/)]);
      const show = within(trades).getByRole('button', {
        name: 'Show the 4 trades of other units too',
      });
      expect(show.getAttribute('aria-expanded')).toBe('false');
      await user.click(show);
      expect(within(trades).getAllByRole('listitem')).toHaveLength(5);
      expect(
        within(trades)
          .getByRole('button', { name: 'Hide the trades of other units' })
          .getAttribute('aria-expanded'),
      ).toBe('true');
      // Each can then be taken into the form like any other.
      expect(
        within(trades).getByRole('button', { name: 'Use this id: trade 302943' }),
      ).toBeTruthy();
    });

    it('says how many trades of other units are left when none is of the units asked for', async () => {
      const others = ['302940', '302941', '302942', '302943'].map((id, i) =>
        trade(id, String(20 + i), false),
      );
      const { trades } = await open(others);
      expect(
        within(trades).getByRole('button', { name: 'Show the 4 trades of other units' }),
      ).toBeTruthy();
      expect(trades.textContent).toContain(
        'No trade of exactly 12 units is left unaccounted for. The 4 trades left have other units, so each is most likely another investment of this account; if the platform shows none of 12 units either, the investment never arrived.',
      );
      expect(within(trades).queryAllByRole('listitem')).toHaveLength(0);
    });

    it('does not say so when a trade of the units asked for is listed', async () => {
      const { trades } = await open();
      expect(trades.textContent).not.toContain('No trade of exactly');
    });

    it('names the offering to look in, by its name and id, in the row and in the dialog', async () => {
      const { dialog } = await open();
      expect(dialog.textContent).toContain(
        `Look at the platform first: the trades of the account in ${isolate('Blue Mesa Solar Partners')} (5204) of exactly 12 units.`,
      );
      // The register's row, under the dialog, names it under the kind.
      const kind = screen.getByText(`${isolate('Blue Mesa Solar Partners')} (5204)`).closest('td');
      expect(kind?.textContent).toBe(`Investment${isolate('Blue Mesa Solar Partners')} (5204)`);
    });

    it('names the offering by its id alone when its name could not be read', async () => {
      const { dialog } = await open(undefined, { ...asked, offeringName: null });
      expect(dialog.textContent).toContain(
        'Look at the platform first: the trades of the account in offering 5204 of exactly 12 units.',
      );
      // The register's row, under the dialog, names it under the kind.
      const kind = screen.getByText('Offering 5204').closest('td');
      expect(kind?.textContent).toBe('InvestmentOffering 5204');
    });

    it('says what was asked, and marks the trades of those units apart from the others', async () => {
      const { dialog, trades } = await open();
      expect(
        within(dialog).getByText(/Investment of 12 units at \$100\.00 each, \$1,200\.00 from/),
      ).toBeTruthy();
      const items = within(trades).getAllByRole('listitem');
      expect(items[0].textContent).toMatch(/Trade 302953.*Same units and amount as asked/);
      expect(items[1].textContent).toMatch(/Trade 302952.*Other units than asked/);
      // The button stands in the item's flow (stacked on a phone), never laid over its words.
      expect(trades.querySelector('.MuiListItemSecondaryAction-root')).toBeNull();
      expect(items[0].contains(within(items[0]).getByRole('button'))).toBe(true);
    });

    it('warns about a trade of other units and sends it only once the reviewer confirms', async () => {
      const sent = mockPost(
        '/api/compliance/money-requests/MR-5H7J9K1M3N/settle',
        okAnswer({ ...asked, outcome: 'created', upstreamId: '302952' }, 200),
      );
      const { user, dialog, trades } = await open();
      await user.click(within(trades).getByRole('button', { name: 'Use this id: trade 302952' }));
      expect(
        within(dialog).getByText(
          'Trade 302952 is for 11 units, but MR-5H7J9K1M3N asked for 12 units. Settle with it only if you checked that it is this request, and confirm that.',
        ),
      ).toBeTruthy();
      await user.type(
        within(dialog).getByLabelText(/What you checked/),
        'Trade 302952 at the platform, same minute',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
      expect(
        await within(dialog).findByText(/Tick this box to settle with this trade/),
      ).toBeTruthy();
      expect(sent).toHaveLength(0);

      // The trade of the units asked for needs no confirmation: the warning goes.
      await user.click(within(trades).getByRole('button', { name: 'Use this id: trade 302953' }));
      expect(within(dialog).queryByText(/is for 11 units/)).toBeNull();
      await user.click(within(trades).getByRole('button', { name: 'Use this id: trade 302952' }));
      await user.click(
        within(dialog).getByLabelText(/this trade is this request, although its units differ/),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
      expect(await screen.findByText(/settled by hand: accepted/)).toBeTruthy();
      expect(sent.map((r) => r.body)).toEqual([
        {
          outcome: 'created',
          upstreamId: '302952',
          reason: 'Trade 302952 at the platform, same minute',
          confirmDifferentUnits: true,
        },
      ]);
    });

    it('marks a trade made before the request and sends it only once the reviewer confirms', async () => {
      const sent = mockPost(
        '/api/compliance/money-requests/MR-5H7J9K1M3N/settle',
        okAnswer({ ...asked, outcome: 'created', upstreamId: '302940' }, 200),
      );
      const { user, dialog, trades } = await open([
        trade('302953', '12', true),
        { ...trade('302940', '12', true), madeBefore: true },
      ]);
      expect(within(trades).getAllByRole('listitem')[1].textContent).toMatch(
        /Trade 302940 · Made before this request · Same units and amount as asked/,
      );
      await user.click(within(trades).getByRole('button', { name: 'Use this id: trade 302940' }));
      expect(
        within(dialog).getByText(
          'Trade 302940 was made at the platform before MR-5H7J9K1M3N was made here, so it is most likely not this request. Settle with it only if you checked at the platform that it is, and confirm that.',
        ),
      ).toBeTruthy();
      await user.type(
        within(dialog).getByLabelText(/What you checked/),
        'Trade 302940 at the platform is this one',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
      expect(
        await within(dialog).findByText(
          'Tick this box to settle with this trade, or give the id of one made after the request',
        ),
      ).toBeTruthy();
      expect(sent).toHaveLength(0);
      await user.click(
        within(dialog).getByLabelText(
          'I checked at the platform that this trade is this request, although it was made before it',
        ),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
      expect(await screen.findByText(/settled by hand: accepted/)).toBeTruthy();
      expect(sent.map((r) => r.body)).toEqual([
        {
          outcome: 'created',
          upstreamId: '302940',
          reason: 'Trade 302940 at the platform is this one',
          confirmMadeBefore: true,
        },
      ]);
    });

    it("offers the confirmation when the BFF refuses a typed id's other units", async () => {
      const message =
        'Trade 400001 is for 3 units, but MR-5H7J9K1M3N asked for 12 units. Settle with it only if you checked that it is this request, and confirm that.';
      let answers = 0;
      bff.use(
        http.post('/api/compliance/money-requests/MR-5H7J9K1M3N/settle', async ({ request }) => {
          answers += 1;
          const body = (await request.json()) as { confirmDifferentUnits?: boolean };
          return body.confirmDifferentUnits
            ? HttpResponse.json({ ...asked, outcome: 'created', upstreamId: '400001' })
            : errorAnswer(409, {
                code: 'conflict',
                message,
                fields: [{ field: 'confirmDifferentUnits', message }],
              });
        }),
      );
      const { user, dialog } = await open();
      await user.click(within(dialog).getByLabelText('The platform holds it (give its id)'));
      await user.type(within(dialog).getByLabelText(/Platform id/), '400001');
      await user.type(
        within(dialog).getByLabelText(/What you checked/),
        'Trade 400001 at the platform',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
      await user.click(
        await within(dialog).findByLabelText(
          /this trade is this request, although its units differ/,
        ),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
      expect(await screen.findByText(/settled by hand: accepted/)).toBeTruthy();
      expect(answers).toBe(2);
    });
  });
});
