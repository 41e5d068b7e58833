import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
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
  unknown,
}: {
  label: string;
  value: Value | null;
  options: readonly { value: Value; label: string }[];
  allLabel: string;
  onChange: (value: Value | null) => void;
  minWidth?: number;
  /**
   * What to say when `value` (from a shared link) is none of the options: the select then shows
   * the value the link applies, never "All …", and this message under it names the field and why.
   */
  unknown?: (value: string) => string;
}) {
  const id = useId();
  const helpId = useId();
  const stray =
    unknown !== undefined &&
    value !== null &&
    value !== '' &&
    !options.some((option) => option.value === value);
  return (
    <FormControl size="small" sx={{ minWidth, maxWidth: '100%' }} error={stray}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput notched label={label} />}
        inputProps={{ id, 'aria-describedby': stray ? helpId : undefined }}
        value={value ?? ''}
        // The options are the set's values, and "" is "All …".
        onChange={(event) => onChange((event.target.value as Value) || null)}
      >
        <option value="">{allLabel}</option>
        {stray && <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {stray && <FormHelperText id={helpId}>{unknown(value)}</FormHelperText>}
    </FormControl>
  );
}
