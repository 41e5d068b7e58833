import { iraSupplementReceiptSchema, type IraSupplement } from '../../../../contract/ira';
import { apiPaths } from '../../../config/paths';
import type { SubmittedOnce } from '../../../lib/api-client';
import { custodyKeys, moneyKeys } from '../../../lib/query-keys';
import { useCreateOnce } from '../../../lib/api-query';
import { viewerTimeZone } from '../../../lib/format';

type CreateIraSupplementInput = SubmittedOnce<IraSupplement> & { accountId: string };

export const useCreateIraSupplement = () =>
  useCreateOnce({
    // The viewer's zone: a refusal naming an earlier request says when it was made in it.
    path: ({ accountId }: CreateIraSupplementInput) =>
      `${apiPaths.iraSupplement(accountId)}?${new URLSearchParams({ timeZone: viewerTimeZone() })}`,
    schema: iraSupplementReceiptSchema,
    // The register too: a request now stands, and the wizard shows it on the next visit.
    invalidates: ({ accountId }) => [custodyKeys.account(accountId), moneyKeys.account(accountId)],
  });
