import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The record's text takes the room the button leaves, from 20rem: in a row that wraps (the
 * sessions page), a long line of detail then shrinks beside the button rather than pushing it
 * onto a line of its own, and only a row narrower than the text's 20rem and the button (a phone)
 * puts the button under the text. MUI's `flex: 1 1 auto` measured the whole unwrapped line.
 */
const textSx = { flex: '1 1 20rem', minWidth: 0 } as const;

/**
 * Records one under another, named for screen readers: each with what it is, a line of detail,
 * and at its end the one thing to do with it. Every row's button shows the same word, so its
 * accessible name says which record it acts on ("Remove Work laptop").
 *
 * The button sits in the row's flow, beside the text, rather than in MUI's `secondaryAction`
 * slot: that slot is laid over the row's right edge, so on a phone a long line of detail ran
 * under the button ("with a password" under "End" on the sessions page).
 */
export function ActionList<Item>({
  label,
  items,
  itemKey,
  primary,
  secondary,
  action,
  itemSx,
}: {
  label: string;
  items: readonly Item[];
  itemKey: (item: Item) => string;
  primary: (item: Item) => ReactNode;
  secondary: (item: Item) => ReactNode;
  /** The button at the end of a record; undefined where nothing can be done with it. */
  action: (item: Item) => ReactNode;
  /** Layout of each record beside its divider. */
  itemSx?: SxProps<Theme>;
}) {
  return (
    <List aria-label={label}>
      {items.map((item) => {
        const act = action(item);
        return (
          <ListItem
            key={itemKey(item)}
            divider
            sx={[{ gap: 2 }, ...(Array.isArray(itemSx) ? itemSx : [itemSx])]}
          >
            <ListItemText sx={textSx} primary={primary(item)} secondary={secondary(item)} />
            {act && <Box sx={{ flexShrink: 0 }}>{act}</Box>}
          </ListItem>
        );
      })}
    </List>
  );
}
