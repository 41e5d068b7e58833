import { styled } from '@mui/material/styles';

/** The first stop for keyboard users: jumps past the app bar and navigation. */
export const SkipLink = styled('a')(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(1),
  top: theme.spacing(-8),
  zIndex: theme.zIndex.tooltip + 1,
  padding: theme.spacing(1, 2),
  // A target a thumb hits on a phone, as every button is (theme.ts).
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  boxSizing: 'border-box',
  background: theme.palette.background.paper,
  color: theme.palette.primary.main,
  fontWeight: 600,
  borderRadius: theme.shape.borderRadius,
  boxShadow: theme.shadows[4],
  '&:focus': { top: theme.spacing(1) },
}));
