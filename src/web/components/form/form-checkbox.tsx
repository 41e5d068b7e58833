import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Checkbox from '@mui/material/Checkbox';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './bound-field';

/**
 * A yes/no field bound to its form by name, labelled by its own words; the schema's message, when
 * there is one, stands under it and describes the box to screen readers. The label may carry
 * words for screen readers only, such as the day a "Closed" box closes.
 */
export function FormCheckbox<T extends FieldValues, TOut = T>({
  name,
  control,
  label,
}: Omit<BoundFieldProps<T, TOut>, 'label'> & { label: ReactNode }) {
  const { field, fieldState, helperId } = useBoundField({ name, control });
  return (
    <FormControl error={Boolean(fieldState.error)}>
      <FormControlLabel
        control={
          <Checkbox
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{
              input: {
                ref: field.ref,
                'aria-describedby': fieldState.error ? helperId : undefined,
              },
            }}
          />
        }
        label={label}
      />
      {fieldState.error && (
        <FormHelperText id={helperId}>{fieldState.error.message}</FormHelperText>
      )}
    </FormControl>
  );
}
