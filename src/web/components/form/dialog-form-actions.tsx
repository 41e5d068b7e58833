import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

type DialogFormActionsProps = {
  onCancel: () => void;
  /** True while the request runs: the submit button is disabled and says so. */
  pending: boolean;
  /** The submit button's words ("Reveal") and what it says while pending ("Revealing…"). */
  submitLabel: string;
  pendingLabel: string;
};

/** The foot of a dialog that holds a form: Cancel, and the one button that submits it. */
export function DialogFormActions({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
}: DialogFormActionsProps) {
  return (
    <DialogActions>
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant="contained" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogActions>
  );
}
