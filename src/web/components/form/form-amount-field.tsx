import type { FieldValues } from 'react-hook-form';
import type { BoundFieldProps } from './bound-field';
import { FormTextField } from './form-text-field';

/**
 * A dollar amount a person must give (a deposit, a disbursement): the decimal keyboard on
 * phones, nothing filled in by the browser, and a helper text that says what it takes.
 */
export function FormAmountField<T extends FieldValues, TOut = T>(
  props: BoundFieldProps<T, TOut> & { helperText: string },
) {
  return <FormTextField {...props} inputMode="decimal" autoComplete="off" required />;
}
