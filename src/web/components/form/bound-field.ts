import type { Control, FieldPath, FieldValues } from 'react-hook-form';

/** What every field bound to its form takes: the form's control, its name there, its label. */
export type BoundFieldProps<T extends FieldValues, TOut = T> = {
  name: FieldPath<T>;
  // Any schema output: the field binds to what is typed, not to what the schema makes of it.
  control: Control<T, unknown, TOut>;
  label: string;
};
