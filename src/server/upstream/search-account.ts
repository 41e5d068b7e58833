import { z } from 'zod';
import type { Account } from '../../contract/accounts';
import { normalizeAccount, rawAccountSchema } from './account-wire';
import type { UpstreamClient, UpstreamRequest } from './client';
import { sendAndDecode, readRecords, wireRecords, type SkippedRecord } from './wire';

/** §4.11 (deprecated): every account matching the keyword. */
function buildSearchAccountRequest(params: { keyword: string }): UpstreamRequest {
  return {
    operation: 'searchAccount',
    method: 'POST',
    effect: 'read',
    body: { searchKeyword: params.keyword },
  };
}

/** `accountDetails` is an array here (an object in getAccount); `[{}]` is read as none. */
const rawSearchAccountSchema = z.object({ accountDetails: wireRecords });

export async function searchAccount(
  client: UpstreamClient,
  params: { keyword: string },
): Promise<{ accounts: Account[]; skipped: SkippedRecord[] }> {
  const request = buildSearchAccountRequest(params);
  return sendAndDecode(client, request, rawSearchAccountSchema, (raw) => {
    const { records, skipped } = readRecords(
      raw.accountDetails,
      rawAccountSchema,
      normalizeAccount,
    );
    return { accounts: records, skipped };
  });
}
