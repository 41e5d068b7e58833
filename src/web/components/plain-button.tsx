import { styled, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';

type Variant = 'contained' | 'outlined';

/**
 * A button with MUI's look but none of its machinery (ripple, transitions, loading spinner): for
 * the sign-in page and the error pages, which must load fast and work when little else has
 * loaded. Signed-in pages use MUI's Button.
 */
const buttonStyles = ({ theme, variant = 'contained' }: { theme: Theme; variant?: Variant }) => ({
  ...theme.typography.button,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: theme.spacing(1),
  minHeight: 44,
  padding: theme.spacing(1, 2.75),
  borderRadius: theme.shape.borderRadius,
  border: `1px solid ${theme.palette.primary.main}`,
  fontSize: '0.9375rem',
  textDecoration: 'none',
  cursor: 'pointer',
  ...(variant === 'contained'
    ? {
        backgroundColor: theme.palette.primary.main,
        color: theme.palette.primary.contrastText,
        '&:hover': { backgroundColor: theme.palette.primary.dark },
      }
    : {
        backgroundColor: 'transparent',
        color: theme.palette.primary.main,
        '&:hover': { backgroundColor: theme.palette.action.hover },
      }),
  '&[aria-disabled="true"]': { opacity: 0.7, cursor: 'progress' },
});

const forwardVariant = { shouldForwardProp: (prop: string) => prop !== 'variant' };

export const PlainButton = styled('button', forwardVariant)<{ variant?: Variant }>(buttonStyles);

export const PlainButtonLink = styled(
  RouterLink,
  forwardVariant,
)<{ variant?: Variant }>(buttonStyles);
