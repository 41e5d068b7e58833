import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Try again on a notice of something that could not be read. While it reads, the button says so
 * and is marked busy rather than disabled: a disabled button loses the keyboard's focus, and the
 * keyboard or screen-reader user with it. Pressed again meanwhile, it does nothing.
 */
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
    <Button
      color="inherit"
      size="small"
      aria-disabled={busy}
      onClick={() => {
        if (!busy) onRetry();
      }}
    >
      {busy ? busyLabel : 'Try again'}
    </Button>
  );
}

/**
 * A warning that something could not be read, with Try again (BusyRetryButton) as its action. A
 * status, not an alert: the rest of the page still works, and the notice says what is missing.
 */
export function RetryNotice({
  busy,
  busyLabel,
  onRetry,
  sx,
  children,
}: {
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
      action={<BusyRetryButton busy={busy} busyLabel={busyLabel} onRetry={onRetry} />}
    >
      {children}
    </Alert>
  );
}
