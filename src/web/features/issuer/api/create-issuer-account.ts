import { useQuery } from '@tanstack/react-query';
import {
  savedIssuerAccountResultSchema,
  savedIssuerAccountsSchema,
  type IssuerAccountForm,
} from '../../../../contract/issuer-workspace';
import { apiPaths } from '../../../config/paths';
import type { SubmittedOnce } from '../../../lib/api-client';
import { apiQueryOptions, useCreateOnce } from '../../../lib/api-query';

type CreateIssuerAccountInput = SubmittedOnce<IssuerAccountForm> & { issuerId: string };

export const useCreateIssuerAccount = () =>
  useCreateOnce({
    path: ({ issuerId }: CreateIssuerAccountInput) => apiPaths.issuerAccount(issuerId),
    schema: savedIssuerAccountsSchema,
  });

const savedIssuerAccountQueryOptions = (issuerId: string) =>
  apiQueryOptions(
    ['issuer', 'issuer-account', issuerId],
    apiPaths.issuerAccount(issuerId),
    savedIssuerAccountResultSchema,
  );

/** The issuer account as the portal saved it, so it shows after a reload. */
export const useSavedIssuerAccount = (issuerId: string | null) =>
  useQuery({ ...savedIssuerAccountQueryOptions(issuerId ?? ''), enabled: issuerId !== null });
