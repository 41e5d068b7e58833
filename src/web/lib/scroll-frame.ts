import { useEffect, useState } from 'react';

/** Whether a frame's content is larger than the frame, so that it scrolls. */
const overflows = (frame: HTMLElement) =>
  frame.scrollWidth > frame.clientWidth || frame.scrollHeight > frame.clientHeight;

/**
 * A frame that may scroll (a wide table on a phone, a long review in a dialog): while its content
 * overflows it, it is a named region a keyboard can focus and scroll with the arrow keys ("…
 * (scrollable)"), as screen readers and axe expect of a scrolling area. While everything fits it
 * is neither: a Tab stop announced "scrollable" that scrolls nothing only costs a keyboard user
 * a keypress and misleads a screen-reader user. It is measured again whenever the frame or its
 * content changes size (a narrower window, rows or an alert added).
 *
 * Returns the ref to put on the frame, and the props it takes while it scrolls.
 */
export function useScrollFrame<Frame extends HTMLElement>(label: string) {
  const [frame, setFrame] = useState<Frame | null>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!frame) return;
    const check = () => setScrolls(overflows(frame));
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const sizes = new ResizeObserver(check);
    const watchChildren = () => {
      sizes.observe(frame);
      for (const child of frame.children) sizes.observe(child);
    };
    watchChildren();
    // Content added or removed (a row, an outcome under the review) is measured too.
    const changes = new MutationObserver(() => {
      watchChildren();
      check();
    });
    changes.observe(frame, { childList: true });
    return () => {
      sizes.disconnect();
      changes.disconnect();
    };
  }, [frame]);
  const props = scrolls
    ? ({ tabIndex: 0, role: 'region', 'aria-label': `${label} (scrollable)` } as const)
    : {};
  return [setFrame, props] as const;
}
