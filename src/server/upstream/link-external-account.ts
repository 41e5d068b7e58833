import { z } from 'zod';
import { legacyWrite, type UpstreamClient } from './client';
import { sendAndDecode, wireText } from './wire';

/*
 * linkExternalAccount: named in §4.16 as a source of identifiers and in §4.5 as what ACH uses.
 * Real traffic (real-world notes §4.1; samples linkExternalAccount__bwj-*, __motyf-req) sends
 * `accountId` only and answers `accountDetails` as a plain string: the bank-linking page's URL.
 * It changes upstream state (a link is started), so it is a write: never retried.
 */

const rawLinkExternalAccountSchema = z.object({
  accountDetails: z.union([wireText, z.array(z.unknown()), z.record(z.string(), z.unknown())]),
});

export async function linkExternalAccount(
  client: UpstreamClient,
  input: { accountId: string },
): Promise<{ linkUrl: string | null }> {
  const request = legacyWrite('linkExternalAccount', { accountId: input.accountId });
  return sendAndDecode(client, request, rawLinkExternalAccountSchema, (raw) => ({
    // Only a plain http(s) string is a link; anything else is kept out of the normalized type.
    linkUrl:
      typeof raw.accountDetails === 'string' && /^https?:\/\//.test(raw.accountDetails)
        ? raw.accountDetails
        : null,
  }));
}
