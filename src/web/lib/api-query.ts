// The API client's requests as react-query queries and mutations, and how pages read their
// failures, kept apart from the client so that the sign-in page, which needs only the client,
// does not load them.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryKey,
} from '@tanstack/react-query';
import type { $ZodType } from 'zod/v4/core';
import {
  api,
  isApiClientError,
  mayPassOnRetry,
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
const apiRecordQueryOptions = <T, R>(
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

/** One GET endpoint as pages read it, named by the arguments of its `key` and `path`. */
type ApiQueryDefinition<Args extends unknown[], Answer, Data> = {
  /** The cache key, from the same arguments as the path: the key names what is asked. */
  key: (...args: Args) => QueryKey;
  path: (...args: Args) => string;
  schema: Schema<Answer>;
  /** Takes the record out of an answer that wraps it (see apiRecordQueryOptions). */
  unwrap?: (answer: Answer) => Data;
  /** For a page of a list: the page shown stays while the next one loads, instead of a skeleton. */
  keepsPreviousPage?: boolean;
  /**
   * Read by the page's loader on every navigation to it (a filter changed in the address
   * included), just before the page shows it. A refusal for good (a 4xx that the same request
   * would get again: mayPassOnRetry) is then not asked again by the page itself when it shows
   * that read, whether it mounts or moves to it from another (react-query asks again for any
   * read without an answer): a refused filter would be sent twice and refused twice. The loader
   * asks again on the next navigation to it.
   */
  readByLoader?: boolean;
};

/**
 * Whether a read its page's loader asks for may be asked for again by the page that shows it
 * (see readByLoader): not when the loader's read was refused for good. A hook of its own passes
 * it as `enabled`.
 */
export const unlessRefusedForGood = ({ state }: Pick<Query, 'state'>) =>
  !(state.status === 'error' && !mayPassOnRetry(state.error));

/**
 * The query options of one GET endpoint, for loaders to prime, and the hook pages read it with,
 * both taking the endpoint's arguments (the ids or the filter that name what is asked):
 * `export const [orderQueryOptions, useOrder] = defineApiQuery({ key, path, schema })`.
 */
export function defineApiQuery<Args extends unknown[], Answer, Data = Answer>({
  key,
  path,
  schema,
  unwrap = (answer) => answer as unknown as Data,
  keepsPreviousPage = false,
  readByLoader = false,
}: ApiQueryDefinition<Args, Answer, Data>) {
  const options = (...args: Args) =>
    apiRecordQueryOptions(key(...args), path(...args), schema, unwrap);
  const useApiQuery = (...args: Args) =>
    useQuery({
      ...options(...args),
      ...(keepsPreviousPage && { placeholderData: keepPreviousData }),
      ...(readByLoader && { enabled: unlessRefusedForGood }),
    });
  return [options, useApiQuery] as const;
}

/**
 * A mutation after which the reads it may have changed are fetched again: `invalidates` names
 * their keys (a key marks stale everything below it). After a success only, or with `settled`
 * after a failure as well, where the change may have been made all the same or the refusal may
 * mean that what the page shows moved under the person. The mutation settles once those reads
 * have answered, so the page shows its outcome beside figures that include it; with
 * `refresh: 'background'` it settles as soon as its own answer comes, and the reads follow.
 */
export const useInvalidatingMutation = <Answer, Variables = void>({
  mutationFn,
  mutationKey,
  invalidates,
  after = 'success',
  refresh = 'awaited',
  onAnswered,
}: {
  mutationFn: (variables: Variables) => Promise<Answer>;
  /** Names the mutation, so a page can find it on its way (useMutationState). */
  mutationKey?: QueryKey;
  invalidates: (variables: Variables) => readonly QueryKey[];
  after?: 'success' | 'settled';
  refresh?: 'awaited' | 'background';
  /** Run on success even when the page that sent it has been left (unlike mutate's own). */
  onAnswered?: (answer: Answer, variables: Variables) => void;
}) => {
  const queryClient = useQueryClient();
  const invalidate = (variables: Variables) => {
    const reads = Promise.all(
      invalidates(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    if (refresh === 'awaited') return reads;
  };
  return useMutation<Answer, Error, Variables>({
    mutationFn,
    mutationKey,
    ...(after === 'success'
      ? {
          onSuccess: (answer, variables) => {
            onAnswered?.(answer, variables);
            return invalidate(variables);
          },
        }
      : {
          onSuccess: (answer, variables) => onAnswered?.(answer, variables),
          onSettled: (_answer, _error, variables) => invalidate(variables),
        }),
  });
};

/**
 * The mutation of a create the person submits once (one trade, one move of money, one record):
 * it POSTs to the path of the record the create belongs to, under the form's idempotency key,
 * and once it has settled, either way, marks stale what it may have changed. Settled, not only
 * succeeded: after an unknown outcome the create may have taken effect all the same. Those reads
 * run in the background: the receipt (or what became of the request) is shown as soon as the
 * create answers, never held behind "Sending…" by a slow or failing read of the figures.
 */
export const useCreateOnce = <Variables extends SubmittedOnce<unknown>, Receipt>({
  path,
  schema,
  invalidates = () => [],
  mutationKey,
  onAnswered,
}: {
  path: (variables: Variables) => string;
  schema: $ZodType<Receipt>;
  invalidates?: (variables: Variables) => QueryKey[];
  mutationKey?: QueryKey;
  onAnswered?: (receipt: Receipt, variables: Variables) => void;
}) =>
  useInvalidatingMutation({
    mutationFn: (variables: Variables) => postOnce(path(variables), variables, schema),
    mutationKey,
    onAnswered,
    invalidates,
    after: 'settled',
    refresh: 'background',
  });

/**
 * Whether a request failed with one of these statuses: how a page tells a record that does not
 * exist (404) or is not the person's to see (403) from a failure worth retrying.
 */
export const hasStatus = (error: unknown, ...statuses: number[]): error is ApiClientError =>
  isApiClientError(error) && statuses.includes(error.status);
