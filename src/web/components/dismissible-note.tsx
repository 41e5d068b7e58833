import { useEffect, useRef, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';

/**
 * What became of what the person just did, kept above the list it is about until they dismiss
 * it. The control that led to it (a dialog's button, a row's) is gone with the outcome, so the
 * focus comes here, whenever `outcome` is a new one; in an effect, which runs after a closing
 * dialog has handed the focus back to its button. A success is told politely, anything else as
 * an alert, unless `role` says otherwise.
 */
export function DismissibleNote({
  severity,
  role = severity === 'success' ? 'status' : 'alert',
  outcome,
  onDismiss,
  children,
}: {
  severity: AlertColor;
  role?: 'status' | 'alert';
  /** The outcome told: the focus moves here again when it changes. */
  outcome: unknown;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const note = useRef<HTMLDivElement>(null);
  useEffect(() => note.current?.focus(), [outcome]);
  return (
    <Alert
      ref={note}
      severity={severity}
      role={role}
      tabIndex={-1}
      sx={{ mb: 2 }}
      onClose={onDismiss}
      closeText="Dismiss this note"
    >
      {children}
    </Alert>
  );
}
