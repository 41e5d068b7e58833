import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  savedIssuerAccountResultSchema,
  savedIssuerAccountsSchema,
  type IssuerAccountForm,
  type IssuerAccountSettleInput,
} from '../../../../contract/issuer-workspace';
import { apiPaths } from '../../../config/paths';
import { api, type SubmittedOnce } from '../../../lib/api-client';
import { apiQueryOptions, useCreateOnce } from '../../../lib/api-query';

type CreateIssuerAccountInput = SubmittedOnce<IssuerAccountForm> & { issuerId: string };

export const useCreateIssuerAccount = () =>
  useCreateOnce({
    path: ({ issuerId }: CreateIssuerAccountInput) => apiPaths.issuerAccount(issuerId),
    schema: savedIssuerAccountsSchema,
  });

const savedIssuerAccountKey = (issuerId: string) => ['issuer', 'issuer-account', issuerId];

const savedIssuerAccountQueryOptions = (issuerId: string) =>
  apiQueryOptions(
    savedIssuerAccountKey(issuerId),
    apiPaths.issuerAccount(issuerId),
    savedIssuerAccountResultSchema,
  );

/** Every few seconds while a save is on its way, until its outcome is known. */
const SENDING_REREAD_MS = 5_000;

/**
 * The issuer account as the portal saved it, so it shows after a reload; read again while a save
 * is on its way, so the page moves on by itself once its outcome is known.
 */
export const useSavedIssuerAccount = (issuerId: string) =>
  useQuery({
    ...savedIssuerAccountQueryOptions(issuerId),
    refetchInterval: (query) =>
      (query.state.data?.sending.length ?? 0) > 0 ? SENDING_REREAD_MS : false,
  });

/** Reads the issuer account again: after a lost answer, the page then shows that save to settle. */
export const useRefreshSavedIssuerAccount = (issuerId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: savedIssuerAccountKey(issuerId) });
};

/**
 * Records what the platform said about the saves whose answer was lost (audited with the reason);
 * the answer is the issuer account as the page shows it next.
 */
export const useSettleIssuerAccount = (issuerId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IssuerAccountSettleInput) =>
      api.post(apiPaths.settleIssuerAccount(issuerId), {
        body: input,
        schema: savedIssuerAccountResultSchema,
      }),
    onSuccess: (state) => queryClient.setQueryData(savedIssuerAccountKey(issuerId), state),
  });
};
