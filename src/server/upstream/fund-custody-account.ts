import { z } from 'zod';
import type { DepositRequest } from '../../contract/cash';
import type { FundMove } from '../../contract/custody';
import { legacyWrite, type UpstreamClient } from './client';
import { normalizeCreatedFundMove, rawCreatedFundMoveSchema } from './fund-move-wire';
import { withReferenceNote } from './reference-note';
import { formatWireAmount, looseObject, sendAndDecode, wireList } from './wire';

/*
 * fundCustodyAccount: a deposit from the linked bank into the custody account. §4.16 only names
 * it; no live sample exists (real-world notes §4.1). Its documented parameters are accountId,
 * NickName, amount (≤ 100,000), description and createdIpAddress, and its answer key is
 * `externalFundMove details` (with a space), holding the custody fund move of §2.9 — as a create
 * call, possibly wrapped `[true, [ {...} ]]`. Its sibling createCustodyFundMove, which takes the
 * same parameters, answers its record under `custodyTransaction` (real-world notes §4.1), the
 * object §2.9 names, so that key is read too. A money-moving write: sent once, never retried.
 */

const createdMoves = wireList(rawCreatedFundMoveSchema);

const rawFundCustodyAccountSchema = looseObject({
  'externalFundMove details': createdMoves,
  custodyTransaction: createdMoves,
}).transform((raw, ctx) => {
  const move = raw['externalFundMove details'][0] ?? raw.custodyTransaction[0];
  if (move === undefined) {
    ctx.addIssue({ code: 'custom', message: 'no fund move in the answer' });
    return z.NEVER;
  }
  return move;
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
      // Six places, as the fund move states its amount (§2.9); refused rather than rounded.
      amount: formatWireAmount(input.amount),
      description: withReferenceNote(input.description, input.reference, 'in'),
      // A documented parameter (real-world notes §4.1), as createIssuerAccount sends it (§4.6).
      createdIpAddress: input.requesterIp,
      // Documented too: the linked bank the money is pulled from, by the nickname the platform
      // reports for it (getExternalAccount's AccountNickName).
      ...(input.bankNickName ? { NickName: input.bankNickName } : {}),
    }),
    // The deposit form's fields; the account comes from the page.
    fieldsEntered: { amount: 'amount', description: 'description' },
  };
  // The move this call creates is a deposit whatever its description says.
  return sendAndDecode(client, request, rawFundCustodyAccountSchema, (move) => ({
    ...normalizeCreatedFundMove(move, input),
    direction: 'in' as const,
    portalReference: input.reference ?? null,
  }));
}
