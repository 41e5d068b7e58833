/**
 * A ref callback that moves keyboard focus to an element when it appears: a review step, a
 * receipt or an error that replaces what the person was on, so focus does not drop to the page
 * body and screen readers read what appeared. Stable (module level), so React calls it on mount
 * only. The element needs tabIndex={-1} unless it is focusable already.
 */
export function focusOnMount(node: HTMLElement | null): void {
  node?.focus();
}
