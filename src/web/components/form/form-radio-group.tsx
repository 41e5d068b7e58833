import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './bound-field';

type FormRadioGroupProps<T extends FieldValues, TOut = T> = BoundFieldProps<T, TOut> & {
  /** A `disabled` choice is shown but cannot be taken; say why near the group. */
  options: readonly { value: string; label: string; description?: ReactNode; disabled?: boolean }[];
  helperText?: ReactNode;
  required?: boolean;
};

/** A group of choices bound to its form by name; the group is labelled by its legend. */
export function FormRadioGroup<T extends FieldValues, TOut = T>({
  name,
  control,
  label,
  options,
  helperText,
  required,
}: FormRadioGroupProps<T, TOut>) {
  const { field, fieldState, labelId, helperId, helper } = useBoundField({
    name,
    control,
    helperText,
  });
  // The first choice that can be taken takes the focus when the group has an error.
  const focusIndex = Math.max(
    0,
    options.findIndex((option) => !option.disabled),
  );
  // The group is one Tab stop, the arrow keys moving within it: the chosen choice, or the first
  // that can be taken while none is chosen. The browser's own grouping by name is not enough
  // here: Chromium gave each choice of an unanswered group its own Tab stop on these controlled
  // inputs, so the others are taken out of the Tab order (tabIndex -1) and reached by arrows.
  const chosenIndex = options.findIndex(
    (option) => !option.disabled && option.value === field.value,
  );
  const tabStop = chosenIndex === -1 ? focusIndex : chosenIndex;
  // Marked invalid as every other field is, on the group and on each choice: a screen reader
  // says so of the choice it lands on, with the message the group is described by.
  const invalid = fieldState.error ? true : undefined;
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} required={required}>
      <FormLabel component="legend" id={labelId}>
        {label}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={helper ? helperId : undefined}
        aria-invalid={invalid}
        // The legend's asterisk is hidden from screen readers (MUI): the group says it instead.
        aria-required={required ? true : undefined}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={
              <Radio
                slotProps={{
                  input: {
                    ref: index === focusIndex ? field.ref : undefined,
                    tabIndex: index === tabStop ? 0 : -1,
                    'aria-invalid': invalid,
                  },
                }}
              />
            }
            label={option.label}
            disabled={option.disabled}
          />
        ))}
      </RadioGroup>
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
