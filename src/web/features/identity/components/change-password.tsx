import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { changeMyPasswordSchema } from '../../../../contract/identity';
import { BusyButton } from '../../../components/busy-retry-button';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiClientError } from '../../../lib/api-client';
import { focusOnMount } from '../../../lib/focus';
import { useChangeMyPassword, useMyPassword } from '../api/password';

const emptyValues = { currentPassword: '', newPassword: '', newPasswordAgain: '' };
type Field = keyof typeof emptyValues;

/** What became of the other sessions, in the words of the notice after a change. */
const endedWords = (n: number) =>
  n === 0
    ? 'You had no other session open.'
    : `${n === 1 ? 'Your other session was' : `Your ${n} other sessions were`} ended: sign in there again with the new password.`;

/**
 * The person's own password, on Security settings: the current one (a session left open is not
 * enough to change it), and the new one twice, by the rule user creation follows
 * (contract/identity `newPasswordSchema`). The BFF asks for a fresh second factor first where the
 * person has one (the step-up dialog), and ends every other session of theirs, which this says.
 * A person who signs in only through single sign-on has no password here: it is with their
 * identity provider.
 */
export function ChangePassword() {
  const password = useMyPassword();
  const change = useChangeMyPassword();
  const ids = { currentPassword: useId(), newPassword: useId(), newPasswordAgain: useId() };
  const [values, setValues] = useState(emptyValues);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [ended, setEnded] = useState<number | null>(null);

  if (password.data?.hasPassword === false) {
    return (
      <Typography>
        You sign in through single sign-on: your password is kept by your identity provider. Change
        it there.
      </Typography>
    );
  }

  const showErrors = (issues: [Field, string][]) => {
    setErrors(Object.fromEntries(issues));
    // The first field in error takes the focus, as in every other form of the portal.
    const order = Object.keys(ids) as Field[];
    const first = order.find((field) => issues.some(([f]) => f === field));
    if (first) document.getElementById(ids[first])?.focus();
  };
  const bind = (field: Field) => ({
    id: ids[field],
    type: 'password',
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues({ ...values, [field]: event.target.value });
      setErrors({ ...errors, [field]: undefined });
    },
    error: Boolean(errors[field]),
    helperText: errors[field],
    required: true,
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Change your password"
      sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
      onSubmit={(event) => {
        event.preventDefault();
        // Enter while it is being sent sends nothing more (the button is busy, not disabled).
        if (change.isPending) return;
        setEnded(null);
        change.reset();
        const parsed = changeMyPasswordSchema.safeParse(values);
        const issues: [Field, string][] = parsed.success
          ? []
          : parsed.error.issues.map((i) => [i.path[0] as Field, i.message]);
        if (
          values.newPasswordAgain !== values.newPassword &&
          !issues.some(([f]) => f === 'newPassword')
        ) {
          issues.push([
            'newPasswordAgain',
            'The two new passwords differ: type the same one twice',
          ]);
        }
        if (!parsed.success || issues.length > 0) {
          showErrors(issues);
          return;
        }
        setErrors({});
        change.mutate(parsed.data, {
          onSuccess: (answer) => {
            setEnded(answer.endedSessions);
            setValues(emptyValues);
          },
          // A refusal of a field (a wrong current password) is said under it; nothing for support.
          onError: (error) => {
            const fields = isApiClientError(error) ? error.fields : [];
            showErrors(
              fields
                .filter((f) => f.field in ids)
                .map((f) => [f.field as Field, f.message] as [Field, string]),
            );
          },
        });
      }}
    >
      {ended !== null && (
        <Alert
          severity="success"
          role="status"
          tabIndex={-1}
          ref={focusOnMount}
          sx={{ outline: 'none' }}
        >
          Your password was changed. {endedWords(ended)}
        </Alert>
      )}
      {change.isError &&
        !(isApiClientError(change.error) && change.error.fields.some((f) => f.field in ids)) && (
          <ErrorAlert error={change.error} title="Your password was not changed" />
        )}
      <TextField
        label="Current password"
        autoComplete="current-password"
        {...bind('currentPassword')}
      />
      <TextField
        label="New password"
        autoComplete="new-password"
        {...bind('newPassword')}
        helperText={errors.newPassword ?? '12 to 200 characters'}
      />
      <TextField
        label="New password again"
        autoComplete="new-password"
        {...bind('newPasswordAgain')}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Changing it asks for your second factor, if you have one, and ends every other session of
        yours: whoever holds the old password can no longer use it.
      </Typography>
      {/* Busy, not disabled, while asking: the step-up dialog gives the focus back to it. */}
      <Box>
        <BusyButton type="submit" variant="contained" busy={change.isPending}>
          Change password
        </BusyButton>
      </Box>
    </Box>
  );
}
