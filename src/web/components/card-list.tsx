import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Records as outlined cards, one under another, for what a table would squeeze on a 375 px
 * screen. A real list (`ol` when the order means something, such as newest first), named for
 * screen readers, without bullets.
 */
export function CardList<Item>({
  label,
  ordered = false,
  items,
  itemKey,
  cardSx,
  children,
}: {
  label: string;
  ordered?: boolean;
  items: readonly Item[];
  itemKey: (item: Item) => string;
  /** Layout inside each card, beside its padding. */
  cardSx?: SxProps<Theme>;
  children: (item: Item) => ReactNode;
}) {
  return (
    <Box
      component={ordered ? 'ol' : 'ul'}
      aria-label={label}
      // One column no wider than the screen: a grid's column otherwise grows to its longest
      // unbroken word, and one record's name without spaces would widen every card past a phone.
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'minmax(0, 1fr)',
      }}
    >
      {items.map((item) => (
        <Paper
          component="li"
          variant="outlined"
          key={itemKey(item)}
          // The platform's free text (a name, a title) may be one long word: it breaks anywhere.
          sx={[{ p: 2, overflowWrap: 'anywhere' }, ...(Array.isArray(cardSx) ? cardSx : [cardSx])]}
        >
          {children(item)}
        </Paper>
      ))}
    </Box>
  );
}
