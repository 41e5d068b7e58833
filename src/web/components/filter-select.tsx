import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';

/**
 * A filter of a list to one value of a set, or none ("All statuses"): the browser's own list,
 * easy with a thumb or a screen reader. Choosing "All …" gives null.
 */
export function FilterSelect<Value extends string>({
  label,
  value,
  options,
  allLabel,
  onChange,
  minWidth = 200,
}: {
  label: string;
  value: Value | null;
  options: readonly { value: Value; label: string }[];
  allLabel: string;
  onChange: (value: Value | null) => void;
  minWidth?: number;
}) {
  const id = useId();
  return (
    <FormControl size="small" sx={{ minWidth, maxWidth: '100%' }}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput notched label={label} />}
        inputProps={{ id }}
        value={value ?? ''}
        // The options are the set's values, and "" is "All …".
        onChange={(event) => onChange((event.target.value as Value) || null)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
