import type { Account } from '../../contract/accounts';
import { normalizeAccount, rawAccountSchema } from './account-wire';
import { legacyRead, type UpstreamClient } from './client';
import { sendAndReadRecords, type SkippedRecord } from './wire';

/** §4.11 (deprecated): every account matching the keyword. */
export async function searchAccount(
  client: UpstreamClient,
  params: { keyword: string },
): Promise<{ accounts: Account[]; skipped: SkippedRecord[] }> {
  const { records: accounts, skipped } = await sendAndReadRecords(
    client,
    legacyRead('searchAccount', { searchKeyword: params.keyword }),
    // An array here (an object in getAccount); `[{}]` is read as none.
    'accountDetails',
    rawAccountSchema,
    normalizeAccount,
  );
  return { accounts, skipped };
}
