import { createTheme } from '@mui/material/styles';

/**
 * Colours are chosen for at least 4.5:1 contrast against white for text and for white text on
 * filled controls (WCAG 2.2 AA), which MUI's default warning and info colours do not reach.
 */
const withWhiteText = (main: string) => ({ main, contrastText: '#ffffff' });

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: withWhiteText('#1c4f96'),
    secondary: withWhiteText('#5b3d8a'),
    success: withWhiteText('#1e6b34'),
    warning: withWhiteText('#8a4b00'),
    error: withWhiteText('#b3261e'),
    info: withWhiteText('#0b5cad'),
    background: { default: '#f5f7fa', paper: '#ffffff' },
    text: { primary: '#1a1c1e', secondary: '#4a5058' },
  },
  shape: { borderRadius: 8 },
  typography: {
    h1: { fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.25 },
    h2: { fontSize: '1.35rem', fontWeight: 600, lineHeight: 1.3 },
    h3: { fontSize: '1.1rem', fontWeight: 600, lineHeight: 1.35 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // A focus ring everyone can see, on every focusable element reached by keyboard.
        ':focus-visible': { outline: '3px solid #1c4f96', outlineOffset: '2px' },
        // The app bar is fixed over the page's top (56 px on a phone, 64 px wider). Whatever
        // focus scrolls into view (a review heading, a receipt, the field tabbed to) stops
        // below it instead of behind it (WCAG 2.4.11, focus not obscured).
        html: { scrollPaddingTop: 72 },
        '.visually-hidden': {
          position: 'absolute',
          width: 1,
          height: 1,
          padding: 0,
          margin: -1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
          border: 0,
        },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            transitionDuration: '0.01ms !important',
          },
        },
      },
    },
    MuiLink: { defaultProps: { underline: 'always' } },
    // Right-aligned cells hold figures (amounts, units, prices): a figure never breaks across
    // lines; a table too wide for the screen scrolls inside its frame instead.
    MuiTableCell: { styleOverrides: { alignRight: { whiteSpace: 'nowrap' } } },
  },
});
