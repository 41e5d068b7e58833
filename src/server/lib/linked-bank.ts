import type { ExternalBank, LinkedBankResult } from '../../contract/cash';
import { maskLast4 } from '../../contract/rules/bank';
import type { Deps } from '../deps';
import { getExternalAccount, isUpstreamError } from '../upstream';

/*
 * The bank an account's ACH money moves through (linked with linkExternalAccount, §4.5): read by
 * the linked-bank page and, before any upstream write, by the deposit and ACH disbursement routes
 * (without one the upstream can only refuse them).
 */

const mask = (value: string | null) => (value ? maskLast4(value) : null);

/** Bank numbers leave the server as their last four characters only. */
function toLinkedBank(bank: ExternalBank): LinkedBankResult {
  return {
    state: 'linked',
    bank: {
      bankName: bank.bankName,
      holderName: bank.holderName,
      accountType: bank.accountType,
      accountNumberMasked: mask(bank.accountNumber),
      routingNumberMasked: mask(bank.routingNumber),
    },
  };
}

const noBank: LinkedBankResult = {
  state: 'none',
  message:
    'No bank account is linked. ACH disbursements and deposits need one: link a bank account first.',
};

export async function readLinkedBank(deps: Deps, accountId: string): Promise<LinkedBankResult> {
  try {
    return toLinkedBank(await getExternalAccount(deps.upstream, { accountId }));
  } catch (err) {
    // 149 "Investor External Account does not exist" (real-world notes §4.1): nothing linked.
    if (isUpstreamError(err) && err.kind === 'not_found') return noBank;
    throw err;
  }
}
