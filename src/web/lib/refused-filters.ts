import { ApiClientError } from './api-client';

/**
 * The filters of a page's address that the BFF refused (a 400 naming `query.<filter>`), each with
 * the BFF's message: a hand-edited or shared address is told under the field it breaks, since
 * reading it again would be refused the same way (no Try again).
 */
export function refusedFilters<Name extends string>(
  error: unknown,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const refused: Partial<Record<Name, string>> = {};
  if (!(error instanceof ApiClientError) || error.status !== 400) return refused;
  for (const { field, message } of error.fields) {
    const name = names.find((filter) => field === `query.${filter}`);
    if (name && !refused[name]) refused[name] = message;
  }
  return refused;
}

/** What the page says in place of its list while filters marked on their fields are refused. */
export const refusedFiltersWords = (marked: number): string =>
  marked > 1
    ? 'The filters marked above break their rules: correct them, or clear the filters.'
    : 'The filter marked above breaks its rule: correct it, or clear the filters.';
