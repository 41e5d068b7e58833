import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * The filters of a list, each applied as it is set (a choice as it is picked, a typed value as
 * its field is left or on Enter): a search landmark named by `label`. It has no submit of its
 * own, so Enter in a field never reloads the page.
 */
export function FilterBar({
  label,
  spaceBelow,
  children,
}: {
  label: string;
  /** The space to what the filters narrow, in theme units. */
  spaceBelow: number;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      onSubmit={(e) => e.preventDefault()}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: spaceBelow }}
    >
      {children}
    </Box>
  );
}
