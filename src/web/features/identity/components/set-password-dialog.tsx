import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { newPasswordSchema } from '../../../../contract/identity';

/**
 * An admin's new password for another user, asked in a dialog of its own: it says what it does
 * before anything is sent (the user's sessions end, the old password stops working), and takes
 * the new one by the portal's one rule (contract/identity `newPasswordSchema`). The old password
 * is never shown: the portal keeps only its hash. Cancel, Escape or a click beside it sends
 * nothing.
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
  const fieldId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPassword('');
    setError(null);
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
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = newPasswordSchema.safeParse(password);
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? 'Check the password');
            document.getElementById(fieldId)?.focus();
            return;
          }
          setPassword('');
          setError(null);
          onSet(parsed.data);
        }}
      >
        <DialogTitle id={titleId}>Set a new password for {name}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText id={textId}>
            Their old password stops working and they are signed out everywhere. Tell them the new
            one in a safe way (not in the same message as their email address); they can change it
            in Security settings once signed in.
          </DialogContentText>
          <TextField
            id={fieldId}
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? '12 to 200 characters'}
            required
          />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" color="error">
            Set password
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
