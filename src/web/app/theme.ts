import { createTheme } from '@mui/material/styles';

/**
 * Colours are chosen for at least 4.5:1 contrast against white for text and for white text on
 * filled controls (WCAG 2.2 AA), which MUI's default warning and info colours do not reach.
 */
const withWhiteText = (main: string) => ({ main, contrastText: '#ffffff' });

const PRIMARY = '#1c4f96';

/**
 * The focus ring (WCAG 2.4.7, focus visible): a 3 px line in the primary colour, at least 3:1
 * against the page, the cards and the current page's highlight in the menu, which a background
 * tint alone is not.
 */
const focusRing = { outline: `3px solid ${PRIMARY}`, outlineOffset: '2px' };

/**
 * A finger, or a screen as narrow as a phone's (MUI's xs): there every button, icon button and
 * standalone link is at least 44 px tall, a target a thumb hits (WCAG 2.5.8 asks 24 px; Apple and
 * Android ask 44 and 48). A mouse on a wider screen keeps the compact sizes.
 */
const onTouch = '@media (pointer: coarse), (max-width: 599.95px)';
/** A screen as narrow as a phone's (MUI's xs). */
const phone = '@media (max-width: 599.95px)';
const TAP = 44;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: withWhiteText(PRIMARY),
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
    // app/baseline.css repeats these page-wide rules for the sign-in and error pages, which are
    // drawn without MUI; app/__tests__/baseline-css.test.ts keeps its colours equal to these.
    MuiCssBaseline: {
      styleOverrides: {
        // A focus ring everyone can see, on every focusable element reached by keyboard.
        ':focus-visible': focusRing,
        // The app bar is fixed over the page's top (56 px on a phone, 64 px wider). Whatever
        // focus scrolls into view (a review heading, a receipt, the field tabbed to) stops
        // below it instead of behind it (WCAG 2.4.11, focus not obscured).
        html: { scrollPaddingTop: 72 },
        // A link that stands alone (a name in a card or a row, a breadcrumb, an id in a grid),
        // not one inside running text, which WCAG 2.5.8 leaves at the text's size.
        '.tap-target': {
          [onTouch]: { display: 'inline-flex', alignItems: 'center', minHeight: TAP },
        },
        // A link inside a line of facts ("Reference … · Bank account ••••1413 · Details"), where
        // a 44 px box would make that one line taller than its neighbours: its target reaches
        // 22 px above and below the middle of its words, beyond its box, and the line keeps its
        // height. Such lines hold nothing else to tap; a button after them draws over the reach.
        '.tap-area': {
          [onTouch]: {
            position: 'relative',
            '&::after': {
              content: '""',
              position: 'absolute',
              left: 0,
              right: 0,
              top: '50%',
              height: TAP,
              transform: 'translateY(-50%)',
            },
          },
        },
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
        // Forced colours (Windows high contrast) drop backgrounds and box shadows: a contained
        // button would read as plain text, the current page in the menu as any other, and a
        // focused field only by its outline growing a pixel. Borders and outlines in the
        // system's colours say the same in their place.
        // Each selector outweighs the component's own rule it overrides (ButtonBase's `border: 0`
        // and `outline: 0`, the outline's 2 px when focused), which comes later in the document.
        '@media (forced-colors: active)': {
          '.MuiButton-root.MuiButton-contained, .MuiButton-root.MuiButton-outlined': {
            border: '1px solid ButtonText',
          },
          '.MuiButtonBase-root[aria-current="page"], .MuiButtonBase-root.Mui-selected': {
            outline: '2px solid Highlight',
            outlineOffset: -2,
          },
          '.MuiOutlinedInput-root.Mui-focused.Mui-focused .MuiOutlinedInput-notchedOutline': {
            borderWidth: 3,
          },
        },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            transitionDuration: '0.01ms !important',
          },
        },
      },
    },
    // Buttons, menu items and the side menu's entries clear the browser's outline (`outline: 0`)
    // and mark keyboard focus with a faint tint alone, much like the current page's highlight.
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
    // An entry of a list or menu spans its container, which would clip a ring drawn outside it.
    MuiListItemButton: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } },
    },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    // On the primary-coloured bar a ring of the same colour would not show: there it is white.
    MuiAppBar: {
      styleOverrides: {
        root: { '&& :focus-visible, && .Mui-focusVisible': { outlineColor: '#ffffff' } },
      },
    },
    MuiButton: { styleOverrides: { root: { [onTouch]: { minHeight: TAP } } } },
    MuiIconButton: { styleOverrides: { root: { [onTouch]: { minWidth: TAP, minHeight: TAP } } } },
    // A pager's pages, closer together so that seven of them still fit a 375 px line (more wrap).
    MuiPaginationItem: {
      styleOverrides: { root: { [onTouch]: { minWidth: TAP, height: TAP, margin: '0 1px' } } },
    },
    // A small field (a filter, a sort, a search box, a dialog's inline form) is 40 px tall: on a
    // finger or a phone's width its box grows to 44 px, the text still in its middle. The label
    // inside an empty field moves down with it. A field of several lines grows with its text.
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          [onTouch]: {
            '&.MuiInputBase-sizeSmall:not(.MuiInputBase-multiline):not(.MuiAutocomplete-inputRoot) .MuiInputBase-input':
              { paddingTop: 10.5, paddingBottom: 10.5 },
          },
        },
      },
    },
    MuiInputLabel: {
      styleOverrides: {
        sizeSmall: {
          [onTouch]: {
            '&&:not(.MuiInputLabel-shrink)': { transform: 'translate(14px, 11px) scale(1)' },
          },
        },
      },
    },
    // A search-as-you-type field sets its own padding around its text: 6 px, made 8 for 44 px.
    MuiAutocomplete: {
      styleOverrides: {
        inputRoot: {
          [onTouch]: { '&&&.MuiInputBase-sizeSmall': { paddingTop: 8, paddingBottom: 8 } },
        },
      },
    },
    MuiLink: { defaultProps: { underline: 'always' } },
    // On a phone a dialog keeps 16 px of the page around it, not MUI's 32: on a 375 × 740 screen
    // that is 32 px more for its lines and its 44 px buttons, and its fields' labels are not cut.
    MuiDialog: {
      styleOverrides: {
        paper: {
          [phone]: { margin: 16, maxWidth: 'calc(100% - 32px)', maxHeight: 'calc(100% - 32px)' },
        },
        paperFullWidth: { [phone]: { width: 'calc(100% - 32px)' } },
      },
    },
    // Lines of a list and the words of a dialog hold emails and names as long as real ones get
    // (firstname.middlename.lastname.contractor@subsidiary-operations-department.example): they
    // break anywhere rather than run off a 375 px screen, which would make the whole page scroll
    // sideways or cut the address. `anywhere` (not `break-word`) also lets the row beside them
    // shrink to the screen. Tables keep their figures whole (see MuiTableCell).
    MuiListItemText: { styleOverrides: { root: { overflowWrap: 'anywhere' } } },
    MuiDialogTitle: { styleOverrides: { root: { overflowWrap: 'anywhere' } } },
    MuiDialogContentText: { styleOverrides: { root: { overflowWrap: 'anywhere' } } },
    // Right-aligned cells hold figures (amounts, units, prices): a figure never breaks across
    // lines; a table too wide for the screen scrolls inside its frame instead.
    MuiTableCell: { styleOverrides: { alignRight: { whiteSpace: 'nowrap' } } },
  },
});
