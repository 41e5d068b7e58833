// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../../../../../contract/identity';
import {
  bff,
  errorAnswer,
  mockPost,
  okAnswer,
  startMockBff,
} from '../../../../../testing/mock-bff';
import { onFakeDate, renderWithProviders } from '../../../../../testing/render';
import { sessionOf } from '../../../../../testing/session';
import { withTimeZones } from '../../../../../testing/time-zones';
import ApprovalsRoute from '../approvals';

startMockBff();
withTimeZones({ viewer: 'America/Los_Angeles', platform: 'UTC' });
afterEach(cleanup);

/** The BFF's reply: the waiting and the decided, each whole on one page. */
const listOf = (approvals: Approval[]) => {
  const section = (of: Approval[]) => ({ approvals: of, total: of.length, offset: 0, limit: 50 });
  return {
    waiting: section(approvals.filter((a) => a.state === 'pending')),
    decided: section(approvals.filter((a) => a.state !== 'pending')),
  };
};

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
      http.get('/api/disbursement-approvals', () => HttpResponse.json(listOf([approved]))),
    );
    renderWithProviders(<ApprovalsRoute />);
    expect(
      await screen.findByText(
        'By domestic wire (U.S. bank). Requested by investor@demo.test Nov 27, 2026, 3:44 AM PST; decided by admin@demo.test Nov 27, 2026, 3:46 AM PST; platform request 1240ff2a-77a3-44a9-9173-d95c67b39c7e',
      ),
    ).toBeTruthy();
  });
});

