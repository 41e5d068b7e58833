// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
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
