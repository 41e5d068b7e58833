import { z } from 'zod';
import type { ExternalBank } from '../../contract/cash';
import { legacyRead, type UpstreamClient } from './client';
import { sendAndDecode, looseObject, wireBankNumber, wireId, wireText } from './wire';

/*
 * getExternalAccount: the bank an account's ACH transfers use ("ACH transfers go to the external
 * account linked through linkExternalAccount", §4.5). Not in the document; live traffic
 * (real-world notes §4.1, sample getExternalAccount__kvl-101) sends `types: "Account"` (lower case
 * gives 106) with `accountId`, and answers the bank object inside `statusDesc`:
 * `{AccountName, AccountNickName, AccountNumber, AccountRoutingNumber, accountType}`. No linked
 * bank answers 149 ("Investor External Account does not exist"), a not-found code.
 */

const rawBankSchema = looseObject({
  AccountName: wireText,
  AccountNickName: wireText,
  AccountNumber: wireBankNumber,
  AccountRoutingNumber: wireBankNumber,
  accountType: wireText,
});

const rawExternalAccountSchema = z.object({
  accountId: wireId.optional(),
  statusDesc: rawBankSchema,
});

export async function getExternalAccount(
  client: UpstreamClient,
  input: { accountId: string },
): Promise<ExternalBank> {
  const request = legacyRead('getExternalAccount', {
    types: 'Account',
    accountId: input.accountId,
  });
  return sendAndDecode(client, request, rawExternalAccountSchema, (raw) => ({
    accountId: raw.accountId ?? input.accountId,
    bankName: raw.statusDesc.AccountNickName,
    holderName: raw.statusDesc.AccountName,
    accountType: raw.statusDesc.accountType,
    accountNumber: raw.statusDesc.AccountNumber,
    routingNumber: raw.statusDesc.AccountRoutingNumber,
  }));
}
