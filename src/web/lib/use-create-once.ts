import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { $ZodType } from 'zod/v4/core';
import { postOnce, type SubmittedOnce } from './api-client';

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
