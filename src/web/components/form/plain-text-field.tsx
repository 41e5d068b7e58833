import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { styled } from '@mui/material/styles';

type PlainTextFieldProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'required'
> & {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's message when its rule is broken. */
  error?: string;
  helperText?: ReactNode;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
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
 * The sign-in page's text field: the same look and messages as FormTextField, without MUI's
 * input stack or react-hook-form, so the first page stays within its weight budget
 * (docs/benchmarks.md). The label sits above the field, the error text is linked with
 * aria-describedby and aria-invalid marks the field.
 */
export function PlainTextField({
  name,
  label,
  value,
  onChange,
  error,
  helperText,
  id,
  inputRef,
  ...inputProps
}: PlainTextFieldProps) {
  const inputId = id ?? `field-${name}`;
  const helperId = `${inputId}-helper`;
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
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        ref={inputRef}
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
