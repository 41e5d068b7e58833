// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../../../../contract/identity';
import { bff, errorAnswer, mockPost, startMockBff } from '../../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../../testing/render';
import AdminUsersRoute from '../users';

startMockBff();
afterEach(cleanup);

const ada: AdminUser = {
  id: '0b9f3a52-6c1e-4c57-9d0e-2f1a3b4c5d6e',
  email: 'ada@example.test',
  name: 'Ada',
  role: 'investor',
  disabled: false,
  demo: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  signInMethods: ['password'],
  secondFactors: 0,
  accountIds: [],
  issuerIds: [],
  securityIds: [],
};

function listUsers() {
  bff.use(http.get('/api/admin/users', () => HttpResponse.json({ users: [ada] })));
}

describe('an admin manages users', () => {
  it('a create form with a mistake puts the focus on the first field in error', async () => {
    listUsers();
    renderWithProviders(<AdminUsersRoute />);
    const form = within(screen.getByRole('form', { name: 'Create a user' }));
    fireEvent.change(form.getByLabelText('Name', { exact: false }), { target: { value: 'Bo' } });
    fireEvent.click(form.getByRole('button', { name: 'Create user' }));
    const email = form.getByLabelText('Email', { exact: false });
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('an account the platform does not know is refused under the field, which keeps the id', async () => {
    listUsers();
    const sent = mockPost(
      `/api/admin/users/${ada.id}/links`,
      errorAnswer(400, {
        code: 'bad_request',
        message: 'No account A999 exists on the platform. Nothing was linked.',
        submitted: 'no',
        fields: [{ field: 'upstreamId', message: 'No account A999 exists on the platform' }],
      }),
    );
    renderWithProviders(<AdminUsersRoute />);
    fireEvent.click(await screen.findByRole('button', { name: `Manage ${ada.email}` }));
    const dialog = within(await screen.findByRole('dialog'));
    const id = dialog.getByRole('textbox', { name: /^Upstream id/ });
    fireEvent.change(id, { target: { value: 'A999' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Link' }));
    expect(await dialog.findByText('No account A999 exists on the platform')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ kind: 'account', upstreamId: 'A999' });
    expect(id).toHaveProperty('value', 'A999');
    expect(document.activeElement).toBe(id);
    expect(dialog.queryByText('Linked.')).toBeNull();
  });

  it('an id that breaks the rule is named before anything is sent', async () => {
    listUsers();
    const sent = mockPost(
      `/api/admin/users/${ada.id}/links`,
      errorAnswer(500, { code: 'internal', message: 'x' }),
    );
    renderWithProviders(<AdminUsersRoute />);
    fireEvent.click(await screen.findByRole('button', { name: `Manage ${ada.email}` }));
    const dialog = within(await screen.findByRole('dialog'));
    const id = dialog.getByRole('textbox', { name: /^Upstream id/ });
    fireEvent.change(id, { target: { value: 'A 1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Link' }));
    expect(
      await dialog.findByText('Upstream id must be 1 to 64 letters, digits, - or _'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(id);
    expect(sent).toHaveLength(0);
  });
});
