import { afterEach, beforeEach } from 'vitest';

/** Whether a `(min-width: …px)` / `(max-width: …px)` query holds at `width`; jsdom has no layout. */
function matchesWidth(query: string, width: number): boolean {
  const bounds = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (bounds.length === 0) throw new Error(`This stand-in only reads widths, not "${query}"`);
  return bounds.every(([, side, px]) =>
    side === 'min' ? width >= Number(px) : width <= Number(px),
  );
}

/**
 * For this test file: a window `width` CSS pixels wide as far as `matchMedia` (MUI's
 * useMediaQuery) can tell. jsdom has no `matchMedia`, where MUI then answers "no match" to every
 * query, as on the narrowest phone; this says which width a test means.
 */
export function withViewportWidth(width: number) {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: matchesWidth(query, width),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = original;
  });
}
