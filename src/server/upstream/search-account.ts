import { z } from 'zod';
import type { Account } from '../../contract/accounts';
import { normalizeAccount, rawAccountSchema } from './account-wire';
import type { UpstreamClient, UpstreamRequest } from './client';
import { decodeAnswer, wireList } from './wire';

/** §4.11 (deprecated): every account matching the keyword. */
export function buildSearchAccountRequest(params: { keyword: string }): UpstreamRequest {
  return {
    operation: 'searchAccount',
    method: 'POST',
    effect: 'read',
    body: { searchKeyword: params.keyword },
  };
}

/** `accountDetails` is an array here (an object in getAccount); `[{}]` is read as none. */
export const rawSearchAccountSchema = z.object({ accountDetails: wireList(rawAccountSchema) });

export async function searchAccount(
  client: UpstreamClient,
  params: { keyword: string },
): Promise<Account[]> {
  const request = buildSearchAccountRequest(params);
  const payload = await client.send(request);
  return decodeAnswer(client, request, payload, rawSearchAccountSchema, (raw) =>
    raw.accountDetails.map(normalizeAccount),
  );
}
