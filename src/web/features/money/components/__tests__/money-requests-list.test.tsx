// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acceptedDisbursementState,
  foundAfterNotSentMessage,
  type MoneyRequestView,
} from '../../../../../contract/money-requests';
import { renderWithProviders } from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { withViewportWidth } from '../../../../testing/viewport';
import { MoneyRequestsList } from '../money-requests-list';

withTimeZones({ viewer: 'America/Los_Angeles', platform: 'UTC' });
afterEach(cleanup);

const request: MoneyRequestView = {
  reference: 'MR-YG4PJJV6JE',
  accountId: 'A1040000',
  kind: 'investment',
  amount: '120',
  offeringId: '5201',
  offeringName: null,
  units: '12',
  unitPrice: '10',
  upstreamId: null,
  platformIdKind: null,
  outcome: 'refused',
  message: null,
  createdAt: '2026-11-27T11:30:05.000Z',
  settledAt: null,
  settledBy: null,
  userEmail: 'investor@demo.test',
};

/** The same request as a disbursement: no offering, units or unit price. */
const disbursementRequest: MoneyRequestView = {
  ...request,
  kind: 'disbursement',
  offeringId: null,
  units: null,
  unitPrice: null,
};

describe('a reviewer reads the money requests register', () => {
  withViewportWidth(1280);

  it('sees when each request was sent in their zone, the zone named', () => {
    renderWithProviders(<MoneyRequestsList requests={[request]} label="Money requests" reviewer />);
    const table = screen.getByRole('table', { name: 'Money requests' });
    expect(within(table).getByText('Nov 27, 2026, 3:30 AM PST')).toBeTruthy();
  });

  it("reads a field rule's refusal as a sentence of its own before what comes next", () => {
    const refused: MoneyRequestView = {
      ...request,
      outcome: 'not_sent',
      message: "The amount ($10.00) is below this offering's minimum investment of $50.00",
    };
    renderWithProviders(<MoneyRequestsList requests={[refused]} label="Money requests" reviewer />);
    const table = screen.getByRole('table', { name: 'Money requests' });
    expect(table.textContent).toContain(
      "The investor was told: The amount ($10.00) is below this offering's minimum investment of $50.00. ",
    );
  });
});

describe('a held disbursement a second person decided', () => {
  withViewportWidth(1280);

  it('reads an investment the platform accepted as the trade it created, not as "Accepted"', () => {
    const traded: MoneyRequestView = {
      ...request,
      outcome: 'created',
      upstreamId: '302951',
      platformIdKind: 'trade',
    };
    renderWithProviders(<MoneyRequestsList requests={[traded]} label="Money requests" />);
    const table = screen.getByRole('table', { name: 'Money requests' });
    expect(table.textContent).toContain('Trade created');
    expect(table.textContent).not.toContain('Accepted');
  });

  it('reads that it was approved by a second person and when; a reviewer also reads who', () => {
    const approved: MoneyRequestView = {
      ...request,
      kind: 'disbursement',
      offeringId: null,
      units: null,
      unitPrice: null,
      outcome: 'created',
      upstreamId: 'abab033c-2675-4b96-a812-1c5da35c7584',
      platformIdKind: 'disbursement_request',
      decision: {
        approved: true,
        decidedAt: '2026-11-29T16:58:00.000Z',
        decidedByEmail: 'admin@demo.test',
      },
    };
    renderWithProviders(
      <MoneyRequestsList requests={[approved]} label="Money requests" reviewer />,
    );
    expect(screen.getByRole('table', { name: 'Money requests' }).textContent).toContain(
      'Approved by a second person (admin@demo.test), Nov 29, 2026, 8:58 AM PST.',
    );
    cleanup();
    const { decidedByEmail: _who, ...decision } = approved.decision!;
    renderWithProviders(
      <MoneyRequestsList requests={[{ ...approved, decision }]} label="Money requests" />,
    );
    expect(screen.getByRole('table', { name: 'Money requests' }).textContent).toContain(
      'Approved by a second person, Nov 29, 2026, 8:58 AM PST.',
    );
  });
});

