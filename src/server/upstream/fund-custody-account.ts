import { z } from 'zod';
import type { DepositRequest } from '../../contract/cash';
import type { FundMove } from '../../contract/custody';
import { legacyWrite, type UpstreamClient } from './client';
import { normalizeFundMove, rawFundMoveSchema } from './fund-move-wire';
import { withReferenceNote } from './reference-note';
import { sendAndDecode, wireNonEmptyList } from './wire';

/*
 * fundCustodyAccount: a deposit from the linked bank into the custody account. §4.16 only names
 * it; no live sample exists (real-world notes §4.1). Its documented parameters are accountId,
 * NickName, amount (≤ 100,000), description and createdIpAddress, and its answer key is
 * `externalFundMove details` (with a space), holding the custody fund move of §2.9 — as a create
 * call, possibly wrapped `[true, [ {...} ]]`. A money-moving write: sent once, never retried.
 */

const rawFundCustodyAccountSchema = z.object({
  'externalFundMove details': wireNonEmptyList(rawFundMoveSchema, 'no fund move in the answer'),
});

export async function fundCustodyAccount(
  client: UpstreamClient,
  input: DepositRequest,
): Promise<FundMove> {
  // The description is the one text the fund move keeps (§2.9): it carries our reference, so a
  // deposit whose answer is lost can still be found among the account's fund moves.
  const request = {
    ...legacyWrite('fundCustodyAccount', {
      accountId: input.accountId,
      amount: input.amount,
      description: withReferenceNote(input.description, input.reference, 'in'),
    }),
    // The deposit form's fields; the account comes from the page.
    fieldsEntered: { amount: 'amount', description: 'description' },
  };
  // The move this call creates is a deposit whatever its description says.
  return sendAndDecode(client, request, rawFundCustodyAccountSchema, (raw) => ({
    ...normalizeFundMove(raw['externalFundMove details'][0]),
    direction: 'in' as const,
    portalReference: input.reference ?? null,
  }));
}
