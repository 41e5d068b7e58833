import { describe, expect, it } from 'vitest';
import {
  acceptedDisbursementState,
  additionalToShape,
  heldBackRecord,
  heldBackRecordWords,
  moneyRequestOutcomeWords,
  moneyRequestQuerySchema,
  moneyRequestReferenceParamsSchema,
  outcomeWordsOf,
  reasonBesideOutcome,
  standingRefusalMessage,
  waitingOutcomes,
  type StandingRequest,
} from '../money-requests';

describe('which register outcomes leave a request standing (an IRA request is made once, §4.7)', () => {
  it('being sent, accepted and unknown stand: a second request would duplicate it', () => {
    expect(waitingOutcomes).toEqual(expect.arrayContaining(['pending', 'created', 'unknown']));
  });

  it('refused and not sent left nothing behind: a new request may be made', () => {
    expect(waitingOutcomes).not.toContain('refused');
    expect(waitingOutcomes).not.toContain('not_sent');
  });

  it('every other outcome the register knows stands, a new one included', () => {
    const others = Object.keys(moneyRequestOutcomeWords).filter(
      (outcome) => outcome !== 'refused' && outcome !== 'not_sent',
    );
    expect([...waitingOutcomes].sort()).toEqual(others.sort());
  });
});

describe('our reference where a request names it as issued (a path, additionalTo)', () => {
  const rule = 'reference must be MR- followed by 10 capital letters or digits';
  const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message);

  it('takes a reference as the BFF issues it, in the path and in additionalTo alike', () => {
    expect(
      moneyRequestReferenceParamsSchema.safeParse({ reference: 'MR-5SDSNXSKHP' }).success,
    ).toBe(true);
    expect(additionalToShape.additionalTo.safeParse(['MR-5SDSNXSKHP']).success).toBe(true);
  });

  it('refuses one typed in lower case with the same rule in both (a filter upper-cases it; these do not)', () => {
    const typed = 'MR-5sdsnxskhp';
    expect(messagesOf(moneyRequestReferenceParamsSchema.safeParse({ reference: typed }))).toEqual([
      rule,
    ]);
    expect(messagesOf(additionalToShape.additionalTo.safeParse([typed]))).toEqual([rule]);
  });
});

describe("the register's Account filter", () => {
  const accountOf = (accountId: string) => moneyRequestQuerySchema.safeParse({ accountId });

  it('takes an account id typed in lower case as the platform writes it (a capital letter and digits)', () => {
    expect(accountOf('a1040000').data?.accountId).toBe('A1040000');
    expect(accountOf(' A1040173 ').data?.accountId).toBe('A1040173');
    // An id of another form is compared as typed.
    expect(accountOf('acct-7').data?.accountId).toBe('acct-7');
  });

  it('refuses what is no account id, naming the field as the page labels it', () => {
    const refused = accountOf('A104 0000');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['accountId'],
      message:
        'Account must be an account id: 1 to 40 letters, digits, hyphens or underscores, such as A1040000',
    });
  });
});

describe('the refusal of a request while earlier ones stand', () => {
  const standing = (reference: string, outcome: 'pending' | 'unknown'): StandingRequest => ({
    reference,
    kind: 'deposit',
    outcome,
    createdAt: '2026-11-28T12:01:00.000Z',
    amount: '40.00',
    units: null,
    offeringId: null,
    upstreamId: null,
  });
  const beingSent = outcomeWordsOf({ kind: 'deposit', outcome: 'pending' }).next;
  const unknown = outcomeWordsOf({ kind: 'deposit', outcome: 'unknown' }).next;

  it('gives each reference its own next step when their outcomes differ', () => {
    const message = standingRefusalMessage('deposit', [
      standing('MR-AAAAAAAAAA', 'pending'),
      standing('MR-BBBBBBBBBB', 'unknown'),
    ]);
    expect(message).toContain(
      `MR-AAAAAAAAAA (made Nov 28, 2026, 12:01 PM UTC, $40.00): being sent. ${beingSent}`,
    );
    expect(message).toContain(
      `MR-BBBBBBBBBB (made Nov 28, 2026, 12:01 PM UTC, $40.00): outcome unknown. ${unknown}`,
    );
  });

  it('says a next step shared by all of them once', () => {
    const message = standingRefusalMessage('deposit', [
      standing('MR-AAAAAAAAAA', 'unknown'),
      standing('MR-BBBBBBBBBB', 'unknown'),
    ]);
    expect(message.split(unknown)).toHaveLength(2);
    expect(message).toContain(
      `Standing: MR-AAAAAAAAAA (made Nov 28, 2026, 12:01 PM UTC, $40.00): outcome unknown; MR-BBBBBBBBBB (made Nov 28, 2026, 12:01 PM UTC, $40.00): outcome unknown. ${unknown} To send this one`,
    );
  });
});

