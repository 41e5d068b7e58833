import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiClientError } from '../../lib/api-client';

/**
 * Puts the BFF's per-field messages on the matching fields (the contract makes them the same
 * messages the form would give) and says whether any landed, so the caller shows the rest.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly FieldPath<T>[],
): boolean {
  if (!isApiClientError(error)) return false;
  let applied = false;
  for (const issue of error.fields) {
    const name = fieldNames.find((candidate) => candidate === issue.field);
    if (!name) continue;
    setError(name, { type: 'server', message: issue.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
