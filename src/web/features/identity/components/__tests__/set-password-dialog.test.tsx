// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { descriptionOf, fill, renderWithProviders } from '../../../../testing/render';
import { SetPasswordDialog } from '../set-password-dialog';

afterEach(cleanup);

function open() {
  const set: string[] = [];
  let cancelled = 0;
  renderWithProviders(
    <SetPasswordDialog
      name="Ada"
      open
      onSet={(password) => set.push(password)}
      onCancel={() => cancelled++}
    />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Set a new password for Ada' }));
  return { dialog, set, cancelled: () => cancelled, user: userEvent.setup({ delay: null }) };
}

describe('an admin sets a new password for another user', () => {
  it('a password off the rule is refused under the field, which takes the focus; a good one is handed on', async () => {
    const { dialog, set, user } = open();
    const field = dialog.getByLabelText(/^New password/);
    expect(descriptionOf(field)).toBe('12 to 200 characters');
    await fill(user, field, 'too-short');
    await user.click(dialog.getByRole('button', { name: 'Set password' }));
    await waitFor(() =>
      expect(descriptionOf(field)).toBe('Password must be at least 12 characters'),
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(set).toEqual([]);

    await user.clear(field);
    await fill(user, field, 'a-new-password-2026');
    await user.click(dialog.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(set).toEqual(['a-new-password-2026']));
    // Kept nowhere once handed on: the dialog opened again starts empty.
    expect(field.getAttribute('value')).toBe('');
  });

  it('Cancel hands nothing on and drops what was typed', async () => {
    const { dialog, set, cancelled, user } = open();
    const field = dialog.getByLabelText(/^New password/);
    await fill(user, field, 'a-new-password-2026');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(cancelled()).toBe(1);
    expect(set).toEqual([]);
    expect(field.getAttribute('value')).toBe('');
  });
});
