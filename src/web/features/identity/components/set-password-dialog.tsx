import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { setUserPasswordSchema } from '../../../../contract/identity';
import { Form, useZodForm } from '../../../components/form/form';
import { NewPasswordField } from './new-password-field';

/**
 * An admin's new password for another user, asked in a dialog of its own: it says what it does
 * before anything is sent (the user's sessions end, the old password stops working), and takes
 * the new one by the portal's one rule (contract/identity `setUserPasswordSchema`). The old
 * password is never shown: the portal keeps only its hash. Cancel, Escape or a click beside it
 * sends nothing, and drops what was typed.
 */
export function SetPasswordDialog({
  name,
  open,
  onSet,
  onCancel,
}: {
  /** The user's name (or email), as the dialog names them. */
  name: string;
  open: boolean;
  onSet: (password: string) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  // Its own id: the page that opens it may hold another form's password field.
  const fieldId = useId();
  const form = useZodForm(setUserPasswordSchema, { password: '' });
  const close = () => {
    form.reset();
    onCancel();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <Form
        form={form}
        onValid={({ password }) => {
          form.reset();
          onSet(password);
        }}
      >
        <DialogTitle id={titleId}>Set a new password for {name}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText id={textId}>
            Their old password stops working and they are signed out everywhere. Tell them the new
            one in a safe way (not in the same message as their email address); they can change it
            in Security settings once signed in.
          </DialogContentText>
          <NewPasswordField id={fieldId} control={form.control} name="password" fullWidth />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" color="error">
            Set password
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
