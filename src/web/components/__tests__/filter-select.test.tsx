// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterSelect } from '../filter-select';

afterEach(cleanup);

const statuses = [
  { value: 'settled', label: 'Settled' },
  { value: 'void', label: 'Cancelled' },
] as const;

describe('a filter to one value of a set', () => {
  it('is a list named by its label, with "All …" first, showing the value applied', () => {
    render(
      <FilterSelect
        label="Status"
        value="void"
        options={statuses}
        allLabel="All statuses"
        onChange={vi.fn()}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual([
      'All statuses',
      'Settled',
      'Cancelled',
    ]);
    expect(select.value).toBe('void');
  });

  it('gives the value chosen, and null for "All …"', () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        label="Status"
        value={null}
        options={statuses}
        allLabel="All statuses"
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect((select as HTMLSelectElement).value).toBe('');
    fireEvent.change(select, { target: { value: 'settled' } });
    expect(onChange).toHaveBeenLastCalledWith('settled');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
