import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACCOUNT_NOTE_MAX, accountNoteInputSchema } from '../compliance';
import { approvalRejectSchema } from '../identity';
import { mailingAddressStepSchema } from '../ira';
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

  it('longer than 500 characters: says the limit and how far over it the reason is', () => {
    expect(reasonMessages(parse('x'.repeat(503)))).toEqual([
      `${label} can be at most 500 characters: this one has 503, 3 too many`,
    ]);
  });

  it('from 10 to 500 characters: kept, trimmed', () => {
    expect(reasonMessages(parse('x'.repeat(500)))).toEqual([]);
    expect(parse('  ten chars!  ').data?.reason).toBe('ten chars!');
  });
});

// A required line of text (the IRA wizard's address parts, a reviewer's note): blank, even as
// spaces, is "required"; the bound is told under the field's label.
describe.each([
  {
    field: "an IRA's mailing city",
    parse: (city: unknown) =>
      mailingAddressStepSchema.shape.city.safeParse(city).error?.issues.map((i) => i.message) ?? [],
    label: 'City',
    max: 60,
  },
  {
    field: "a reviewer's account note",
    parse: (body: unknown) =>
      accountNoteInputSchema.safeParse({ body }).error?.issues.map((issue) => issue.message) ?? [],
    label: 'Note',
    max: ACCOUNT_NOTE_MAX,
  },
])('required text: $field', ({ parse, label, max }) => {
  it('says it is required when missing or blank', () => {
    expect(parse(undefined)).toContain(`${label} is required`);
    expect(parse('   ')).toContain(`${label} is required`);
  });

  it('tells the bound above it, and how far over it, and keeps the trimmed text at it', () => {
    expect(parse(` ${'x'.repeat(max + 5)} `)).toContain(
      `${label} can be at most ${max} characters: this one has ${max + 5}, 5 too many`,
    );
    expect(parse(` ${'x'.repeat(max)} `)).toEqual([]);
  });
});
