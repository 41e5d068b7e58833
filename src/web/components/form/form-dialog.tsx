import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';

type FormDialogProps = {
  open: boolean;
  /** Cancel, Escape and a click beside the dialog all close it. */
  onClose: () => void;
  /** Names the dialog for screen readers ("Reveal Tax ID"). */
  title: ReactNode;
  /** Called when the form is submitted; the page does not reload. */
  onSubmit: () => void;
  /** True while the request runs: the submit button is disabled and says so. */
  pending: boolean;
  /** The submit button's words ("Reveal") and what it says while pending ("Revealing…"). */
  submitLabel: string;
  pendingLabel: string;
  /** Nothing is left to submit (what the form was for has happened meanwhile): only Close. */
  closed?: boolean;
  contentSx?: SxProps<Theme>;
  children: ReactNode;
};

/**
 * A dialog that holds one form: its title, its fields, then Cancel and the one button that
 * submits it. No browser validation bubbles: the fields show the contract's messages.
 */
export function FormDialog({
  open,
  onClose,
  title,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  closed = false,
  contentSx,
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // Enter in a field submits a form even with no submit button.
          if (!closed) onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={contentSx}>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{closed ? 'Close' : 'Cancel'}</Button>
          {!closed && (
            <Button type="submit" variant="contained" disabled={pending}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
