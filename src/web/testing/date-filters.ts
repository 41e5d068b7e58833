import { fireEvent, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Types a whole day into a date field, as a keyboard does, and leaves the field. */
export function typeDay(field: HTMLElement, day: string) {
  fireEvent.keyDown(field, { key: day.at(-1) });
  fireEvent.change(field, { target: { value: day } });
  fireEvent.blur(field);
}

/**
 * Waits until the page's address holds every one of `params` and the BFF was asked for them
 * together: the list is read for the filters the fields show.
 */
export async function expectApplied(
  router: { state: { location: { search: string } } },
  asked: URL[],
  params: Record<string, string>,
) {
  await waitFor(() => {
    const search = new URLSearchParams(router.state.location.search);
    for (const [name, value] of Object.entries(params)) expect(search.get(name)).toBe(value);
  });
  await waitFor(() =>
    expect(
      asked.some((url) =>
        Object.entries(params).every(([name, value]) => url.searchParams.get(name) === value),
      ),
    ).toBe(true),
  );
}
