import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
// The material ThemeProvider also carries the CSS-variables provider, which this theme does not
// use; the system provider it delegates to for such themes is lighter.
import { ThemeProvider } from '@mui/system';
import { theme } from './theme';

/**
 * What MUI's components need: the portal's theme and its baseline. Not in the app's providers:
 * the sign-in page and the error pages are drawn without MUI (components/plain.css) so that the
 * first page loads neither MUI nor Emotion; the signed-in layout and the parts of the sign-in page
 * that load later (the second factor) bring it with them. The baseline repeats app/baseline.css,
 * which applies already, with the theme's rules for MUI's own classes (its focus rings).
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
