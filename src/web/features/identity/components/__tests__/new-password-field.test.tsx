// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newPasswordSchema } from '../../../../../contract/identity';
import { Form, useZodForm } from '../../../../components/form/form';
import { NewPasswordField } from '../new-password-field';

afterEach(cleanup);

function NewPassword() {
  const form = useZodForm(z.object({ password: newPasswordSchema }), { password: '' });
  return (
    <Form form={form} onValid={() => {}}>
      <NewPasswordField control={form.control} name="password" />
      <button type="submit">Set password</button>
    </Form>
  );
}

describe('a new password is typed', () => {
  it('hidden, as a new one for the password manager, with the length rule under it', () => {
    render(<NewPassword />);
    const input = screen.getByLabelText(/^New password/);
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('12 to 200 characters')).toBeTruthy();
  });

  it('too short, the contract’s words take the rule’s place and the focus stays on it', async () => {
    const user = userEvent.setup();
    render(<NewPassword />);
    const input = screen.getByLabelText(/^New password/);
    await user.type(input, 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password must be at least 12 characters')).toBeTruthy();
    expect(screen.queryByText('12 to 200 characters')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
  });
});
