// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { ReasonField } from '../form/reason-field';

function RejectReason() {
  const { control } = useForm({ defaultValues: { reason: '' } });
  return (
    <ReasonField
      control={control}
      label="Reason for the investor"
      helperText="At least 10 characters: why it is rejected, in words the investor understands"
    />
  );
}

afterEach(cleanup);

describe('a reviewer writing the reason for a decision taken by hand', () => {
  it('finds a required box of several lines, named by its label and described by its rule', () => {
    render(<RejectReason />);
    const box = screen.getByRole('textbox', { name: 'Reason for the investor' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveProperty('required', true);
    expect(box.getAttribute('name')).toBe('reason');
    expect(screen.getByRole('textbox', { description: /^At least 10 characters: why/ })).toBe(box);
  });
});