describe('a recorded refusal beside its outcome label (register and timeline)', () => {
  it('does not say "Not sent" twice: the reason starts after the label', () => {
    const message =
      'Not sent: You sent the same disbursement at 19:29 UTC (MR-XG78Z9K30J, $1,234.56, by ACH), waiting for approval. Send another one?';
    expect(reasonBesideOutcome(message, moneyRequestOutcomeWords.not_sent.label)).toBe(
      'You sent the same disbursement at 19:29 UTC (MR-XG78Z9K30J, $1,234.56, by ACH), waiting for approval. Send another one?',
    );
    expect(
      reasonBesideOutcome(
        'Not sent: an earlier deposit of this account may have gone through.',
        moneyRequestOutcomeWords.not_sent.label,
      ),
    ).toBe('An earlier deposit of this account may have gone through.');
  });

  it('leaves a reason that does not open with the label as it was recorded', () => {
    const reason = "The amount ($10.00) is below this offering's minimum investment of $50.00";
    expect(reasonBesideOutcome(reason, moneyRequestOutcomeWords.not_sent.label)).toBe(reason);
  });
});

describe('what the register keeps of a request held back while others stood', () => {
  const row = (
    reference: string,
    outcome: StandingRequest['outcome'],
    kind: StandingRequest['kind'] = 'deposit',
    upstreamId: string | null = null,
  ): StandingRequest => ({
    reference,
    kind,
    outcome,
    createdAt: '2026-11-28T12:01:00.000Z',
    amount: '250.00',
    units: null,
    offeringId: null,
    upstreamId,
  });

  it('names what it repeats and what became of that, and asks nothing', () => {
    expect(heldBackRecordWords([row('MR-AAAAAAAAAA', 'created', 'deposit', 'CFM70000118')])).toBe(
      'It repeats MR-AAAAAAAAAA, which went through (fund move CFM70000118); nothing was sent.',
    );
    // A disbursement request's id shows on no investor page: not named.
    expect(heldBackRecordWords([row('MR-AAAAAAAAAA', 'created', 'disbursement', 'abab')])).toBe(
      'It repeats MR-AAAAAAAAAA, which the platform accepted; nothing was sent.',
    );
    expect(heldBackRecordWords([row('MR-AAAAAAAAAA', 'held', 'disbursement')])).toBe(
      "It repeats MR-AAAAAAAAAA, which waits for a second person's approval; nothing was sent.",
    );
  });

  it('names the unsettled ones it waited on, and is told from any other not-sent request', () => {
    const words = heldBackRecordWords([
      row('MR-AAAAAAAAAA', 'unknown'),
      row('MR-BBBBBBBBBB', 'created', 'deposit', 'CFM70000118'),
    ]);
    expect(words).toBe(
      'It came while MR-AAAAAAAAAA had an unknown outcome and repeats MR-BBBBBBBBBB, which went through (fund move CFM70000118); nothing was sent.',
    );
    expect(heldBackRecord({ outcome: 'not_sent', message: words })).toBe(true);
    expect(heldBackRecord({ outcome: 'not_sent', message: 'The amount is too large' })).toBe(false);
  });
});

describe('where an accepted disbursement stands, in one name (§3 fund move values)', () => {
  it.each([
    [null, "Waiting for the platform's approval"],
    [{ status: 'Pending', approvalStatus: 'pending' }, "Waiting for the platform's approval"],
    [{ status: 'pending', approvalStatus: 'approved' }, 'Approved'],
    [{ status: 'SUBMITTED', approvalStatus: 'approved' }, 'On its way'],
    [{ status: 'settled', approvalStatus: 'approved' }, 'Completed'],
    [{ status: 'returned', approvalStatus: 'approved' }, 'Returned'],
    [{ status: 'Voided', approvalStatus: 'approved' }, 'Cancelled'],
    [{ status: 'pending', approvalStatus: 'declined' }, 'Declined'],
  ])('%o reads %s', (move, label) => {
    expect(acceptedDisbursementState(move).label).toBe(label);
  });

  // Sent, it travels the way its method goes: a wire is never said to go over the ACH network.
  it.each([
    [
      'ach',
      'Approved and sent to the bank over the ACH network.',
      'Completes when the ACH network completes the transfer.',
    ],
    [
      'wire_domestic',
      'Approved and sent to the bank by wire.',
      'Completes when the receiving bank credits the wire.',
    ],
    [
      'wire_international',
      'Approved and sent to the bank by wire.',
      'Completes when the receiving bank credits the wire.',
    ],
    [null, 'Approved and sent to the bank.', 'Completes when the transfer reaches the bank.'],
  ])('a submitted %s disbursement reads %j', (method, meaning, next) => {
    const state = acceptedDisbursementState(
      { status: 'submitted', approvalStatus: 'approved' },
      method,
    );
    expect(state).toMatchObject({ label: 'On its way', meaning, next });
  });
});
