import type { ReactNode } from 'react';
import { focusOnMount } from '../lib/focus';
import './plain.css';

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
 * icons and a close button with it, and MUI itself, which the sign-in page does without
 * (plain.css draws it). Errors are announced assertively, everything else politely.
 */
export function Notice({ severity, children, focusOnShow = false }: NoticeProps) {
  return (
    <div
      className="notice"
      data-severity={severity}
      role={severity === 'error' ? 'alert' : 'status'}
      {...(focusOnShow && { tabIndex: -1, ref: focusOnMount })}
    >
      {children}
    </div>
  );
}
