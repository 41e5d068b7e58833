import Button from '@mui/material/Button';

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
