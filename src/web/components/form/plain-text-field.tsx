import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import '../plain.css';

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

/**
 * The sign-in page's text field: the same look and messages as FormTextField, without MUI's
 * input stack or react-hook-form, nor MUI and Emotion themselves (plain.css draws it), so the
 * first page stays within its weight budget (docs/benchmarks.md). The label sits above the field, the error text is linked with
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
    <div className="plain-field">
      <label className="plain-field__label" htmlFor={inputId}>
        {label}
        {inputProps.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        className="plain-field__input"
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
        <p className="plain-field__helper" id={helperId} data-error={Boolean(error)}>
          {helper}
        </p>
      )}
    </div>
  );
}
