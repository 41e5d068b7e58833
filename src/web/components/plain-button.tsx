import type { ButtonHTMLAttributes } from 'react';
import { Link as RouterLink, type LinkProps } from 'react-router-dom';
import './plain.css';

type Variant = 'contained' | 'outlined';

/**
 * A button with MUI's look but none of its machinery (ripple, transitions, loading spinner, nor
 * MUI and Emotion themselves: plain.css draws it): for the sign-in page and the error pages,
 * which must load fast and work when little else has loaded. Signed-in pages use MUI's Button.
 */
export function PlainButton({
  variant = 'contained',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button {...props} className="plain-button" data-variant={variant} />;
}

export function PlainButtonLink({
  variant = 'contained',
  ...props
}: LinkProps & { variant?: Variant }) {
  return <RouterLink {...props} className="plain-button" data-variant={variant} />;
}
