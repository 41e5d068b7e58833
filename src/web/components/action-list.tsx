import type { ReactNode } from 'react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Records one under another, named for screen readers: each with what it is, a line of detail,
 * and at its end the one thing to do with it. Every row's button shows the same word, so its
 * accessible name says which record it acts on ("Remove Work laptop").
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
  /** Layout of each record beside its divider, such as room kept for a wide button. */
  itemSx?: SxProps<Theme>;
}) {
  return (
    <List aria-label={label}>
      {items.map((item) => (
        <ListItem key={itemKey(item)} divider secondaryAction={action(item)} sx={itemSx}>
          <ListItemText primary={primary(item)} secondary={secondary(item)} />
        </ListItem>
      ))}
    </List>
  );
}
