import { useId, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { BusyButton } from '../busy-retry-button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormElementSetter } from './form';

type FormDialogProps = {
  open: boolean;
  /**
   * Cancel, Escape and a click beside the dialog all close it; none does while `pending`, so the
   * answer to what was submitted is always shown where it was asked for.
   */
  onClose: () => void;
  /** Names the dialog for screen readers ("Reveal Tax ID"). */
  title: ReactNode;
  /** Called when the form is submitted; the page does not reload. */
  onSubmit: () => void;
  /**
   * True while the request runs: the submit button is marked busy and says so; no way out. Busy,
   * not disabled, so that it keeps the focus: a step-up dialog opened meanwhile gives the focus
   * back to it, not to the dialog box (BusyButton).
   */
  pending: boolean;
  /**
   * Said under the fields, with a progress bar, while the request runs ("Sending to the
   * platform…"), and announced to screen readers.
   */
  pendingNote?: ReactNode;
  /** The submit button's words ("Reveal") and what it says while pending ("Revealing…"). */
  submitLabel: string;
  pendingLabel: string;
  /** Nothing is left to submit (what the form was for has happened meanwhile): only Close. */
  closed?: boolean;
  contentSx?: SxProps<Theme>;
  /** A useZodForm form's setFormElement: the dialog's paper is its form element. */
  setFormElement?: FormElementSetter;
  children: ReactNode;
};

/**
 * A dialog that holds one form: its title, its fields, then Cancel and the one button that
 * submits it.
 */
export function FormDialog({
  open,
  onClose,
  title,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  pendingNote,
  closed = false,
  contentSx,
  setFormElement,
  children,
}: FormDialogProps) {
  const titleId = useId();
  // Built apart from the props: MUI types the paper slot's props as a div's, which a form's
  // `noValidate` is not (no browser validation bubbles: the fields show the contract's messages).
  const formPaper = {
    component: 'form',
    ref: setFormElement,
    noValidate: true,
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      // Enter in a field submits a form even with no submit button; once, while it runs.
      if (!closed && !pending) onSubmit();
    },
  } as const;
  return (
    <Dialog
      open={open}
      // Escape and a click beside it wait, like Cancel, until the request has its answer.
      onClose={() => {
        if (!pending) onClose();
      }}
      aria-labelledby={titleId}
      aria-busy={pending}
      fullWidth
      maxWidth="sm"
      // The dialog's paper is the form (MUI's form dialog), so its title, content and actions
      // stay the paper's own rows: a form taller than a phone's screen scrolls its fields
      // between the title and the buttons, which stay in view, instead of scrolling them away.
      slotProps={{ paper: formPaper }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={contentSx}>{children}</DialogContent>
      {/*
       * In the page before the words come, so that a screen reader announces them; beside the
       * fields rather than among them, so that it takes no room until then.
       */}
      {pendingNote !== undefined && (
        <Box role="status" sx={{ px: 3 }}>
          {pending && (
            <>
              <LinearProgress aria-hidden sx={{ mb: 1 }} />
              <Typography variant="body2">{pendingNote}</Typography>
            </>
          )}
        </Box>
      )}
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={pending}>
          {closed ? 'Close' : 'Cancel'}
        </Button>
        {!closed && (
          <BusyButton type="submit" variant="contained" busy={pending}>
            {pending ? pendingLabel : submitLabel}
          </BusyButton>
        )}
      </DialogActions>
    </Dialog>
  );
}
