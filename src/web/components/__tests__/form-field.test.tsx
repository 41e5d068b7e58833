// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField, type FieldSpec } from '../form/form-field';

type Values = { city: string; country: string; state: string; voting: string };

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

function Fields({ fields }: { fields: FieldSpec<Values>[] }) {
  const { control } = useForm<Values>({
    defaultValues: { city: 'Denver', country: '', state: '', voting: '' },
  });
  return (
    <>
      {fields.map((field) => (
        <FormField key={field.name} field={field} control={control} />
      ))}
    </>
  );
}

afterEach(cleanup);

describe('a form written as a table of fields', () => {
  it('shows a text field with its value, hint and required mark', () => {
    render(
      <Fields
        fields={[
          {
            name: 'city',
            label: 'City',
            autoComplete: 'address-level2',
            helperText: 'Where the account holder lives',
            required: true,
          },
        ]}
      />,
    );
    const city = screen.getByRole('textbox', { name: /^City/ });
    expect(city).toHaveProperty('value', 'Denver');
    expect(city.getAttribute('autocomplete')).toBe('address-level2');
    expect(city.hasAttribute('required')).toBe(true);
    expect(city.getAttribute('aria-describedby')).toBe('field-city-helper');
    expect(screen.getByText('Where the account holder lives').id).toBe('field-city-helper');
  });

  it('shows options as a select whose first line chooses nothing, in words that fit the field', () => {
    render(
      <Fields
        fields={[
          { name: 'country', label: 'Country', options: yesNo, required: true },
          { name: 'state', label: 'State', options: yesNo },
          { name: 'voting', label: 'Voting', options: yesNo, placeholder: 'Pick one' },
        ]}
      />,
    );
    const firstLine = (name: RegExp) =>
      within(screen.getByRole('combobox', { name })).getAllByRole('option')[0].textContent;
    expect(firstLine(/^Country/)).toBe('Choose…');
    expect(firstLine(/^State/)).toBe('Not given');
    expect(firstLine(/^Voting/)).toBe('Pick one');
  });

  it('shows radio choices as a group named by its legend', () => {
    render(
      <Fields fields={[{ name: 'voting', label: 'Proxy voting', options: yesNo, radio: true }]} />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Proxy voting' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['yes', 'no']);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(group.hasAttribute('aria-required')).toBe(false);
  });

  it('says a required group is required, where its legend’s asterisk is hidden from screen readers', () => {
    render(
      <Fields
        fields={[
          { name: 'voting', label: 'Proxy voting', options: yesNo, radio: true, required: true },
        ]}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: /^Proxy voting/ });
    expect(group.getAttribute('aria-required')).toBe('true');
  });
});
