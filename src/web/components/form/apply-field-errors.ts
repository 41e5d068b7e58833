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

/**
 * A refusal that names one of a form's fields, which `applyFieldErrors` says under that field:
 * the form's notice of a refusal leaves it out, so it is not said twice.
 */
export const refusesFields = (error: unknown, fieldNames: readonly string[]) =>
  isApiClientError(error) && error.fields.some((issue) => fieldNames.includes(issue.field));
