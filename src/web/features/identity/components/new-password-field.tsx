import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { passwordLengthWords } from '../../../../contract/identity';
import type { BoundFieldProps } from '../../../components/form/bound-field';
import { FormTextField } from '../../../components/form/form-text-field';

/**
 * Where a new password is typed: a user created on the Users page, one an admin sets for a user,
 * the person's own change in Security settings. Hidden as typed, offered to the browser's password
 * manager as a new one (autocomplete="new-password", so it suggests a strong one rather than
 * filling in the old), and under it the portal's one length rule (contract/identity
 * `passwordLengthWords`) until the schema's message, in the contract's words, takes its place.
 */
export function NewPasswordField<T extends FieldValues, TOut = T>({
  label = 'New password',
  helperText = passwordLengthWords,
  required = true,
  ...field
}: Omit<BoundFieldProps<T, TOut>, 'label'> & {
  label?: string;
  /** Says the rule by default; another hint where the field may be left empty, none to repeat it. */
  helperText?: ReactNode;
  required?: boolean;
  fullWidth?: boolean;
  /** Its own id where the page may hold another form's field of the same name. */
  id?: string;
}) {
  return (
    <FormTextField
      {...field}
      label={label}
      type="password"
      autoComplete="new-password"
      helperText={helperText}
      required={required}
    />
  );
}
