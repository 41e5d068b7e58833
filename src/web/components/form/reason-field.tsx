import type { FieldPath } from 'react-hook-form';
import type { BoundFieldProps } from './bound-field';
import { FormTextField } from './form-text-field';

/**
 * The reason a person writes for a decision taken by hand (rejecting a held disbursement,
 * settling a request or a lost save), kept beside the decision: the form's `reason`, as the
 * BFF's schemas name it, required, on as many lines as it takes. `helperText` says in the
 * dialog's words how long it must be and what it must tell.
 */
export function ReasonField<T extends { reason: string }, TOut = T>({
  control,
  label,
  helperText,
}: Omit<BoundFieldProps<T, TOut>, 'name'> & { helperText: string }) {
  return (
    <FormTextField
      // Every form that holds a reason holds it as `reason`; TypeScript cannot see that from T.
      name={'reason' as FieldPath<T>}
      control={control}
      label={label}
      helperText={helperText}
      required
      fullWidth
      multiline
    />
  );
}