describe('a request the portal refused before sending', () => {
  withViewportWidth(1280);

  it('reads the reason of a request refused while the same one stood once, without "Not sent" twice', () => {
    const refused: MoneyRequestView = {
      ...request,
      outcome: 'not_sent',
      message:
        'Not sent: You sent the same investment at 19:29 UTC (MR-XG78Z9K30J, 11 units, $55.00, by wire), waiting for approval. Send another one? To send this one as well, confirm that it is an additional investment.',
    };
    renderWithProviders(<MoneyRequestsList requests={[refused]} label="Money requests" reviewer />);
    const text = screen.getByRole('table', { name: 'Money requests' }).textContent ?? '';
    // To a reviewer, as what the investor was told: its "confirm that…" is addressed to them.
    expect(text).toContain('The investor was told: You sent the same investment at 19:29 UTC');
    expect(text).not.toContain('Reason:');
    expect(text.match(/Not sent/g)).toHaveLength(1);
    cleanup();
    renderWithProviders(<MoneyRequestsList requests={[refused]} label="Money requests" />);
    expect(screen.getByRole('table', { name: 'Money requests' }).textContent).toContain(
      'Reason: You sent the same investment at 19:29 UTC',
    );
  });

  it('reads a request held back as a repeat as what it repeats, with no question and no next step', () => {
    const heldBack: MoneyRequestView = {
      ...request,
      outcome: 'not_sent',
      message: 'It repeats MR-F8378B3NB6, which went through (trade 302954); nothing was sent.',
    };
    for (const reviewer of [false, true]) {
      renderWithProviders(
        <MoneyRequestsList requests={[heldBack]} label="Money requests" reviewer={reviewer} />,
      );
      const text = screen.getByRole('table', { name: 'Money requests' }).textContent ?? '';
      expect(text).toContain(
        'Not sent: It repeats MR-F8378B3NB6, which went through (trade 302954); nothing was sent.',
      );
      expect(text).not.toMatch(/never reached the platform|send a new request|\?/);
      cleanup();
    }
  });

  it('reads the sentence pair the person was answered with, why and what to do, and no general next step', () => {
    const why = 'A deposit comes from the bank account linked to this account, and none is linked.';
    const next = 'Link a bank account on the Money and timeline page first, then send the deposit.';
    const refused: MoneyRequestView = {
      ...request,
      kind: 'deposit',
      offeringId: null,
      units: null,
      unitPrice: null,
      outcome: 'not_sent',
      message: why,
      nextStep: next,
    };
    renderWithProviders(<MoneyRequestsList requests={[refused]} label="My requests" />);
    const text = screen.getByRole('table', { name: 'My requests' }).textContent ?? '';
    expect(text).toContain(`Not sent${why} ${next}`);
    expect(text).not.toMatch(/You can send a new request|never reached the platform/);
  });
});

