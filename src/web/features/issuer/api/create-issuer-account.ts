import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  savedIssuerAccountResultSchema,
  savedIssuerAccountsSchema,
  type IssuerAccountForm,
  type SavedIssuerAccounts,
} from '../../../../contract/issuer-workspace';
import { apiPaths } from '../../../config/paths';
import { api, postOnce, type SubmittedOnce } from '../../../lib/api-client';

type CreateIssuerAccountInput = SubmittedOnce<IssuerAccountForm> & { issuerId: string };

const createIssuerAccount = ({
  issuerId,
  ...submitted
}: CreateIssuerAccountInput): Promise<SavedIssuerAccounts> =>
  postOnce(apiPaths.issuerAccount(issuerId), submitted, savedIssuerAccountsSchema);

export const useCreateIssuerAccount = () => useMutation({ mutationFn: createIssuerAccount });

const savedIssuerAccountQueryOptions = (issuerId: string) =>
  queryOptions({
    queryKey: ['issuer', 'issuer-account', issuerId] as const,
    queryFn: ({ signal }) =>
      api.get(apiPaths.issuerAccount(issuerId), { schema: savedIssuerAccountResultSchema, signal }),
  });

/** The issuer account as the portal saved it, so it shows after a reload. */
export const useSavedIssuerAccount = (issuerId: string | null) =>
  useQuery({ ...savedIssuerAccountQueryOptions(issuerId ?? ''), enabled: issuerId !== null });
