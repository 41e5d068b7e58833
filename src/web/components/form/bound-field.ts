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
 * the helper text, so the error is read where the hint was.
 */
export function useBoundField<T extends FieldValues, TOut = T>({
  name,
  control,
  id,
  helperText,
}: Pick<BoundFieldProps<T, TOut>, 'name' | 'control'> & { id?: string; helperText?: ReactNode }) {
  const { field, fieldState } = useController({ name, control });
  const inputId = id ?? `field-${name}`;
  return {
    field,
    fieldState,
    inputId,
    labelId: `${inputId}-label`,
    helperId: `${inputId}-helper`,
    helper: fieldState.error?.message ?? helperText,
  };
}
