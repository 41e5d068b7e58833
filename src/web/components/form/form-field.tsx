import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormNativeSelect } from './form-native-select';
import { FormRadioGroup } from './form-radio-group';
import { FormTextField } from './form-text-field';

type Option = { value: string; label: string };

/**
 * One field of a form written as data, so that a form of many fields is a table read by one loop
 * and each field is named once: a text field; a native select when it has `options`; a group of
 * radio buttons when those few choices read better all in view (`radio`).
 */
export type FieldSpec<T extends FieldValues> = {
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  helperText?: string;
  options?: readonly Option[];
  radio?: boolean;
  /**
   * A select's first line, which chooses nothing ("Choose a country"). Without it: "Choose…"
   * when an answer is required, "Not given" when it is not.
   */
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
  type?: 'date';
  multiline?: boolean;
};

/** The field a FieldSpec describes, bound to its form; a text field takes the form's width. */
export function FormField<T extends FieldValues, TOut = T>({
  field,
  control,
}: {
  field: FieldSpec<T>;
  control: Control<T, unknown, TOut>;
}) {
  const { name, label, required, helperText, options, radio, placeholder, ...input } = field;
  const bound = { name, control, label, required, helperText };
  if (options && radio) return <FormRadioGroup {...bound} options={options} />;
  if (options) {
    return (
      <FormNativeSelect
        {...bound}
        options={options}
        placeholder={placeholder ?? (required ? 'Choose…' : 'Not given')}
      />
    );
  }
  return <FormTextField {...bound} {...input} fullWidth />;
}
