import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './bound-field';

type FormTextFieldProps<T extends FieldValues, TOut = T> = BoundFieldProps<T, TOut> &
  Pick<
    OutlinedInputProps,
    'type' | 'autoComplete' | 'autoFocus' | 'inputMode' | 'placeholder' | 'disabled' | 'multiline'
  > & {
    helperText?: ReactNode;
    required?: boolean;
    fullWidth?: boolean;
    /** Small where it stands in a row of fields with its button (a dialog's one-line form). */
    size?: 'small' | 'medium';
    id?: string;
  };

/**
 * A text field bound to its form by name. Built from the input parts rather than TextField,
 * which pulls in Select, Menu and Popover and would weigh down the sign-in page. The error text
 * doubles as the helper text, linked with aria-describedby; aria-invalid marks the field.
 */
export function FormTextField<T extends FieldValues, TOut = T>({
  name,
  control,
  label,
  helperText,
  required,
  fullWidth,
  size,
  id,
  inputMode,
  ...inputProps
}: FormTextFieldProps<T, TOut>) {
  const { field, fieldState, inputId, helperId, helper } = useBoundField({
    name,
    control,
    id,
    helperText,
  });
  // A date or time input always shows its own placeholder (mm/dd/yyyy, --:-- --), even empty, so
  // its label must stay raised.
  const shrink = inputProps.type === 'date' || inputProps.type === 'time' ? true : undefined;
  return (
    <FormControl
      variant="outlined"
      error={Boolean(fieldState.error)}
      required={required}
      fullWidth={fullWidth}
      size={size}
    >
      <InputLabel htmlFor={inputId} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...inputProps}
        id={inputId}
        notched={shrink}
        label={label}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        // inputMode goes on the <input> itself: as OutlinedInput's own prop it lands on the
        // outline's div, and a phone, which reads it from the input, opens the letters keyboard.
        slotProps={{ input: { 'aria-describedby': helper ? helperId : undefined, inputMode } }}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
