// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { FormAmountField } from '../form/form-amount-field';
import { FormNativeSelect } from '../form/form-native-select';
import { FormTextField } from '../form/form-text-field';

function DateField() {
  const { control } = useForm({ defaultValues: { dateOfBirth: '' } });
  return (
    <FormTextField
      name="dateOfBirth"
      control={control}
      label="Holder's date of birth"
      type="date"
    />
  );
}

afterEach(cleanup);

describe("issuer staff fill in the holder's date of birth", () => {
  it('see its label raised above the browser’s date placeholder, not over it', () => {
    render(<DateField />);
    const label = screen.getByText("Holder's date of birth", { selector: 'label' });
    expect(label.getAttribute('data-shrink')).toBe('true');
  });
});

function RequiredFields() {
  const { control } = useForm({ defaultValues: { amount: '', type: '' } });
  return (
    <>
      <FormTextField name="amount" control={control} label="Amount (USD)" required />
      <FormNativeSelect
        name="type"
        control={control}
        label="Account type"
        options={[{ value: 'checking', label: 'Checking' }]}
        required
      />
    </>
  );
}

describe('a required field', () => {
  // The outline's notch is cut to the width of its hidden legend: a second asterisk there left a
  // gap wider than the raised label beside it.
  it('marks the label with one asterisk, in the label and in the outline’s notch alike', () => {
    const { container } = render(<RequiredFields />);
    const legends = [...container.querySelectorAll('legend')].map((l) => l.textContent);
    expect(legends).toEqual(['Amount (USD)\u2009*', 'Account type\u2009*']);
    expect(screen.getByText('Amount (USD)', { selector: 'label' }).textContent).toBe(
      'Amount (USD)\u2009*',
    );
  });
});

function PhoneKeyboardFields() {
  const { control } = useForm({ defaultValues: { amount: '', units: '' } });
  return (
    <>
      <FormAmountField
        name="amount"
        control={control}
        label="Amount (USD)"
        helperText="In dollars and cents"
      />
      <FormTextField name="units" control={control} label="Units" inputMode="numeric" />
    </>
  );
}

describe('on a phone', () => {
  // A phone chooses its keyboard from the <input>'s own inputmode: set on the field's outline
  // (a div) it is ignored and the letters keyboard opens for an amount.
  it('an amount opens the decimal pad and a number the number pad, set on the input itself', () => {
    const { container } = render(<PhoneKeyboardFields />);
    expect(screen.getByRole('textbox', { name: /Amount/ }).getAttribute('inputmode')).toBe(
      'decimal',
    );
    expect(screen.getByRole('textbox', { name: 'Units' }).getAttribute('inputmode')).toBe(
      'numeric',
    );
    expect([...container.querySelectorAll('[inputmode]')].map((e) => e.tagName)).toEqual([
      'INPUT',
      'INPUT',
    ]);
  });
});
