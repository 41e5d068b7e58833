import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatCount } from '../lib/format';

/**
 * The way through a list longer than one page (newest first, unless told): which records are shown
 * of how many, and buttons to the pages before and after. Shown only when there is more than one page, so
 * nothing an earlier page held is out of reach.
 */
export function PageNav({
  label,
  offset,
  shown,
  total,
  pageSize,
  onOffset,
  earlier = 'Newer',
  later = 'Older',
}: {
  /** Names the navigation landmark ("Money request pages"). */
  label: string;
  offset: number;
  /** How many records the current page holds. */
  shown: number;
  total: number;
  pageSize: number;
  onOffset: (offset: number) => void;
  /**
   * The buttons to the page before and the page after, by what they hold: "Newer" and "Older"
   * for a list newest first; a queue, oldest first, names them otherwise.
   */
  earlier?: string;
  later?: string;
}) {
  const newer = useRef<HTMLButtonElement>(null);
  const older = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'newer' | 'older' | null>(null);
  const atNewest = offset <= 0;
  const atOldest = offset + shown >= total;
  // "Older" pressed onto the last page (or "Newer" onto the first) disables itself, and the
  // browser drops the focus to the page body: a keyboard or screen-reader user would start
  // again from the top. The focus goes to the other button instead, still in the pager, and
  // the range beside it says which records are shown now.
  useEffect(() => {
    const which = pressed.current;
    if (which === null) return;
    pressed.current = null;
    const [button, other] = which === 'older' ? [older, newer] : [newer, older];
    const focused = document.activeElement;
    const lost = focused === null || focused === document.body || focused === button.current;
    if (lost && button.current?.disabled) other.current?.focus();
  }, [offset, atNewest, atOldest]);
  if (offset === 0 && shown >= total) return null;
  const go = (which: 'newer' | 'older', to: number) => {
    pressed.current = which;
    onOffset(to);
  };
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 2 }}
    >
      <Button
        ref={newer}
        disabled={atNewest}
        onClick={() => go('newer', Math.max(0, offset - pageSize))}
      >
        {earlier}
      </Button>
      <Button ref={older} disabled={atOldest} onClick={() => go('older', offset + pageSize)}>
        {later}
      </Button>
      <Typography variant="body2" color="textSecondary" aria-live="polite">
        {shown === 0
          ? `None of ${formatCount(total)}`
          : `${formatCount(offset + 1)}–${formatCount(offset + shown)} of ${formatCount(total)}`}
      </Typography>
    </Box>
  );
}

/**
 * A list held whole in the browser, shown a page at a time: the records of the open page, and
 * what PageNav needs besides its label (`<PageNav label="…" {...nav} />`). A fresher list may be
 * shorter than the page that was open: it goes back to the newest page then.
 */
export function usePages<Item>(items: readonly Item[], pageSize: number) {
  const [asked, setOffset] = useState(0);
  const offset = asked < items.length ? asked : 0;
  const page = items.slice(offset, offset + pageSize);
  return {
    page,
    nav: { offset, shown: page.length, total: items.length, pageSize, onOffset: setOffset },
  };
}
