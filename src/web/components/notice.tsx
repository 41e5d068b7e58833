import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { focusOnMount } from '../lib/focus';

type NoticeProps = {
  severity: 'info' | 'success' | 'error';
  children: ReactNode;
  /**
   * It tells the outcome of what the person just did elsewhere (signed out): focus moves to it
   * as it appears, where it would otherwise drop to the page body unannounced.
   */
  focusOnShow?: boolean;
};

/**
 * A one-line message for pages that must stay light (the sign-in page): MUI's Alert brings its
 * icons and a close button with it. Errors are announced assertively, everything else politely.
 */
export function Notice({ severity, children, focusOnShow = false }: NoticeProps) {
  return (
    <Box
      role={severity === 'error' ? 'alert' : 'status'}
      {...(focusOnShow && { tabIndex: -1, ref: focusOnMount })}
      sx={(theme) => ({
        px: 2,
        py: 1.5,
        borderRadius: 1,
        borderLeft: `4px solid ${theme.palette[severity].main}`,
        backgroundColor: theme.palette.background.default,
        color: theme.palette.text.primary,
      })}
    >
      {children}
    </Box>
  );
}
