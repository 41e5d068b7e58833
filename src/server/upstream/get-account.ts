import { z } from 'zod';
import type { Account } from '../../contract/accounts';
import { normalizeAccount, rawAccountSchema } from './account-wire';
import type { UpstreamClient, UpstreamRequest } from './client';
import { sendAndDecode, wireOne } from './wire';

function buildGetAccountRequest(params: { accountId: string }): UpstreamRequest {
  return {
    operation: 'getAccount',
    method: 'POST',
    effect: 'read',
    body: { accountId: params.accountId },
  };
}

/** §4.10: `accountDetails` is an object here (an array in searchAccount). */
const rawGetAccountSchema = z.object({ accountDetails: wireOne(rawAccountSchema) });

export async function getAccount(
  client: UpstreamClient,
  params: { accountId: string },
): Promise<Account> {
  const request = buildGetAccountRequest(params);
  return sendAndDecode(client, request, rawGetAccountSchema, (raw) =>
    normalizeAccount(raw.accountDetails),
  );
}
