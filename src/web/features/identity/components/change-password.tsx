import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { changeMyPasswordSchema } from '../../../../contract/identity';
import { BusyButton } from '../../../components/busy-retry-button';
import { ErrorAlert } from '../../../components/error-alert';
import { applyFieldErrors, refusesFields } from '../../../components/form/apply-field-errors';
import { Form, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-text-field';
import { QueryState } from '../../../components/query-state';
import { focusOnMount } from '../../../lib/focus';
import { useChangeMyPassword, useMyPassword } from '../api/password';
import { NewPasswordField } from './new-password-field';

/**
 * The contract's change, and the new password typed a second time: a slip of the finger in a
 * hidden field would otherwise set a password nobody knows. Said only once the new password
 * itself follows the rule, so one message is read at a time.
 */
const changePasswordFormSchema = changeMyPasswordSchema
  .extend({ newPasswordAgain: z.string() })
  .refine((values) => values.newPasswordAgain === values.newPassword, {
    message: 'The two new passwords differ: type the same one twice',
    path: ['newPasswordAgain'],
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === 'newPassword'),
  });
const emptyValues = { currentPassword: '', newPassword: '', newPasswordAgain: '' };
const fieldNames = ['currentPassword', 'newPassword', 'newPasswordAgain'] as const;

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
 * identity provider. Until the portal has said which of the two the person is, no form is shown:
 * a password form for someone who has no password would lead them astray.
 */
export function ChangePassword() {
  const password = useMyPassword();
  return (
    <QueryState query={password} subject="your password settings" skeletonLines={3}>
      {({ hasPassword }) =>
        hasPassword ? (
          <ChangePasswordForm />
        ) : (
          <Typography>
            You sign in through single sign-on: your password is kept by your identity provider.
            Change it there.
          </Typography>
        )
      }
    </QueryState>
  );
}

function ChangePasswordForm() {
  const change = useChangeMyPassword();
  const form = useZodForm(changePasswordFormSchema, emptyValues);
  const [ended, setEnded] = useState<number | null>(null);
  /**
   * Each attempt is answered on its own: the last one's notice goes, even when this one is
   * refused before anything is sent. Enter while one is being sent starts nothing (the button is
   * busy, not disabled), and leaves its answer to come.
   */
  const startAttempt = () => {
    if (change.isPending) return false;
    setEnded(null);
    change.reset();
    return true;
  };
  const send = ({ currentPassword, newPassword }: z.output<typeof changePasswordFormSchema>) => {
    if (!startAttempt()) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (answer) => {
          setEnded(answer.endedSessions);
          form.reset();
        },
        // A refusal of a field (a wrong current password) is said under it; nothing for support.
        onError: (error) => applyFieldErrors(error, form.setError, fieldNames),
      },
    );
  };

  return (
    <Form
      form={form}
      onValid={send}
      onInvalid={startAttempt}
      aria-label="Change your password"
      sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
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
      {change.isError && !refusesFields(change.error, fieldNames) && (
        <ErrorAlert error={change.error} title="Your password was not changed" />
      )}
      <FormTextField
        control={form.control}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
      />
      <NewPasswordField control={form.control} name="newPassword" />
      <NewPasswordField
        control={form.control}
        name="newPasswordAgain"
        label="New password again"
        helperText={null}
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
    </Form>
  );
}
