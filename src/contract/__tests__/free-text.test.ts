import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { approvalRejectSchema } from '../identity';
import { issuerAccountSettleSchema } from '../issuer-workspace';
import { moneyRequestSettleSchema } from '../money-requests';

// Each decision taken by hand is explained in a field named as its dialog labels it; the rule is
// one, the words are each dialog's own.
const reasonMessages = (result: z.ZodSafeParseResult<{ reason: string }>) =>
  result.error?.issues
    .filter((issue) => issue.path[0] === 'reason')
    .map((issue) => issue.message) ?? [];

describe.each([
  {
    dialog: 'rejecting a held disbursement',
    parse: (reason: unknown) => approvalRejectSchema.safeParse({ reason }),
    label: 'Reason for the investor',
    what: 'why it is rejected',
  },
  {
    dialog: 'settling a money request by hand',
    parse: (reason: unknown) => moneyRequestSettleSchema.safeParse({ outcome: 'not_sent', reason }),
    label: 'What you checked',
    what: 'where you looked and what you found',
  },
  {
    dialog: 'settling a lost issuer-account save',
    parse: (reason: unknown) =>
      issuerAccountSettleSchema.safeParse({ outcome: 'not_stored', reason }),
    label: 'Whom you asked and what they said',
    what: 'whom you asked at the platform',
  },
])('the reason for $dialog', ({ parse, label, what }) => {
  it('left out: it is required', () => {
    expect(reasonMessages(parse(undefined))).toEqual([`${label} is required`]);
  });

  it('shorter than 10 characters once trimmed: says what it must tell', () => {
    expect(reasonMessages(parse('  too short  '))).toEqual([
      `${label} must say in at least 10 characters ${what}`,
    ]);
  });

  it('longer than 500 characters: says the limit', () => {
    expect(reasonMessages(parse('x'.repeat(501)))).toEqual([
      `${label} can be at most 500 characters`,
    ]);
  });

  it('from 10 to 500 characters: kept, trimmed', () => {
    expect(reasonMessages(parse('x'.repeat(500)))).toEqual([]);
    expect(parse('  ten chars!  ').data?.reason).toBe('ten chars!');
  });
});
