import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * The grid named `name` once it shows what it holds. MUI X's DataGrid mounts its root (the
 * element named `name`) first and fills in its column headers and rows in a later render, once it
 * has measured itself (its dimensions' `isReady`): a test that read the headers or rows right after
 * the root appeared raced that render, and lost it on a busy machine. This waits for every column
 * header the grid counts (`aria-colcount`) and, when it counts rows, for a row.
 */
export function findGrid(name: string, { timeout = 20_000 } = {}): Promise<HTMLElement> {
  return waitFor(
    () => {
      const grid = screen.getByRole('grid', { name });
      const columns = Number(grid.getAttribute('aria-colcount'));
      const headers = grid.querySelectorAll('[role="columnheader"]').length;
      // The header row is one of the rows the grid counts.
      const rows = Number(grid.getAttribute('aria-rowcount')) - 1;
      const shownRows = grid.querySelectorAll('[role="row"][data-id]').length;
      if (!columns || headers < columns || (rows > 0 && shownRows === 0)) {
        throw new Error(
          `The grid "${name}" is not filled in yet: ${headers} of ${columns} column headers, ${shownRows} rows shown of ${rows}.`,
        );
      }
      return grid;
    },
    { timeout },
  );
}

/**
 * What Tab stops at inside `element`: links, buttons and fields that are not disabled, and
 * anything with a tab index of 0 or more. A grid (MUI X DataGrid) is one Tab stop with arrow keys
 * inside: one of its headers or cells at a time has tabindex 0, the rest -1.
 */
export function tabStopsIn(element: HTMLElement): HTMLElement[] {
  return [
    ...element.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex]',
    ),
  ].filter((el) => el.tabIndex >= 0 && !el.hasAttribute('disabled'));
}

/**
 * Presses Tab from the first column header of `grid` until the focus reaches `target`, and says
 * how many presses that took (Infinity when `limit` presses did not reach it).
 */
export async function tabsFromGridTo(
  user: UserEvent,
  grid: HTMLElement,
  target: () => HTMLElement,
  limit = 20,
): Promise<number> {
  grid.querySelector<HTMLElement>('[role="columnheader"]')?.focus();
  for (let presses = 1; presses <= limit; presses += 1) {
    await user.tab();
    if (document.activeElement === target()) return presses;
  }
  return Infinity;
}
