import { z } from 'zod';
import type { Account } from '../../contract/accounts';
import { normalizeAccount, rawAccountSchema } from './account-wire';
import { legacyRead, type UpstreamClient } from './client';
import { sendAndDecode, readRecords, wireRecords, type SkippedRecord } from './wire';

/** `accountDetails` is an array here (an object in getAccount); `[{}]` is read as none. */
const rawSearchAccountSchema = z.object({ accountDetails: wireRecords });

/** §4.11 (deprecated): every account matching the keyword. */
export async function searchAccount(
  client: UpstreamClient,
  params: { keyword: string },
): Promise<{ accounts: Account[]; skipped: SkippedRecord[] }> {
  const request = legacyRead('searchAccount', { searchKeyword: params.keyword });
  return sendAndDecode(client, request, rawSearchAccountSchema, (raw) => {
    const { records, skipped } = readRecords(
      raw.accountDetails,
      rawAccountSchema,
      normalizeAccount,
    );
    return { accounts: records, skipped };
  });
}
