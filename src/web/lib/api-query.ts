// The API client's requests as react-query queries and mutations, and how pages read their
// failures, kept apart from the client so that the sign-in page, which needs only the client,
// does not load them.
import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { $ZodType } from 'zod/v4/core';
import {
  api,
  isApiClientError,
  postOnce,
  type ApiClientError,
  type Schema,
  type SubmittedOnce,
} from './api-client';

/**
 * The query of one GET: the answer checked with `schema`, the request aborted when nobody waits
 * for it any more (the page was left, the key changed). Spread it to add what one query needs
 * beyond that (`enabled`, `staleTime`).
 */
export const apiQueryOptions = <T>(queryKey: QueryKey, path: string, schema: Schema<T>) =>
  apiRecordQueryOptions(queryKey, path, schema, (answer) => answer);

/**
 * The same for an answer that wraps one record (`{ account }`): `unwrap` takes it out, so that
 * the cache and the page hold the record itself.
 */
export const apiRecordQueryOptions = <T, R>(
  queryKey: QueryKey,
  path: string,
  schema: Schema<T>,
  unwrap: (answer: T) => R,
) =>
  // The caller builds the key and the path from the same ids, so the key names what is asked.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey,
    queryFn: async ({ signal }) => unwrap(await api.get(path, { schema, signal })),
  });

/**
 * The mutation of a create the person submits once (one trade, one move of money, one record):
 * it POSTs to the path of the record the create belongs to, under the form's idempotency key,
 * and once it has settled, either way, marks stale what it may have changed. Settled, not only
 * succeeded: after an unknown outcome the create may have taken effect all the same.
 */
export const useCreateOnce = <Variables extends SubmittedOnce<unknown>, Receipt>({
  path,
  schema,
  invalidates,
}: {
  path: (variables: Variables) => string;
  schema: $ZodType<Receipt>;
  invalidates?: (variables: Variables) => QueryKey[];
}) => {
  const queryClient = useQueryClient();
  return useMutation<Receipt, Error, Variables>({
    mutationFn: (variables: Variables) => postOnce(path(variables), variables, schema),
    onSettled:
      invalidates &&
      ((_data, _error, variables) =>
        Promise.all(
          invalidates(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        )),
  });
};

/**
 * Whether a request failed with one of these statuses: how a page tells a record that does not
 * exist (404) or is not the person's to see (403) from a failure worth retrying.
 */
export const hasStatus = (error: unknown, ...statuses: number[]): error is ApiClientError =>
  isApiClientError(error) && statuses.includes(error.status);
