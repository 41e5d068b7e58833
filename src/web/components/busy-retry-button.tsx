import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { mayPassOnRetry } from '../lib/api-client';

/**
 * A button that says its work is under way by being marked busy (aria-disabled), not disabled:
 * Chromium takes the focus off a button the moment it is disabled, so the keyboard or
 * screen-reader user would be left at the top of the page, and a dialog the press opened would
 * give the focus back to nothing. Pressed again while busy, it does nothing.
 */
export function BusyButton({ busy, onClick, ...props }: ButtonProps & { busy: boolean }) {
  return (
    <Button
      {...props}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (!busy) onClick?.(event);
      }}
    />
  );
}

/** Try again on a notice of something that could not be read, busy while it reads. */
export function BusyRetryButton({
  busy,
  busyLabel = 'Reading again…',
  onRetry,
}: {
  busy: boolean;
  busyLabel?: string;
  onRetry: () => void;
}) {
  return (
    <BusyButton color="inherit" size="small" busy={busy} onClick={onRetry}>
      {busy ? busyLabel : 'Try again'}
    </BusyButton>
  );
}

/**
 * A warning that something could not be read, with Try again (BusyRetryButton) as its action. A
 * status, not an alert: the rest of the page still works, and the notice says what is missing.
 * Try again is left out where the read's error says it would be refused alike (mayPassOnRetry:
 * the portal's own access to the platform set up wrong, a refusal for good), or where the BFF
 * marked the gap lasting (contract `lastingGapsSchema`); the words then say what to do instead.
 */
export function RetryNotice({
  error,
  lasting = false,
  busy,
  busyLabel,
  onRetry,
  sx,
  children,
}: {
  /** The read's error, when known: it decides whether Try again is offered. */
  error?: unknown;
  /** The BFF said reading again would not fill this gap: no Try again. */
  lasting?: boolean;
  busy: boolean;
  busyLabel?: string;
  onRetry: () => void;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Alert
      severity="warning"
      role="status"
      sx={sx}
      action={
        !lasting &&
        (error === undefined || mayPassOnRetry(error)) && (
          <BusyRetryButton busy={busy} busyLabel={busyLabel} onRetry={onRetry} />
        )
      }
    >
      {children}
    </Alert>
  );
}
