import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  savedIssuerAccountResultSchema,
  savedIssuerAccountsSchema,
  type IssuerAccountForm,
} from '../../../../contract/issuer-workspace';
import { apiPaths } from '../../../config/paths';
import { api, type SubmittedOnce } from '../../../lib/api-client';
import { useCreateOnce } from '../../../lib/api-query';

type CreateIssuerAccountInput = SubmittedOnce<IssuerAccountForm> & { issuerId: string };

export const useCreateIssuerAccount = () =>
  useCreateOnce({
    path: ({ issuerId }: CreateIssuerAccountInput) => apiPaths.issuerAccount(issuerId),
    schema: savedIssuerAccountsSchema,
  });

const savedIssuerAccountQueryOptions = (issuerId: string) =>
  queryOptions({
    queryKey: ['issuer', 'issuer-account', issuerId] as const,
    queryFn: ({ signal }) =>
      api.get(apiPaths.issuerAccount(issuerId), { schema: savedIssuerAccountResultSchema, signal }),
  });

/** The issuer account as the portal saved it, so it shows after a reload. */
export const useSavedIssuerAccount = (issuerId: string | null) =>
  useQuery({ ...savedIssuerAccountQueryOptions(issuerId ?? ''), enabled: issuerId !== null });
