import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './bound-field';

type FormNativeSelectProps<T extends FieldValues, TOut = T> = BoundFieldProps<T, TOut> & {
  /** A disabled option is shown, so the person sees it exists, and cannot be chosen. */
  options: readonly { value: string; label: string; disabled?: boolean }[];
  /** Shown first with an empty value, so nothing is chosen by accident. */
  placeholder?: string;
  helperText?: ReactNode;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** Told when the person picks an option (not when the form sets the value itself). */
  onPick?: () => void;
};

/** A select bound to its form by name: the browser's own list, easy on phones and screen readers. */
export function FormNativeSelect<T extends FieldValues, TOut = T>({
  name,
  control,
  label,
  options,
  placeholder,
  helperText,
  required,
  fullWidth = true,
  size,
  onPick,
}: FormNativeSelectProps<T, TOut>) {
  const { field, fieldState, inputId, helperId, helper } = useBoundField({
    name,
    control,
    helperText,
  });
  return (
    <FormControl
      error={Boolean(fieldState.error)}
      required={required}
      fullWidth={fullWidth}
      size={size}
    >
      <InputLabel htmlFor={inputId} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput notched label={label} />}
        inputProps={{
          id: inputId,
          name: field.name,
          'aria-describedby': helper ? helperId : undefined,
          'aria-invalid': Boolean(fieldState.error),
        }}
        value={field.value ?? ''}
        onChange={(event) => {
          field.onChange(event);
          onPick?.();
        }}
        onBlur={field.onBlur}
        inputRef={field.ref}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
