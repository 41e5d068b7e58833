import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

/** Search parameters to set (a value) or remove (null, undefined or ''). */
export type SearchChanges = Record<string, string | null | undefined>;

/**
 * The page's search parameters and an update whose changes compose. React Router's setter builds
 * on the parameters of the last render, in its function form too, and the navigation it starts
 * lands a moment later: two changes made before then (a filter applied as its field is left, the
 * next one at once) would keep only the second. The update builds on the last parameters it asked
 * for, until the router shows newer ones (Back, a link).
 *
 * The third element reads those parameters: what the page shows once the navigation lands. An
 * action taken in the same gesture as a filter applied on leaving its field (a click on Export
 * blurs the field first) must act on them, not on the render's, which are still the old ones.
 */
export function useSearchUpdate() {
  const [search, setSearch] = useSearchParams();
  const latest = useRef(search);
  useEffect(() => {
    latest.current = search;
  }, [search]);
  const update = useCallback(
    (changes: SearchChanges, options?: NavigateOptions) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      // The same search again would only add a step that Back seems to skip.
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setSearch(next, options);
    },
    [setSearch],
  );
  const asked = useCallback(() => latest.current, []);
  return [search, update, asked] as const;
}

/**
 * The named parameters of a page's address, each as written, or null where it is absent or
 * empty: a list's filters (and page) read from the address by the names the BFF gives them.
 */
export function searchValues<Name extends string>(
  search: URLSearchParams,
  names: readonly Name[],
): Record<Name, string | null> {
  const values = names.map((name) => [name, search.get(name) || null]);
  return Object.fromEntries(values) as Record<Name, string | null>;
}

/**
 * Where a person is on a page (what a list is narrowed by, a grid's sort and page), kept in the
 * page's address under these names, so Back, a reload and a shared link come back to it: the
 * values as `searchValues` reads them, one object while the address does not change (a page that
 * re-renders does not hand its grid a new place), and a change that replaces the address's entry
 * rather than adding a step for Back to walk through. `names` is a constant of the page.
 */
export function useSearchPlace<Name extends string>(
  names: readonly Name[],
): [Record<Name, string | null>, (changes: Partial<Record<Name, string | null>>) => void] {
  const [search, update] = useSearchUpdate();
  const place = useMemo(() => searchValues(search, names), [search, names]);
  const onPlaceChange = useCallback(
    (changes: Partial<Record<Name, string | null>>) => update(changes, { replace: true }),
    [update],
  );
  return [place, onPlaceChange];
}

/** The page of a list the address names, counted from 1; anything but a whole page is the first. */
export function pageFrom(search: URLSearchParams): number {
  const page = Number(search.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A list's filters changed in its address: one filter set (or taken out), or every filter
 * cleared. `restart` goes with either, the list's page parameters taken out: other filters list
 * other records, from their first page.
 */
export function filterUpdates<Name extends string>(
  update: (changes: SearchChanges) => void,
  names: readonly Name[],
  restart: SearchChanges = {},
) {
  const set = (name: Name, value: string | null) => update({ [name]: value, ...restart });
  const clear = () =>
    update({ ...Object.fromEntries(names.map((name) => [name, null])), ...restart });
  return [set, clear] as const;
}
