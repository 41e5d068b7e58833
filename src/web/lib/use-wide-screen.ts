import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/**
 * Whether a table's columns fit (the theme's `md` and up): lists that show a table there show
 * cards on phones, where a table would leave columns past the screen's edge. Read on the first
 * render (`noSsr`), so a phone never draws the table first and then swaps it.
 */
export function useWideScreen(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
}
