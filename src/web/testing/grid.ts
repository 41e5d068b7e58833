import type { UserEvent } from '@testing-library/user-event';

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
