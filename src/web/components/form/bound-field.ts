import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** What every field bound to its form takes: the form's control, its name there, its label. */
export type BoundFieldProps<T extends FieldValues, TOut = T> = {
  name: FieldPath<T>;
  // Any schema output: the field binds to what is typed, not to what the schema makes of it.
  control: Control<T, unknown, TOut>;
  label: string;
};

/**
 * A bound field's state and the ids that tie its label and its helper text to it
 * (`field-<name>`, `-label`, `-helper`). The schema's message, when there is one, stands in for
 * the helper text, so the error is read where the hint was. A field is checked as it is left
 * (useZodForm's onTouched) only once the person has changed it, or has tried to submit: one
 * tabbed through on the way to another is not told it is required before anything was asked of
 * it.
 */
export function useBoundField<T extends FieldValues, TOut = T>({
  name,
  control,
  id,
  helperText,
}: Pick<BoundFieldProps<T, TOut>, 'name' | 'control'> & { id?: string; helperText?: ReactNode }) {
  const { field, fieldState, formState } = useController({ name, control });
  const inputId = id ?? `field-${name}`;
  // Read as the field renders, which is what has react-hook-form tell it of their changes.
  const checkedAsLeft = fieldState.isDirty || formState.isSubmitted;
  const { onBlur } = field;
  return {
    field: {
      ...field,
      onBlur: () => {
        if (checkedAsLeft) onBlur();
      },
    },
    fieldState,
    inputId,
    labelId: `${inputId}-label`,
    helperId: `${inputId}-helper`,
    helper: fieldState.error?.message ?? helperText,
  };
}
