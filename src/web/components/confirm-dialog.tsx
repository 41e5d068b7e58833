import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useArmed } from '../lib/use-armed';

export type ConfirmDialogProps = {
  open: boolean;
  /** Names the dialog: the act and whom it touches ("Disable Quinn Ellis"). */
  title: string;
  /** What will happen, in plain words; read out with the title as the dialog opens. */
  children: ReactNode;
  /** The confirm button's words, naming the act ("Disable user"), never a bare "OK". */
  confirmLabel: string;
  /** An act that takes something away from someone: the confirm button is red. */
  destructive?: boolean;
  /** The caller closes the dialog and acts; the result it shows should take the focus. */
  onConfirm: () => void;
  /** Cancel, Escape and a click beside the dialog: nothing is done. */
  onCancel: () => void;
  /** The cancel button's words where the text names the way out ("Stay on this page"). */
  cancelLabel?: string;
};

/**
 * One more step before an act that is hard to undo, so a slip of the mouse does nothing: what
 * will happen, then Cancel and a button naming the act. It is an alert dialog, labelled by its
 * title and described by its text, so a screen reader reads both as the focus moves into it; MUI
 * gives the focus back to the control that opened it as it closes. The confirm button is armed a
 * moment after it appears, so a double click on the control that opened it cannot confirm unseen.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  destructive = false,
  onConfirm,
  onCancel,
  cancelLabel = 'Cancel',
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const armed = useArmed(open);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={!armed}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
