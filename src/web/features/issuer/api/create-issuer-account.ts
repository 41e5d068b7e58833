import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  savedIssuerAccountResultSchema,
  savedIssuerAccountsSchema,
  type IssuerAccountForm,
  type SavedIssuerAccounts,
} from '../../../../contract/issuer-workspace';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

type CreateIssuerAccountInput = {
  issuerId: string;
  form: IssuerAccountForm;
  /** One key per filled-in form, so a retry of the same submission is stored once. */
  idempotencyKey: string;
};

const createIssuerAccount = ({
  issuerId,
  form,
  idempotencyKey,
}: CreateIssuerAccountInput): Promise<SavedIssuerAccounts> =>
  api.post(apiPaths.issuerAccount(issuerId), {
    body: form,
    schema: savedIssuerAccountsSchema,
    idempotencyKey,
  });

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
