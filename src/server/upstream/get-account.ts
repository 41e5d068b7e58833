import { z } from 'zod';
import type { Account } from '../../contract/accounts';
import { normalizeAccount, rawAccountSchema } from './account-wire';
import { legacyRead, type UpstreamClient } from './client';
import { sendAndDecode, wireOne } from './wire';

/** §4.10: `accountDetails` is an object here (an array in searchAccount). */
const rawGetAccountSchema = z.object({ accountDetails: wireOne(rawAccountSchema) });

export async function getAccount(
  client: UpstreamClient,
  params: { accountId: string },
): Promise<Account> {
  const request = legacyRead('getAccount', { accountId: params.accountId });
  return sendAndDecode(client, request, rawGetAccountSchema, (raw) =>
    normalizeAccount(raw.accountDetails),
  );
}