describe('the register names how the money goes', () => {
  withViewportWidth(1280);

  it('shows an ACH and a wire of the same amount as such, and nothing for a request without a method', () => {
    const disbursement: MoneyRequestView = {
      ...disbursementRequest,
      amount: '13',
      outcome: 'created',
    };
    renderWithProviders(
      <MoneyRequestsList
        requests={[
          { ...disbursement, reference: 'MR-AAAAAAAAAA', method: 'ach' },
          { ...disbursement, reference: 'MR-BBBBBBBBBB', method: 'wire_domestic' },
          { ...disbursement, reference: 'MR-CCCCCCCCCC', method: null },
        ]}
        label="Money requests"
        reviewer
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Money requests' })).getAllByRole('row');
    const rowOf = (reference: string) => rows.find((row) => row.textContent?.includes(reference))!;
    expect(rowOf('MR-AAAAAAAAAA').textContent).toContain('By ACH');
    expect(rowOf('MR-BBBBBBBBBB').textContent).toContain('By domestic wire');
    expect(rowOf('MR-CCCCCCCCCC').textContent).not.toMatch(/By /);
  });

  it('says a wire on its way goes by wire, and an ACH one over the ACH network', () => {
    const sent: MoneyRequestView = {
      ...disbursementRequest,
      amount: '13',
      outcome: 'created',
      fundMove: 'CFM70000121',
      fundMoveStatus: { status: 'submitted', approvalStatus: 'approved' },
    };
    renderWithProviders(
      <MoneyRequestsList
        requests={[
          { ...sent, reference: 'MR-AAAAAAAAAA', method: 'ach' },
          { ...sent, reference: 'MR-BBBBBBBBBB', method: 'wire_domestic' },
        ]}
        label="Money requests"
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Money requests' })).getAllByRole('row');
    const rowOf = (reference: string) => rows.find((row) => row.textContent?.includes(reference))!;
    expect(rowOf('MR-AAAAAAAAAA').textContent).toContain(
      'Approved and sent to the bank over the ACH network.',
    );
    expect(rowOf('MR-BBBBBBBBBB').textContent).toContain(
      'Approved and sent to the bank by wire. Next: Completes when the receiving bank credits the wire.',
    );
    expect(rowOf('MR-BBBBBBBBBB').textContent).not.toContain('ACH');
  });
});

describe('a request the platform lists twice under our reference', () => {
  withViewportWidth(1280);
  const twice: MoneyRequestView = {
    ...disbursementRequest,
    outcome: 'created',
    upstreamId: 'CFM70000120',
    platformIdKind: 'fund_move',
    fundMoves: ['CFM70000120', 'CFM70000121'],
  };

  it('names both fund moves: the reviewer is told to check them, the investor to contact support', () => {
    renderWithProviders(<MoneyRequestsList requests={[twice]} label="Money requests" reviewer />);
    expect(screen.getByRole('table', { name: 'Money requests' }).textContent).toContain(
      'The platform lists 2 fund moves carrying this reference, CFM70000120 and CFM70000121: the money may have moved twice. Check each at the platform',
    );
    cleanup();
    renderWithProviders(<MoneyRequestsList requests={[twice]} label="My requests" />);
    expect(screen.getByRole('table', { name: 'My requests' }).textContent).toContain(
      'the money may have moved twice. Contact support and quote our reference.',
    );
  });
});

describe('a reviewer reads the register on a phone', () => {
  withViewportWidth(375);
  const unknown: MoneyRequestView = { ...request, outcome: 'unknown' };

  it('reads each request as a card, its outcome and "Settle by hand" in view without panning', () => {
    renderWithProviders(
      <MoneyRequestsList
        requests={[unknown]}
        label="Money requests"
        reviewer
        onSettle={() => {}}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Money requests' });
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card).getByText('Outcome unknown')).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Settle by hand: MR-YG4PJJV6JE' }),
    ).toBeTruthy();
    // Every column of the table is still there, as a term and its value.
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Made', 'Our reference', 'User', 'Account', 'Platform id']);
    expect(card.textContent).toContain('investor@demo.test');
    expect(card.textContent).toContain('$120.00');
    expect(card.textContent).toContain('12 units');
  });

  it("reads an investment's offering, by its name and id, under its kind", () => {
    renderWithProviders(
      <MoneyRequestsList
        requests={[{ ...unknown, offeringName: 'Blue Mesa Solar Partners' }]}
        label="Money requests"
        reviewer
      />,
    );
    const [card] = within(screen.getByRole('list', { name: 'Money requests' })).getAllByRole(
      'listitem',
    );
    expect(card.textContent).toMatch(
      /^Investment\u2068Blue Mesa Solar Partners\u2069 \(5201\)\$120\.00/,
    );
  });

  it('links each card to the audit events of its request, as the table does', () => {
    renderWithProviders(<MoneyRequestsList requests={[request]} label="Money requests" reviewer />);
    const card = within(screen.getByRole('list', { name: 'Money requests' })).getByRole('listitem');
    expect(
      within(card)
        .getByRole('link', { name: 'Audit events of MR-YG4PJJV6JE' })
        .getAttribute('href'),
    ).toBe('/audit?object=MR-YG4PJJV6JE');
    cleanup();
    // Investors may not read the audit log.
    renderWithProviders(<MoneyRequestsList requests={[request]} label="Requests" />);
    const own = within(screen.getByRole('list', { name: 'Requests' })).getByRole('listitem');
    expect(within(own).queryByRole('link', { name: /Audit events/ })).toBeNull();
  });

  it("keeps the sender out of an investor's own cards", () => {
    renderWithProviders(<MoneyRequestsList requests={[request]} label="Requests" />);
    const card = within(screen.getByRole('list', { name: 'Requests' })).getByRole('listitem');
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).not.toContain('User');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

describe('a reviewer reads the register on a desktop', () => {
  withViewportWidth(1280);

  it('reads each outcome in a column wide enough for its sentences', () => {
    renderWithProviders(<MoneyRequestsList requests={[request]} label="Money requests" reviewer />);
    const table = screen.getByRole('table', { name: 'Money requests' });
    const outcome = within(table).getByText('Refused').closest('td') as HTMLElement;
    expect(getComputedStyle(outcome).minWidth).toBe('12rem');
  });

  it('breaks a long platform id and a wire method inside their columns rather than widen them', () => {
    renderWithProviders(
      <MoneyRequestsList
        requests={[
          {
            ...request,
            kind: 'disbursement',
            units: null,
            unitPrice: null,
            outcome: 'created',
            method: 'wire_international',
            upstreamId: 'e52a4243-f293-4dd1-98c3-b64209e5a1c7',
            platformIdKind: 'disbursement_request',
          },
        ]}
        label="Money requests"
        reviewer
      />,
    );
    const table = screen.getByRole('table', { name: 'Money requests' });
    const cellOf = (text: string) => within(table).getByText(text).closest('td') as HTMLElement;
    expect(getComputedStyle(cellOf('e52a4243-f293-4dd1-98c3-b64209e5a1c7')).overflowWrap).toBe(
      'anywhere',
    );
    expect(getComputedStyle(cellOf('By international wire')).whiteSpace).toBe('normal');
  });

  it('keeps our reference on one line and gives the date and a common address room', () => {
    renderWithProviders(<MoneyRequestsList requests={[request]} label="Money requests" reviewer />);
    const table = screen.getByRole('table', { name: 'Money requests' });
    const cellOf = (text: string) => within(table).getByText(text).closest('td') as HTMLElement;
    // Not split at its hyphen, nor the date a word a line, nor the address mid-word.
    expect(getComputedStyle(cellOf('MR-YG4PJJV6JE')).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(cellOf('Nov 27, 2026, 3:30 AM PST')).minWidth).toBe('7rem');
    expect(getComputedStyle(cellOf('investor@demo.test')).minWidth).toBe('9rem');
  });
});

describe('whose next step the register names', () => {
  withViewportWidth(1280);
  const unknown: MoneyRequestView = { ...request, outcome: 'unknown' };

  it('tells a reviewer to compare and settle an unknown outcome, not to contact support', () => {
    renderWithProviders(<MoneyRequestsList requests={[unknown]} label="Money requests" reviewer />);
    const cell = screen.getByText('Outcome unknown').closest('td') as HTMLElement;
    expect(cell.textContent).toContain('settle it by hand');
    expect(cell.textContent).not.toContain('contact support');
  });

  it('tells the investor who sent it not to send it again and to quote our reference', () => {
    renderWithProviders(<MoneyRequestsList requests={[unknown]} label="Requests" />);
    const cell = screen.getByText('Outcome unknown').closest('td') as HTMLElement;
    expect(cell.textContent).toContain('Do not send it again');
    expect(cell.textContent).toContain('contact support and quote our reference');
    expect(cell.textContent).not.toContain('settle it by hand');
  });
});

describe('an unknown outcome, by what can settle it', () => {
  withViewportWidth(1280);
  const outcomeCell = () => screen.getByText('Outcome unknown').closest('td') as HTMLElement;

  it('an investment: only a reviewer, by hand, told plainly why', () => {
    renderWithProviders(
      <MoneyRequestsList
        requests={[{ ...request, outcome: 'unknown' }]}
        label="Money requests"
        reviewer
      />,
    );
    expect(outcomeCell().textContent).toContain(
      'The platform offers no way to look this request up by our reference',
    );
    expect(outcomeCell().textContent).toContain("compare it with the account's trades");
    expect(outcomeCell().textContent).not.toContain('names no read');
    expect(outcomeCell().textContent).not.toContain('looks for it on the platform at every pass');
    cleanup();
    renderWithProviders(
      <MoneyRequestsList requests={[{ ...request, outcome: 'unknown' }]} label="Requests" />,
    );
    expect(outcomeCell().textContent).toContain('A reviewer checks it with the platform');
  });

  /** A reviewer's register of one unknown request of a kind that buys no units. */
  const renderUnknownForReviewer = (kind: 'ira_supplement' | 'disbursement') =>
    renderWithProviders(
      <MoneyRequestsList
        requests={[{ ...request, kind, units: null, unitPrice: null, outcome: 'unknown' }]}
        label="Money requests"
        reviewer
      />,
    );

  it("an IRA request: compared with the account's IRA details, not its trades", () => {
    renderUnknownForReviewer('ira_supplement');
    expect(outcomeCell().textContent).toContain("compare it with the account's IRA details");
  });

  it('a disbursement: reconciliation looks for it at every pass', () => {
    renderUnknownForReviewer('disbursement');
    expect(outcomeCell().textContent).toContain('looks for it on the platform at every pass');
  });
});

describe('a disbursement held for a second person', () => {
  withViewportWidth(1280);
  const held: MoneyRequestView = {
    ...disbursementRequest,
    amount: '5000',
    outcome: 'held',
    message: 'Approval 5891bece-e645-48c8-b669-d444db8606a7.',
  };

  it('waits for approval: nothing sent, nothing to do, and not to settle by hand', () => {
    renderWithProviders(
      <MoneyRequestsList requests={[held]} label="Money requests" reviewer onSettle={() => {}} />,
    );
    const cell = screen.getByText('Waiting for approval').closest('td') as HTMLElement;
    expect(cell.textContent).toContain('nothing has been sent to the platform');
    expect(cell.textContent).toContain('approves or rejects it on Disbursement approvals');
    expect(screen.queryByRole('button', { name: /Settle by hand/ })).toBeNull();
    cleanup();
    renderWithProviders(<MoneyRequestsList requests={[held]} label="Requests" />);
    expect(
      (screen.getByText('Waiting for approval').closest('td') as HTMLElement).textContent,
    ).toContain('it is sent once approved');
  });
});

describe('from a request to what it became', () => {
  withViewportWidth(1280);
  const deposit: MoneyRequestView = {
    ...request,
    kind: 'deposit',
    offeringId: null,
    units: null,
    unitPrice: null,
    outcome: 'created',
    upstreamId: 'CFM70000120',
    platformIdKind: 'fund_move',
  };

  /** The row of the deposit, its fund move declined (§3), as the investor or a reviewer reads it. */
  function declinedDepositRow(reviewer: boolean) {
    renderWithProviders(
      <MoneyRequestsList
        requests={[
          {
            ...deposit,
            fundMove: 'CFM70000120',
            fundMoveStatus: { status: 'declined', approvalStatus: 'declined' },
          },
        ]}
        label="Money requests"
        reviewer={reviewer}
      />,
    );
    return within(screen.getByRole('table', { name: 'Money requests' }))
      .getAllByRole('row')
      .find((r) => r.textContent?.includes(deposit.reference))!;
  }

  it('says where an accepted deposit stands by its fund move: Declined, not Accepted', () => {
    const row = declinedDepositRow(false);
    expect(row.textContent).toContain(
      'DeclinedThe platform declined it; no money came in from the bank. Next: Contact support and quote our reference if you do not know why.',
    );
    expect(row.textContent).not.toContain('Accepted');
  });

  it('tells a reviewer what the investor was told of a declined deposit, not to contact support', () => {
    const row = declinedDepositRow(true);
    expect(row.textContent).toContain(
      'Next: The investor is told to contact support and quote our reference; the fund move shows the platform’s reason where it gives one.',
    );
    expect(row.textContent).not.toContain('Next: Contact support');
  });

  it('takes the investor to the fund move a deposit created, and to the account', () => {
    renderWithProviders(<MoneyRequestsList requests={[deposit]} label="Money requests" />);
    const table = within(screen.getByRole('table', { name: 'Money requests' }));
    expect(table.getByRole('link', { name: 'CFM70000120' }).getAttribute('href')).toBe(
      '/accounts/A1040000/fund-moves/CFM70000120',
    );
    expect(table.getByRole('link', { name: 'A1040000' }).getAttribute('href')).toBe(
      '/accounts/A1040000',
    );
  });

  it('takes a reviewer to the account’s review page; the trade id of an investment is no link', () => {
    renderWithProviders(
      <MoneyRequestsList
        requests={[
          deposit,
          {
            ...request,
            reference: 'MR-2',
            outcome: 'created',
            upstreamId: '302097',
            platformIdKind: 'trade',
          },
        ]}
        label="Money requests"
        reviewer
      />,
    );
    const table = within(screen.getByRole('table', { name: 'Money requests' }));
    for (const link of table.getAllByRole('link', { name: 'A1040000' }))
      expect(link.getAttribute('href')).toBe('/compliance/accounts/A1040000');
    expect(table.queryByRole('link', { name: 'CFM70000120' })).toBeNull();
    expect(table.queryByRole('link', { name: '302097' })).toBeNull();
    expect(table.getByText('302097')).toBeTruthy();
  });
});

describe('a request whose unknown outcome was settled later', () => {
  withViewportWidth(1280);
  const settled: MoneyRequestView = {
    ...request,
    outcome: 'not_sent',
    settledAt: '2026-11-28T10:02:00.000Z',
    settledBy: 'reviewer',
    settledByEmail: 'compliance@demo.test',
  };
  const outcomeCell = () => screen.getByText('Not sent').closest('td') as HTMLElement;

  it('tells a reviewer who settled it by hand, and when', () => {
    renderWithProviders(<MoneyRequestsList requests={[settled]} label="Money requests" reviewer />);
    expect(outcomeCell().textContent).toContain(
      'Settled by hand by compliance@demo.test, Nov 28, 2026, 2:02 AM PST.',
    );
  });

  it('tells the investor a reviewer settled it, without naming them', () => {
    renderWithProviders(
      <MoneyRequestsList
        requests={[{ ...settled, settledByEmail: undefined, userEmail: undefined }]}
        label="Requests"
      />,
    );
    expect(outcomeCell().textContent).toContain('Settled by hand by a reviewer, Nov 28, 2026');
  });

  it("tells that the portal's own check at the platform settled it", () => {
    renderWithProviders(
      <MoneyRequestsList
        requests={[{ ...settled, settledBy: 'reconciliation', settledByEmail: null }]}
        label="Requests"
      />,
    );
    expect(outcomeCell().textContent).toContain(
      "Settled by the portal's check at the platform, Nov 28",
    );
  });

  it('a "not sent" the platform listed after all reads as accepted and corrected, not to be sent again', () => {
    const message = foundAfterNotSentMessage('CFM70000116', ['MR-CRQDK3725C']);
    renderWithProviders(
      <MoneyRequestsList
        requests={[
          {
            ...settled,
            kind: 'disbursement',
            units: null,
            unitPrice: null,
            outcome: 'created',
            upstreamId: 'CFM70000116',
            platformIdKind: 'fund_move',
            message,
            settledBy: 'reconciliation',
            settledByEmail: null,
          },
        ]}
        label="Money requests"
        reviewer
      />,
    );
    const cell = screen.getByText('Accepted').closest('td') as HTMLElement;
    expect(cell.textContent).toContain(
      'Recorded as not sent, but found at the platform since as CFM70000116: it did reach the platform. Do not send it again. It was sent again meanwhile as MR-CRQDK3725C, so the money may move twice',
    );
    expect(cell.textContent).toContain("Corrected by the portal's check at the platform, Nov 28");
  });

  it('says nothing of the kind for an outcome the platform answered', () => {
    renderWithProviders(
      <MoneyRequestsList requests={[{ ...settled, settledBy: null }]} label="Requests" />,
    );
    expect(outcomeCell().textContent).not.toContain('Settled');
  });
});

describe('an investor reads the requests sent from the portal', () => {
  withViewportWidth(1280);

  it('reads why the platform refused one, and no platform id where the platform gave none', () => {
    renderWithProviders(
      <MoneyRequestsList
        label="Requests"
        requests={[
          {
            ...request,
            kind: 'disbursement',
            units: null,
            unitPrice: null,
            message: 'The portal is not permitted to do this at the moment.',
            userEmail: undefined,
          },
          {
            ...request,
            reference: 'MR-IRA0000001',
            kind: 'ira_supplement',
            amount: null,
            units: null,
            unitPrice: null,
            // The supplement answers with the account only (§2.11): it is no id of the request.
            upstreamId: 'A1040000',
            platformIdKind: 'account',
            outcome: 'created',
            userEmail: undefined,
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Requests' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toContain('Platform id');
    expect(headings).not.toContain('Upstream ID');
    const [refused, ira] = within(table).getAllByRole('row').slice(1);
    expect(refused.textContent).toContain(
      'The platform refused it; no money moved. Reason: The portal is not permitted to do this at the moment.',
    );
    expect(refused.textContent).not.toMatch(/never reached/);
    const cells = within(ira).getAllByRole('cell');
    expect(cells[cells.length - 1].textContent).toBe('—');
  });
});

describe('an investor reads an investment whose answer was lost', () => {
  withViewportWidth(1280);

  it('is told of the trade that is probably it, as a guess a reviewer confirms', () => {
    renderWithProviders(
      <MoneyRequestsList
        requests={[
          { ...request, outcome: 'unknown', probableTradeId: '302961', userEmail: undefined },
          { ...request, reference: 'MR-ZZZZZZZZZZ', outcome: 'unknown', userEmail: undefined },
        ]}
        label="Money requests"
        reviewer={false}
      />,
    );
    expect(
      screen.getAllByText(
        'A trade of the same account, offering and units, 302961, appeared at the platform right after: probably this one; a reviewer confirms it.',
      ),
    ).toHaveLength(1);
  });
});

describe("the register's platform ids of disbursements", () => {
  withViewportWidth(1280);
  const disbursement: MoneyRequestView = {
    ...disbursementRequest,
    outcome: 'created',
  };
  /** Answered by the platform with its request id (§2.10), which no fund move lookup takes. */
  const answeredDirectly: MoneyRequestView = {
    ...disbursement,
    reference: 'MR-NR9B4JE6AQ',
    upstreamId: 'b7a5e9e5-55fb-46f4-9b09-26eda02d55e4',
    platformIdKind: 'disbursement_request',
  };

  it('names each id by what it is: the fund move a person can follow, or the request id the platform answered with', () => {
    renderWithProviders(
      <MoneyRequestsList
        requests={[
          // Answered by the platform: its request id (§2.10), which no fund move lookup takes.
          answeredDirectly,
          // Found at the platform afterwards: the fund move that took the money out (§4.3, §4.4).
          {
            ...disbursement,
            reference: 'MR-NBGZ93G71V',
            upstreamId: 'CFM70000117',
            platformIdKind: 'fund_move',
            settledBy: 'reconciliation',
            settledAt: '2026-11-28T18:31:00.000Z',
          },
        ]}
        label="Money requests"
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Money requests' })).getAllByRole('row');
    const answered = rows.find((row) => row.textContent?.includes('MR-NR9B4JE6AQ'));
    const found = rows.find((row) => row.textContent?.includes('MR-NBGZ93G71V'));
    expect(answered?.textContent).toContain(
      'Disbursement request b7a5e9e5-55fb-46f4-9b09-26eda02d55e4',
    );
    expect(answered?.textContent).toContain('Its fund move carries our reference MR-NR9B4JE6AQ.');
    expect(answered?.textContent).not.toContain('Not a fund move');
    expect(found?.textContent).toContain('Fund move CFM70000117');
    expect(within(found!).getByRole('link', { name: 'CFM70000117' }).getAttribute('href')).toBe(
      '/accounts/A1040000/fund-moves/CFM70000117',
    );
  });

  it('names the request id a reviewer settled a disbursement with as a request id, no fund move to follow', () => {
    // Where the platform lists no fund move for a disbursement, a reviewer may settle it with
    // the request id the platform showed them (§2.10): settled by hand, yet no fund move.
    const row = answeredRow({
      upstreamId: '2b1b40f3-f0d7-4fb9-9065-36c48b47b564',
      platformIdKind: 'disbursement_request',
      settledBy: 'reviewer',
      settledAt: '2026-11-28T18:31:00.000Z',
    });
    expect(row.textContent).toContain('Disbursement request 2b1b40f3-f0d7-4fb9-9065-36c48b47b564');
    expect(row.textContent).not.toContain('Fund move 2b1b40f3');
    expect(within(row).queryByRole('link', { name: /2b1b40f3/ })).toBeNull();
  });

  /** The list of the one answered disbursement, as `changes` has it: its row. */
  function answeredRow(changes: Partial<MoneyRequestView>) {
    renderWithProviders(
      <MoneyRequestsList requests={[{ ...answeredDirectly, ...changes }]} label="Money requests" />,
    );
    return within(screen.getByRole('table', { name: 'Money requests' }))
      .getAllByRole('row')
      .find((r) => r.textContent?.includes(answeredDirectly.reference))!;
  }

  it('links the fund move of a disbursement the platform answered directly, found by our reference, and says where it stands as its receipt and timeline do', () => {
    const row = answeredRow({
      fundMove: 'CFM70000118',
      fundMoveStatus: { status: 'Pending', approvalStatus: 'pending' },
    });
    expect(row.textContent).toContain(
      'Disbursement request b7a5e9e5-55fb-46f4-9b09-26eda02d55e4Its fund move CFM70000118',
    );
    expect(row.textContent).not.toContain('Not a fund move');
    const state = acceptedDisbursementState({ status: 'Pending', approvalStatus: 'pending' });
    expect(state.label).toBe("Waiting for the platform's approval");
    expect(row.textContent).toContain(`${state.label}${state.meaning} Next: ${state.next}`);
    expect(within(row).getByRole('link', { name: 'CFM70000118' }).getAttribute('href')).toBe(
      '/accounts/A1040000/fund-moves/CFM70000118',
    );
  });

  it('an accepted disbursement whose fund move could not be read says what is known and where to look, not "Accepted"', () => {
    const row = answeredRow({ fundMoveUnknown: 'unread' });
    expect(row.textContent).toContain(
      "Accepted by the platform · its current status could not be readWhether the money has left the account is not known here. Its fund move shows where it stands, on the account's timeline and under Fund moves (it carries our reference).",
    );
    expect(row.textContent).not.toContain('Nothing to do');
  });
});
