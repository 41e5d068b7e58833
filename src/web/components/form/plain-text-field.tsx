import type { InputHTMLAttributes, ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type PlainTextFieldProps<T extends FieldValues> = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'required'
> & {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
  helperText?: ReactNode;
  id?: string;
};

const Field = styled('div')(({ theme }) => ({
  display: 'grid',
  gap: theme.spacing(0.5),
}));

const Label = styled('label')(({ theme }) => ({
  ...theme.typography.body2,
  fontWeight: 600,
  color: theme.palette.text.primary,
}));

const Input = styled('input')(({ theme }) => ({
  font: 'inherit',
  fontSize: '1rem',
  width: '100%',
  minHeight: 48,
  padding: theme.spacing(1.25, 1.5),
  color: theme.palette.text.primary,
  backgroundColor: theme.palette.background.paper,
  // 3:1 against white at least, as WCAG 1.4.11 asks of a field's boundary.
  border: '1px solid #767676',
  borderRadius: theme.shape.borderRadius,
  '&:hover': { borderColor: theme.palette.text.primary },
  '&:focus-visible, &:focus': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: 0,
    borderColor: theme.palette.primary.main,
  },
  '&[aria-invalid="true"]': { borderColor: theme.palette.error.main },
}));

const Helper = styled('p')(({ theme }) => ({
  ...theme.typography.caption,
  margin: 0,
  color: theme.palette.text.secondary,
  '&[data-error="true"]': { color: theme.palette.error.main },
}));

/**
 * The sign-in page's text field: the same binding and messages as FormTextField, without
 * MUI's input stack, so the first page stays within its weight budget. The label sits above the
 * field, the error text is linked with aria-describedby and aria-invalid marks the field.
 */
export function PlainTextField<T extends FieldValues>({
  name,
  control,
  label,
  helperText,
  id,
  ...inputProps
}: PlainTextFieldProps<T>) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
    fieldState,
  } = useController({ name, control });
  const inputId = id ?? `field-${name}`;
  const helperId = `${inputId}-helper`;
  const error = fieldState.error?.message;
  const helper = error ?? helperText;
  return (
    <Field>
      <Label htmlFor={inputId}>
        {label}
        {inputProps.required && <span aria-hidden="true"> *</span>}
      </Label>
      <Input
        {...inputProps}
        id={inputId}
        name={fieldName}
        value={value ?? ''}
        onChange={onChange}
        onBlur={onBlur}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={helper ? helperId : undefined}
      />
      {helper && (
        <Helper id={helperId} data-error={Boolean(error)}>
          {helper}
        </Helper>
      )}
    </Field>
  );
}