describe('an investor reads a decided approval', () => {
  it('as decided by a second person at the portal, with no staff email and no platform id', async () => {
    bff.use(
      http.get('/api/session', () => HttpResponse.json(sessionOf())),
      http.get('/api/disbursement-approvals', () =>
        HttpResponse.json(
          // As the BFF answers an investor: no checker's email, no platform request id.
          listOf([{ ...approved, checker: null, requestId: null, reference: 'MR-NKAV7J3Q04' }]),
        ),
      ),
    );
    renderWithProviders(<ApprovalsRoute />);
    expect(
      await screen.findByText(
        'By domestic wire (U.S. bank). Requested by investor@demo.test Nov 27, 2026, 3:44 AM PST; decided by a second person at Transact Portal Nov 27, 2026, 3:46 AM PST',
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
      http.get('/api/disbursement-approvals', () => HttpResponse.json(listOf([held]))),
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
    // Each name starts with the words the button shows, so voice control reaches it by them.
    expect(
      await screen.findByRole('button', {
        name: 'Approve and send $2,500.50 from account A1040173 (MR-NKAV7J3Q04)',
      }),
    ).toBeTruthy();
    // The request itself, in the register and in the audit log.
    expect(
      screen.getByRole('link', { name: 'the request in the register' }).getAttribute('href'),
    ).toBe('/compliance/money-requests?reference=MR-NKAV7J3Q04');
    expect(screen.getByRole('link', { name: 'its audit events' }).getAttribute('href')).toBe(
      '/audit?object=MR-NKAV7J3Q04',
    );
  });

  it('names the amount above which disbursements wait, to an investor with none waiting', async () => {
    bff.use(
      http.get('/api/session', () =>
        HttpResponse.json(sessionOf({}, { disbursementApprovalAbove: '1000' })),
      ),
      http.get('/api/disbursement-approvals', () => HttpResponse.json(listOf([]))),
    );
    renderWithProviders(<ApprovalsRoute />);
    expect(
      await screen.findByText(
        "Disbursements above $1,000.00, by themselves or with the account's others of the last 24 hours, and any asked from a sign-in an administrator set up or changed in the last 30 days, appear here.",
      ),
    ).toBeTruthy();
    // Named for what it lists to an investor, as their menu names it: they approve nothing here.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Held disbursements');
    expect(
      screen.getByText(
        "Your disbursements above $1,000.00, by themselves or with the account's others of the last 24 hours, and any asked from a sign-in an administrator set up or changed in the last 30 days, wait here until a second person approves them; nothing is sent before.",
      ),
    ).toBeTruthy();
  });

  it('tells a compliance reviewer that an administrator decides', async () => {
    show('compliance');
    expect(
      await screen.findByText(/A compliance reviewer reads them here; an administrator decides\./),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Disbursement approvals');
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  });
});

describe('an approval whose reference the platform lists under two fund moves', () => {
  const twice: Approval = {
    ...approved,
    id: '2f0c6a1e-0000-4000-8000-000000000009',
    reference: 'MR-NKAV7J3Q04',
    fundMoves: ['FM-20261127-001', 'FM-20261127-002'],
  };

  function show(role: 'investor' | 'compliance') {
    bff.use(
      http.get('/api/session', () => HttpResponse.json(sessionOf({ role }))),
      http.get('/api/disbursement-approvals', () => HttpResponse.json(listOf([twice]))),
    );
    renderWithProviders(<ApprovalsRoute />);
  }

  it('says so on its row to a reviewer, in the register’s words', async () => {
    show('compliance');
    const said = await screen.findByText(
      'The platform lists 2 fund moves carrying this reference, FM-20261127-001 and FM-20261127-002: the money may have moved twice. Check each at the platform and decide with the investor what to do about the extra one.',
    );
    expect(said.closest('li')!.textContent).toContain('Our reference MR-NKAV7J3Q04');
  });

  it('tells the investor to contact support with our reference', async () => {
    show('investor');
    expect(
      await screen.findByText(
        'The platform lists 2 fund moves carrying this reference, FM-20261127-001 and FM-20261127-002: the money may have moved twice. Contact support and quote our reference.',
      ),
    ).toBeTruthy();
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

  function showAsAdmin(approvals = [held]) {
    bff.use(
      http.get('/api/session', () =>
        HttpResponse.json(sessionOf({ role: 'admin', email: 'admin@demo.test' })),
      ),
      http.get('/api/disbursement-approvals', () => HttpResponse.json(listOf(approvals))),
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
      '$2,500.50 from account A1040173 (MR-NKAV7J3Q04), by ACH to the linked bank account, requested by investor@demo.test.',
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
      okAnswer(
        { ...held, state: 'sent', checker: 'admin@demo.test', requestId: approved.requestId },
        200,
      ),
    );
    showAsAdmin();
    const user = userEvent.setup({ delay: null });
    const approve = await screen.findByRole('button', { name: /^Approve and send \$2,500\.50/ });
    await user.click(approve);
    let dialog = screen.getByRole('dialog', { name: 'Approve and send?' });
    expect(dialog.textContent).toContain('It is sent to the platform as soon as you approve it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toHaveLength(0);

    await user.click(approve);
    dialog = screen.getByRole('dialog', { name: 'Approve and send?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and send' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Approved and sent: $2,500.50 from account A1040173 (MR-NKAV7J3Q04). Platform request 1240ff2a-77a3-44a9-9173-d95c67b39c7e.',
    );
    expect(sent).toHaveLength(1);
  });

  it('names a wire’s method in the dialog as the row does: U.S. in capitals', async () => {
    bff.use(
      http.get('/api/session', () =>
        HttpResponse.json(sessionOf({ role: 'admin', email: 'admin@demo.test' })),
      ),
      http.get('/api/disbursement-approvals', () =>
        HttpResponse.json(listOf([{ ...held, type: 'wire_domestic' }])),
      ),
    );
    renderWithProviders(<ApprovalsRoute />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Reject \$2,500\.50/ }));
    expect(screen.getByRole('dialog', { name: 'Reject this disbursement?' }).textContent).toContain(
      '$2,500.50 from account A1040173 (MR-NKAV7J3Q04), by domestic wire (U.S. bank), requested by investor@demo.test.',
    );
  });

  it('shows where a wire goes, in its row and in the dialog, the account masked as the BFF sent it', async () => {
    const wire: Approval = {
      ...held,
      amount: '4200.5',
      type: 'wire_international',
      destination: {
        bankId: 'DEUTDEFF',
        bankAccountIdMasked: '••••3000',
        additionalDetails: 'For Avery Quinn, invoice 2026-11',
      },
    };
    showAsAdmin([wire]);
    expect(
      await screen.findByText(
        'To SWIFT/BIC code DEUTDEFF, IBAN or account number ••••3000. Additional details: For Avery Quinn, invoice 2026-11',
      ),
    ).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Approve and send \$4,200\.50/ }));
    const dialog = screen.getByRole('dialog', { name: 'Approve and send?' });
    const term = (name: string) =>
      within(dialog).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('SWIFT/BIC code')).toBe('DEUTDEFF');
    expect(term('IBAN or account number')).toBe('••••3000');
    expect(term('Additional details')).toBe('For Avery Quinn, invoice 2026-11');
  });

  /** Approves the held request; the BFF answers `answer`. The note it leaves. */
  async function approveAnswered(answer: Approval) {
    mockPost(`/api/disbursement-approvals/${held.id}/approve`, okAnswer(answer, 200));
    showAsAdmin();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Approve and send \$2,500\.50/ }));
    const dialog = screen.getByRole('dialog', { name: 'Approve and send?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and send' }));
    const note = await screen.findByRole('alert');
    expect(document.activeElement).toBe(note);
    expect(screen.queryByRole('status')).toBeNull();
    return note;
  }

  it('says in red that an approval the platform refused moved no money, and why', async () => {
    const note = await approveAnswered({
      ...held,
      state: 'not_sent',
      checker: 'admin@demo.test',
      message: 'The portal is not permitted to do this at the moment. Nothing was submitted.',
    });
    expect(note.className).toMatch(/colorError/);
    expect(note.textContent).toBe(
      'Approved, but not sent: $2,500.50 from account A1040173 (MR-NKAV7J3Q04). No money moved. The portal is not permitted to do this at the moment. Nothing was submitted.',
    );
  });

  it('warns that an approval whose answer was lost must not be sent again, and tells staff what staff do', async () => {
    // The register's words for an unknown disbursement, as the BFF answers (unknownMoneyMessage):
    // its investor's, and staff's, which the BFF words for them.
    const lost =
      'The connection to the service broke before its answer came. It may or may not have reached the platform. Do not send it again.';
    const note = await approveAnswered({
      ...held,
      state: 'unknown',
      checker: 'admin@demo.test',
      message: `${lost} We check with the platform and settle it; if it stays unknown, contact support and quote our reference. Our reference: MR-NKAV7J3Q04.`,
      staffMessage: `${lost} Reconciliation looks for it on the platform; once its outcome is known, settle it in the money requests register. Our reference: MR-NKAV7J3Q04.`,
    });
    expect(note.className).toMatch(/colorWarning/);
    // The approver is the support desk: never sent to support, told to settle it in the register.
    expect(note.textContent).toBe(
      `Approved, outcome unknown: $2,500.50 from account A1040173 (MR-NKAV7J3Q04). ${lost} Reconciliation looks for it on the platform; once its outcome is known, settle it in the money requests register. Our reference: MR-NKAV7J3Q04.`,
    );
  });

  it('once someone else decided it, says who decided what and when, and offers only Close', async () => {
    const rejected: Approval = {
      ...held,
      state: 'rejected',
      checker: 'admin2@demo.test',
      decidedAt: '2026-11-27T20:14:00.000Z',
      message: 'Rejected: The amount is unusual',
    };
    let listed = held;
    bff.use(
      http.get('/api/session', () =>
        HttpResponse.json(sessionOf({ role: 'admin', email: 'admin@demo.test' })),
      ),
      http.get('/api/disbursement-approvals', () => HttpResponse.json(listOf([listed]))),
    );
    const sent = mockPost(
      `/api/disbursement-approvals/${held.id}/approve`,
      errorAnswer(409, {
        code: 'conflict',
        message: 'admin2@demo.test already rejected this disbursement: nothing was sent.',
        submitted: 'no',
      }),
    );
    renderWithProviders(<ApprovalsRoute />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Approve and send \$2,500\.50/ }));
    const dialog = screen.getByRole('dialog', { name: 'Approve and send?' });
    listed = rejected;
    await user.click(within(dialog).getByRole('button', { name: 'Approve and send' }));
    const alert = await within(dialog).findByText(
      'admin2@demo.test rejected this on Nov 27, 2026, 12:14 PM PST: nothing was sent.',
    );
    expect(alert.closest('[role="alert"]')!.textContent).not.toMatch(
      /Support id|give them this reference|Reload/,
    );
    expect(within(dialog).queryByRole('button', { name: 'Approve and send' })).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close']);
    expect(sent).toHaveLength(1);
  });

  it('an approval of their own from earlier is theirs, not "someone else\'s"', async () => {
    const mineSent: Approval = {
      ...held,
      state: 'sent',
      checker: 'admin@demo.test',
      decidedAt: '2026-11-27T20:14:00.000Z',
      requestId: 'b7a5e9e5-55fb-46f4-9b09-26eda02d55e4',
    };
    let listed = held;
    bff.use(
      http.get('/api/session', () =>
        HttpResponse.json(sessionOf({ role: 'admin', email: 'admin@demo.test' })),
      ),
      http.get('/api/disbursement-approvals', () => HttpResponse.json(listOf([listed]))),
    );
    mockPost(
      `/api/disbursement-approvals/${held.id}/approve`,
      errorAnswer(409, {
        code: 'conflict',
        message: 'You already approved this disbursement: it was sent to the platform.',
        submitted: 'yes',
      }),
    );
    renderWithProviders(<ApprovalsRoute />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Approve and send \$2,500\.50/ }));
    const dialog = screen.getByRole('dialog', { name: 'Approve and send?' });
    listed = mineSent;
    await user.click(within(dialog).getByRole('button', { name: 'Approve and send' }));
    await within(dialog).findByText(
      'You approved this on Nov 27, 2026, 12:14 PM PST: it was sent to the platform.',
    );
    expect(within(dialog).getByText('You already decided this')).toBeTruthy();
    expect(within(dialog).queryByText(/someone else/)).toBeNull();
  });

  it('one settled as not sent before anyone decided says so, not that someone approved it', async () => {
    const closed: Approval = {
      ...held,
      state: 'not_sent',
      message: 'Settled as not sent before a decision. Nothing was sent.',
    };
    let listed = held;
    bff.use(
      http.get('/api/session', () =>
        HttpResponse.json(sessionOf({ role: 'admin', email: 'admin@demo.test' })),
      ),
      http.get('/api/disbursement-approvals', () => HttpResponse.json(listOf([listed]))),
    );
    mockPost(
      `/api/disbursement-approvals/${held.id}/approve`,
      errorAnswer(409, {
        code: 'conflict',
        message: `This disbursement was settled as not sent (our reference ${held.reference}) before anyone decided on it. Nothing was sent, and it will not be: the investor can make a new request.`,
        submitted: 'no',
      }),
    );
    renderWithProviders(<ApprovalsRoute />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Approve and send \$2,500\.50/ }));
    const dialog = screen.getByRole('dialog', { name: 'Approve and send?' });
    listed = closed;
    await user.click(within(dialog).getByRole('button', { name: 'Approve and send' }));
    await within(dialog).findByText(
      'It was settled before anyone decided: it was not sent: no money moved.',
    );
    expect(within(dialog).queryByText(/approved this/)).toBeNull();
  });

  it('an approval cut off on its way may have been sent: not offered again, and the list read again once the portal answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let down = false;
      let listed = held;
      bff.use(
        http.get('/api/session', () =>
          HttpResponse.json(sessionOf({ role: 'admin', email: 'admin@demo.test' })),
        ),
        http.get('/api/disbursement-approvals', () =>
          down ? HttpResponse.error() : HttpResponse.json(listOf([listed])),
        ),
        http.post(`/api/disbursement-approvals/${held.id}/approve`, () => {
          // The portal stops while the approval is at the platform, which creates it.
          down = true;
          listed = {
            ...held,
            state: 'sent',
            checker: 'admin@demo.test',
            decidedAt: '2026-11-27T20:14:00.000Z',
          };
          return HttpResponse.error();
        }),
      );
      renderWithProviders(<ApprovalsRoute />);
      const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
      await user.click(
        await screen.findByRole('button', { name: /^Approve and send \$2,500\.50/ }),
      );
      const dialog = screen.getByRole('dialog', { name: 'Approve and send?' });
      await user.click(within(dialog).getByRole('button', { name: 'Approve and send' }));

      const title = await within(dialog).findByText(
        'The approval may have been sent: do not approve it again',
      );
      const alert = title.closest('[role="alert"]')!;
      expect(alert.textContent).toMatch(/Our reference: MR-NKAV7J3Q04\./);
      expect(alert.textContent).not.toMatch(/It was not approved/);
      // One instruction: the title's "do not approve it again", never also "check before trying
      // again" (the browser's words for any write whose answer was lost).
      expect(alert.textContent).toBe(
        'The approval may have been sent: do not approve it againThe portal could not be reached while your approval was on its way, so it may have been sent. Our reference: MR-NKAV7J3Q04. The list of approvals is read again until it shows what became of it; the portal settles it with the platform.',
      );
      // No second approval to press: only Close.
      expect(
        within(dialog)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Close']);

      // The portal answers again: the list is read again by itself and says what became of it.
      down = false;
      await vi.advanceTimersByTimeAsync(10_000);
      await waitFor(() =>
        expect(
          within(dialog)
            .getByText('The approval may have been sent: do not approve it again')
            .closest('[role="alert"]')!.textContent,
        ).toMatch(
          /You approved this on Nov 27, 2026, 12:14 PM PST: it was sent to the platform\.$/,
        ),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('while an approval is being sent', () => {
  const held: Approval = {
    ...approved,
    id: '2f0c6a1e-0000-4000-8000-000000000003',
    type: 'ach',
    state: 'pending',
    checker: null,
    decidedAt: null,
    requestId: null,
    reference: 'MR-NKAV7J3Q05',
  };

  it('the dialog stays, says it is sending, and the outcome is told when it comes, also after turning a page', async () => {
    let answer: (response: Response) => void = () => {};
    const answered = new Promise<Response>((resolve) => (answer = resolve));
    bff.use(
      http.get('/api/session', () =>
        HttpResponse.json(sessionOf({ role: 'admin', email: 'admin@demo.test' })),
      ),
      http.get('/api/disbursement-approvals', () => HttpResponse.json(listOf([held]))),
      http.post(`/api/disbursement-approvals/${held.id}/approve`, () => answered),
    );
    const { router } = renderWithProviders(<ApprovalsRoute />, { path: '/approvals' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Approve and send \$2,500\.50/ }));
    const dialog = screen.getByRole('dialog', { name: 'Approve and send?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and send' }));

    // Busy, not disabled: it keeps the focus (a step-up dialog gives it back to it).
    expect(
      within(dialog).getByRole('button', { name: 'Sending…' }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Sending it to the platform. This stays open until the platform answers, then the page says what became of the money.',
    );
    expect(within(dialog).getByRole('progressbar', { hidden: true })).toBeTruthy();
    // Neither Escape, nor a click beside it, nor Cancel closes it before the answer.
    await user.keyboard('{Escape}');
    await user.click(document.querySelector('.MuiBackdrop-root')!);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('dialog', { name: 'Approve and send?' })).toBe(dialog);

    // The person moves within the page meanwhile: the answer still reaches it.
    await router.navigate('/approvals?decided=2');
    answer(
      HttpResponse.json({
        ...held,
        state: 'sent',
        checker: 'admin@demo.test',
        requestId: approved.requestId,
      }),
    );
    const note = await screen.findByText(/^Approved and sent: \$2,500\.50/);
    expect(note.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('many held disbursements', () => {
  /** `count` requests held a minute apart from 09:00 UTC, the first the oldest. */
  const heldMany = (count: number, from: number, state: Approval['state']): Approval[] =>
    Array.from({ length: count }, (_, i) => ({
      ...approved,
      id: `2f0c6a1e-0000-4000-8000-${String(from + i).padStart(12, '0')}`,
      amount: String(1001 + from + i),
      state,
      checker: state === 'pending' ? null : 'admin@demo.test',
      decidedAt: state === 'pending' ? null : approved.decidedAt,
      requestId: null,
      reference: null,
      createdAt: new Date(Date.parse('2026-11-27T09:00:00Z') + (from + i) * 60_000).toISOString(),
    }));
  const waiting = heldMany(60, 0, 'pending');
  const decided = heldMany(3, 100, 'rejected');

  /** The BFF, slicing each section at the offsets asked; the queries it was asked. */
  function serve() {
    const asked: URLSearchParams[] = [];
    bff.use(
      http.get('/api/session', () => HttpResponse.json(sessionOf({ role: 'compliance' }))),
      http.get('/api/disbursement-approvals', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const limit = Number(query.get('limit'));
        const section = (all: Approval[], offset: number) => ({
          approvals: all.slice(offset, offset + limit),
          total: all.length,
          offset,
          limit,
        });
        return HttpResponse.json({
          waiting: section(waiting, Number(query.get('waitingOffset'))),
          decided: section(decided, Number(query.get('decidedOffset'))),
        });
      }),
    );
    return asked;
  }

  it('counts those waiting under their own heading, the longest wait first, apart from the decided', async () => {
    serve();
    renderWithProviders(<ApprovalsRoute />, { path: '/approvals' });
    const waitingSection = await screen.findByRole('region', {
      name: 'Waiting for a decision (60)',
    });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Waiting for a decision (60)' }),
    ).toBeTruthy();
    const rows = within(within(waitingSection).getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(20);
    expect(rows[0].textContent).toContain('$1,001.00 from account A1040173: Waiting for approval');
    expect(within(waitingSection).getByText('The one waiting longest first.')).toBeTruthy();
    const decidedSection = screen.getByRole('region', { name: 'Decided (3)' });
    expect(within(decidedSection).getAllByRole('listitem')).toHaveLength(3);
    expect(within(decidedSection).queryByRole('navigation')).toBeNull();
  });

  it('turns the pages of those waiting, in the address; the heading takes the focus', async () => {
    const asked = serve();
    const { router } = renderWithProviders(<ApprovalsRoute />, { path: '/approvals' });
    const user = userEvent.setup({ delay: null });
    const pages = await screen.findByRole('navigation', {
      name: 'Pages of the requests waiting',
    });
    expect(pages.textContent).toContain('1–20 of 60');
    await user.click(within(pages).getByRole('button', { name: 'Waiting less long' }));
    expect(router.state.location.search).toBe('?waiting=2');
    expect(await within(pages).findByText('21–40 of 60')).toBeTruthy();
    expect(asked.at(-1)!.get('waitingOffset')).toBe('20');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Waiting for a decision (60)' }),
    );
    const waitingSection = screen.getByRole('region', { name: 'Waiting for a decision (60)' });
    expect(within(waitingSection).getAllByRole('listitem')[0].textContent).toContain('$1,021.00');
    expect(within(pages).getByRole('button', { name: 'Waiting longer' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('opens the pages the address names', async () => {
    const asked = serve();
    renderWithProviders(<ApprovalsRoute />, { path: '/approvals?waiting=3&decided=2' });
    expect(await screen.findByText('None on this page: 3 in all.')).toBeTruthy();
    expect(asked.at(-1)!.get('waitingOffset')).toBe('40');
    expect(asked.at(-1)!.get('decidedOffset')).toBe('20');
    expect(
      screen.getByRole('navigation', { name: 'Pages of the requests waiting' }).textContent,
    ).toContain('41–60 of 60');
  });
});

describe('narrowing the approvals', () => {
  const one: Approval = {
    ...approved,
    id: '2f0c6a1e-0000-4000-8000-000000000077',
    reference: 'MR-5SDSNXSKHP',
  };
  const other: Approval = { ...approved, id: '2f0c6a1e-0000-4000-8000-000000000078' };

  /** A BFF that holds `held` and applies no filter itself; the queries it was asked. */
  function serve(held: Approval[], role: 'admin' | 'compliance' | 'investor' = 'admin') {
    const asked: URLSearchParams[] = [];
    bff.use(
      http.get('/api/session', () =>
        HttpResponse.json(sessionOf({ role, email: `${role}@demo.test` })),
      ),
      http.get('/api/disbursement-approvals', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        return HttpResponse.json(listOf(held));
      }),
    );
    return asked;
  }

  it('applies each filter to both sections through the BFF, kept in the address, from page 1', async () => {
    const asked = serve([one, other]);
    const { router } = renderWithProviders(<ApprovalsRoute />, {
      path: '/approvals?decided=2',
    });
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('search', { name: 'Filter approvals' });
    await user.type(within(form).getByLabelText('Account'), 'a1040173{Enter}');
    await user.type(within(form).getByLabelText('Amount at least'), '2500{Enter}');
    await user.type(within(form).getByLabelText('Amount at most'), '10000.50{Enter}');
    await user.type(within(form).getByLabelText('Requested by'), 'investor@{Enter}');
    expect(new URLSearchParams(router.state.location.search)).toEqual(
      new URLSearchParams('accountId=A1040173&minAmount=2500&maxAmount=10000.5&maker=investor%40'),
    );
    await screen.findByRole('region', { name: 'Decided (2)' });
    const last = asked.at(-1)!;
    expect(Object.fromEntries(last)).toMatchObject({
      accountId: 'A1040173',
      minAmount: '2500',
      maxAmount: '10000.5',
      maker: 'investor@',
      waitingOffset: '0',
      decidedOffset: '0',
    });
  });

  it('names the field and its rule on bad input, and sends nothing for it', async () => {
    const asked = serve([one]);
    const { router } = renderWithProviders(<ApprovalsRoute />, { path: '/approvals' });
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('search', { name: 'Filter approvals' });
    await user.type(within(form).getByLabelText('Amount at least'), '2,500{Enter}');
    expect(
      within(form).getByText(
        'Amount at least must be a dollar amount, such as 2500 or 2500.50 (no $ or thousands separators)',
      ),
    ).toBeTruthy();
    await user.type(within(form).getByLabelText('Amount at most'), '100{Enter}');
    await user.clear(within(form).getByLabelText('Amount at least'));
    await user.type(within(form).getByLabelText('Amount at least'), '5000{Enter}');
    expect(
      within(form).getByText('Amount at least must not be more than Amount at most'),
    ).toBeTruthy();
    await user.type(within(form).getByLabelText('Requested by'), 'an investor{Enter}');
    expect(
      within(form).getByText(
        'Requested by must be an email address or a part of one, without spaces',
      ),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('?maxAmount=100');
    expect(asked.every((q) => !q.has('minAmount') && !q.has('maker'))).toBe(true);
  });

  it('names under its field a filter of the address the BFF refuses, and offers no Try again', async () => {
    // A hand-edited or shared address holds a range out of order: the BFF refuses it naming the
    // field (query.minAmount), which the page must tell where the field is, in its label's words.
    const message = 'Amount at least must not be more than Amount at most';
    bff.use(
      http.get('/api/session', () => HttpResponse.json(sessionOf({ role: 'admin' }))),
      http.get('/api/disbursement-approvals', () =>
        errorAnswer(400, {
          code: 'bad_request',
          message: `query.minAmount: ${message}`,
          fields: [{ field: 'query.minAmount', message }],
        }),
      ),
    );
    const { router } = renderWithProviders(<ApprovalsRoute />, {
      path: '/approvals?minAmount=5000&maxAmount=100',
    });
    const form = await screen.findByRole('search', { name: 'Filter approvals' });
    const least = within(form).getByLabelText('Amount at least');
    await within(form).findByText(message);
    expect(least.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { name: 'These filters cannot be applied' })).toBeTruthy();
    expect(screen.queryByText(/query\.minAmount/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getAllByRole('button', { name: 'Clear the filters' })[1]);
    expect(router.state.location.search).toBe('');
  });

  it('says in words a refused approval id of a link, which has no field', async () => {
    bff.use(
      http.get('/api/session', () => HttpResponse.json(sessionOf({ role: 'admin' }))),
      http.get('/api/disbursement-approvals', () =>
        errorAnswer(400, {
          code: 'bad_request',
          message: 'query.approval: approval must be an approval id',
          fields: [{ field: 'query.approval', message: 'approval must be an approval id' }],
        }),
      ),
    );
    renderWithProviders(<ApprovalsRoute />, { path: '/approvals?approval=not-an-id' });
    expect(
      await screen.findByText(
        'approval must be an approval id. Clear the filters to see all approvals.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says when the filters match nothing, and clears them', async () => {
    serve([]);
    const { router } = renderWithProviders(<ApprovalsRoute />, {
      path: '/approvals?accountId=A1040173&minAmount=90000',
    });
    expect(
      await screen.findByRole('heading', { name: 'No approval matches these filters' }),
    ).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    // The empty state's button and the form's do the same.
    expect(screen.getAllByRole('button', { name: 'Clear the filters' })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Clear the filters' })[0]);
    expect(router.state.location.search).toBe('');
    // The fields empty with the address.
    const form = screen.getByRole('search', { name: 'Filter approvals' });
    expect(within(form).getByLabelText('Account')).toHaveProperty('value', '');
    expect(within(form).getByLabelText('Amount at least')).toHaveProperty('value', '');
  });

  it('opens the one approval a link names, marked and focused, in its section', async () => {
    const asked = serve([one]);
    renderWithProviders(<ApprovalsRoute />, { path: '/approvals?reference=MR-5SDSNXSKHP' });
    const decided = await screen.findByRole('region', { name: 'Decided (1)' });
    const row = within(decided).getByRole('listitem');
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(row);
    expect(
      screen.getByText(/^Showing only the disbursement with the reference MR-5SDSNXSKHP\./),
    ).toBeTruthy();
    expect(asked.at(-1)!.get('reference')).toBe('MR-5SDSNXSKHP');
    expect(
      screen.getByRole('region', { name: 'Waiting for a decision (0)' }).textContent,
    ).toContain('None here matches the filters.');
  });

  it('says that a reference no approval holds is not held for approval', async () => {
    serve([]);
    renderWithProviders(<ApprovalsRoute />, { path: '/approvals?reference=MR-0000000000' });
    expect(await screen.findByRole('heading', { name: 'Not held for approval' })).toBeTruthy();
    expect(
      screen.getByText(
        'No disbursement held for approval has the reference MR-0000000000. Look for it in the money requests: it may not have needed an approval.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show all approvals' })).toBeTruthy();
    // A reviewer is led to the request in the register, where any request of ours is.
    expect(
      screen.getByRole('link', { name: 'Look it up in the money requests' }).getAttribute('href'),
    ).toBe('/compliance/money-requests?reference=MR-0000000000');
  });
});

describe('an approved disbursement being sent, on the approvals page', () => {
  it('says "being sent" with the register’s words until no call can be running, then that its outcome is unknown', async () => {
    const sending: Approval = {
      ...approved,
      state: 'sending',
      requestId: null,
      decidedAt: '2026-11-28T12:00:00.000Z',
      reference: 'MR-7K2Q9D1X4B',
      beingSent: { approvedAt: '2026-11-28T12:00:00.000Z', until: '2026-11-28T12:00:40.000Z' },
    };
    bff.use(
      http.get('/api/session', () => HttpResponse.json({ signedIn: false })),
      http.get('/api/disbursement-approvals', () => HttpResponse.json(listOf([sending]))),
    );
    await onFakeDate('2026-11-28T12:00:05.000Z', async () => {
      renderWithProviders(<ApprovalsRoute />);
      const row = (await screen.findByText(/from account A1040173:/)).closest('li')!;
      expect(row.textContent).toContain(
        'from account A1040173: Approved, being sent: do not send it again',
      );
      // The register's sentence for the same state, from the same instants.
      expect(row.textContent).toMatch(/Approved .*2026.*, and being sent to the platform\./);

      act(() => vi.advanceTimersByTime(36_000));
      expect(
        await within(row).findByText(/Approved, outcome unknown: do not send it again/),
      ).toBeTruthy();
      expect(row.textContent).not.toContain('being sent to the platform');
    });
  });
});
