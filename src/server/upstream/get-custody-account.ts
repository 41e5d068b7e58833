import { z } from 'zod';
import type { CustodyAccount } from '../../contract/custody';
import type { UpstreamClient, UpstreamRequest } from './client';
import {
  sendAndDecode,
  looseObject,
  wireId,
  wireLocalDateTime,
  wireOne,
  wireStatus,
  wireText,
  wireYesNo,
} from './wire';

/** §5 rule 10: the scope the custody account read needs. */
const CUSTODY_ACCOUNT_READ_SCOPE = 'custody_account.read.pii_medium';

/** §4.15: a newer resource, GET without a body, so header credentials only (§5 rule 6). */
function buildCustodyAccountRequest(params: { accountId: string }): UpstreamRequest {
  return {
    operation: 'getCustodyAccount',
    method: 'GET',
    effect: 'read',
    path: `/v3/custody/accounts/${encodeURIComponent(params.accountId)}`,
    permission: CUSTODY_ACCOUNT_READ_SCOPE,
  };
}

/** §2.12 `custody_account`; `custodyAccount` occurs too and is matched loosely. */
const rawCustodyAccountSchema = looseObject({
  custody_account: wireOne(
    looseObject({
      accountId: wireId,
      requestId: wireId,
      status: wireStatus.pipe(z.string()),
      relationship: wireText,
      restrictedStatus: wireYesNo,
      restrictedReason: wireText,
      principalReviewBy: wireText,
      approvalDate: wireLocalDateTime,
      notes: wireText,
      createdDate: wireLocalDateTime,
      updatedDate: wireLocalDateTime,
    }),
  ),
});

export async function getCustodyAccount(
  client: UpstreamClient,
  params: { accountId: string },
): Promise<CustodyAccount> {
  const request = buildCustodyAccountRequest(params);
  return sendAndDecode(client, request, rawCustodyAccountSchema, (raw) => {
    const account = raw.custody_account;
    return {
      accountId: account.accountId,
      requestId: account.requestId,
      status: account.status,
      relationship: account.relationship,
      restricted: account.restrictedStatus === true,
      restrictedReason: account.restrictedReason,
      principalReviewBy: account.principalReviewBy,
      approvedAt: account.approvalDate,
      notes: account.notes,
      createdAt: account.createdDate,
      updatedAt: account.updatedDate,
    };
  });
}
