// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../../../../contract/session';
import type { AdminUser } from '../../../../../../contract/identity';
import {
  bff,
  errorAnswer,
  mockPost,
  mockRoute,
  okAnswer,
  startMockBff,
} from '../../../../../testing/mock-bff';
import {
  descriptionOf,
  openReviewAndArm,
  renderWithProviders,
} from '../../../../../testing/render';
import { offeringFixture } from '../../../../../testing/offering';
import { adminUser } from '../../../../../testing/admin-user';
import { sessionOf } from '../../../../../testing/session';
import AdminUsersRoute from '../users';

startMockBff();
afterEach(cleanup);

/** The admin signed in: another user than those the tests manage, unless a test says so. */
const signedInAdmin = sessionOf({
  id: '7d3c2b1a-0f9e-4d8c-8b7a-6f5e4d3c2b1a',
  email: 'admin@demo.test',
  name: 'Demo Administrator',
  role: 'admin',
  accountIds: [],
});
/** The portal's settings: single sign-on set up unless a test says otherwise. */
const portalConfig = (singleSignOn: { label: string } | null) =>
  http.get('/api/config', () =>
    HttpResponse.json({ sandbox: false, platformTimeZone: 'UTC', singleSignOn }),
  );
/** An account's holder the BFF could not read (a test that is about it serves it). */
const holderUnread = http.get('/api/admin/accounts/:accountId/holder', () =>
  HttpResponse.json(
    { error: { code: 'not_found', message: 'No such account.', requestId: 'r' } },
    { status: 404 },
  ),
);
/**
 * The offerings the issuer links are named by: none unless a test serves some, so a linked
 * issuer is named by its id alone (a test's handler comes before this one).
 */
const noOfferings = http.get('/api/issuer/offerings', () =>
  HttpResponse.json({ offerings: [], skippedRecords: 0 }),
);
beforeEach(() => {
  bff.use(
    http.get('/api/session', () => HttpResponse.json(signedInAdmin)),
    portalConfig({ label: 'single sign-on' }),
    holderUnread,
    noOfferings,
  );
});

const ada = adminUser();

function listUsers(user: AdminUser = ada) {
  bff.use(
    http.get('/api/admin/users', () =>
      HttpResponse.json({ users: [user], total: 1, page: 1, pageSize: 50 }),
    ),
  );
}

async function openLinkForm() {
  renderWithProviders(<AdminUsersRoute />);
  fireEvent.click(await screen.findByRole('button', { name: `Manage ${ada.email}` }));
  return within(await screen.findByRole('dialog'));
}

/** The confirmation over the user dialog, once it has taken the focus. */
async function confirmation(name: string) {
  const dialog = await screen.findByRole('alertdialog', { name });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}

/** Cancels the confirmation: it closes and the focus is back on what opened it. */
async function cancel(dialog: HTMLElement, opener: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(document.activeElement).toBe(opener);
}

/** Opens the confirmation with `opener`, checks what it says, and cancels it: nothing is sent. */
async function askThenCancel(
  opener: HTMLElement,
  title: string,
  words: string,
  sent: readonly unknown[],
) {
  press(opener);
  const asked = await confirmation(title);
  expect(descriptionOf(asked)).toBe(words);
  await cancel(asked, opener);
  expect(sent).toHaveLength(0);
}

/** Opens the confirmation again, waits until its button is armed, and confirms. */
async function confirm(open: () => Promise<void> | void, title: string, label: string) {
  const button = () =>
    within(screen.getByRole('alertdialog', { name: title })).getByRole('button', { name: label });
  await openReviewAndArm(async () => {
    await open();
  }, button);
  fireEvent.click(button());
}

/** The BFF's refusal of a link (400, nothing linked), `message` said under each of `fields`. */
const refusedLink = (message: string, fields: string[]) =>
  errorAnswer(400, {
    code: 'bad_request',
    message: `${message}. Nothing was linked.`,
    submitted: 'no',
    fields: fields.map((field) => ({ field, message })),
  });

/** Chooses the link's kind in the user dialog and types its platform id: the id's field. */
async function chooseKindAndType(dialog: ReturnType<typeof within>, kind: string, value: string) {
  const select = dialog.getByRole('combobox', { name: 'Kind' });
  const option = within(select).getByRole<HTMLOptionElement>('option', { name: kind });
  fireEvent.change(select, { target: { value: option.value } });
  const id = dialog.getByRole('textbox', { name: /^Platform id/ });
  fireEvent.change(id, { target: { value } });
  return id;
}

/** Disables Ada from her user dialog, confirmed, with the BFF answering `answer`: the dialog's alert. */
async function disableAdaAnswered(answer: Response) {
  listUsers();
  mockRoute('put', `/api/admin/users/${ada.id}/disabled`, answer);
  const dialog = await openLinkForm();
  await confirm(
    () => press(dialog.getByRole('button', { name: 'Disable user' })),
    'Disable Ada',
    'Disable user',
  );
  return dialog.findByRole('alert');
}

/** Opens the Users page and fills its create form, each field by its label: the form. */
function fillCreateForm(values: Record<string, string>) {
  renderWithProviders(<AdminUsersRoute />);
  const form = within(screen.getByRole('form', { name: 'Create a user' }));
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(form.getByLabelText(label, { exact: false }), { target: { value } });
  }
  return form;
}

/** A button clicked as a person does: it has the focus, which the confirmation gives back. */
function press(button: HTMLElement) {
  button.focus();
  fireEvent.click(button);
}

/**
 * What is shown of these: a form also says a refusal to screen readers alone when the focus was
 * already on the field (form.tsx), in a live region no one sees.
 */
const shown = (elements: HTMLElement[]) =>
  elements.filter((element) => !element.closest('.visually-hidden'));

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
    // Left empty, it is missing: not "must be a valid email address".
    expect(descriptionOf(email)).toBe('Email is required');
  });

  it('without single sign-on a password is required: an empty one is refused under Password before anything is sent', async () => {
    bff.use(portalConfig(null));
    listUsers();
    const sent = mockPost('/api/admin/users', okAnswer(ada));
    renderWithProviders(<AdminUsersRoute />);
    const form = within(screen.getByRole('form', { name: 'Create a user' }));
    const password = form.getByLabelText('Password', { exact: false });
    // Not offered as "single sign-on only" where the portal has none.
    await waitFor(() => expect(password.hasAttribute('required')).toBe(true));
    expect(form.queryByText(/single sign-on only/)).toBeNull();
    // The portal's rule for a password, as every form that sets one says it.
    expect(descriptionOf(password)).toBe('12 to 200 characters');
    fireEvent.change(form.getByLabelText('Email', { exact: false }), {
      target: { value: 'bo@example.test' },
    });
    fireEvent.change(form.getByLabelText('Name', { exact: false }), { target: { value: 'Bo' } });
    fireEvent.click(form.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(password)).toBe(
      'Password is required: this portal has no single sign-on, so a user without one could not sign in',
    );
    expect(sent).toHaveLength(0);
  });

  it('a created user is announced, the announcement takes the focus from the disabled button, and opens the new user', async () => {
    const bo: AdminUser = {
      ...ada,
      id: '5e6d7c8b-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      email: 'bo@example.test',
    };
    bff.use(
      http.get('/api/admin/users', () =>
        HttpResponse.json({ users: [ada, bo], total: 2, page: 1, pageSize: 50 }),
      ),
    );
    const sent = mockPost('/api/admin/users', okAnswer(bo));
    renderWithProviders(<AdminUsersRoute />);
    const form = within(screen.getByRole('form', { name: 'Create a user' }));
    fireEvent.change(form.getByLabelText('Email', { exact: false }), {
      target: { value: 'bo@example.test' },
    });
    fireEvent.change(form.getByLabelText('Name', { exact: false }), { target: { value: 'Bo' } });
    fireEvent.click(form.getByRole('button', { name: 'Create user' }));
    const status = await form.findByRole('status');
    expect(status.textContent).toContain('Created bo@example.test.');
    expect(document.activeElement).toBe(status);
    expect(sent).toHaveLength(1);
    // The next step for a new user is usually its links: the announcement opens it.
    fireEvent.click(within(status).getByRole('button', { name: 'Manage bo@example.test' }));
    expect(await screen.findByRole('dialog', { name: 'Manage bo@example.test' })).toBeTruthy();
  });

  it('the role chosen is sent, and the form is emptied for the next user once created', async () => {
    listUsers();
    const sent = mockPost('/api/admin/users', okAnswer({ ...ada, role: 'issuer_staff' }));
    const form = fillCreateForm({
      Email: 'bo@example.test',
      Name: 'Bo',
      Role: 'issuer_staff',
      Password: 'a-long-password-1',
    });
    fireEvent.click(form.getByRole('button', { name: 'Create user' }));
    await form.findByRole('status');
    expect(sent.map((r) => r.body)).toEqual([
      { email: 'bo@example.test', name: 'Bo', role: 'issuer_staff', password: 'a-long-password-1' },
    ]);
    const valueOf = (label: string) =>
      (form.getByLabelText(label, { exact: false }) as HTMLInputElement).value;
    expect(['Email', 'Name', 'Role', 'Password'].map(valueOf)).toEqual(['', '', 'investor', '']);
  });

  it('an email another user has is said under Email, without a support id, and the next attempt clears it', async () => {
    listUsers();
    const duplicate = 'A user with this email already exists';
    const sent = mockPost(
      '/api/admin/users',
      errorAnswer(409, {
        code: 'conflict',
        message: `${duplicate}.`,
        submitted: 'no',
        fields: [{ field: 'email', message: duplicate }],
        requestId: '00658340-1111-4222-8333-444455556666',
      }),
    );
    renderWithProviders(<AdminUsersRoute />);
    const form = within(screen.getByRole('form', { name: 'Create a user' }));
    const email = form.getByLabelText('Email', { exact: false });
    const type = (label: string, value: string) =>
      fireEvent.change(form.getByLabelText(label, { exact: false }), { target: { value } });
    type('Email', 'investor@demo.test');
    type('Name', 'Dup');
    type('Password', 'a-long-password-1');
    fireEvent.click(form.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(descriptionOf(email)).toBe(duplicate));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    // Said once, on the field: no alert above the button, and nothing to quote to support.
    expect(form.getAllByText(duplicate)).toHaveLength(1);
    expect(form.queryByRole('alert')).toBeNull();
    expect(form.queryByText(/Support id|give them this reference/)).toBeNull();
    expect(sent).toHaveLength(1);

    // Another email, a password too short: only this attempt's answer stands.
    type('Email', 'short@demo.test');
    type('Name', 'Short');
    type('Password', 'short');
    fireEvent.click(form.getByRole('button', { name: 'Create user' }));
    const password = form.getByLabelText('Password', { exact: false });
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(descriptionOf(password)).toBe('Password must be at least 12 characters');
    expect(form.queryByText(duplicate)).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(sent).toHaveLength(1);
  });

  it('a refusal of the last attempt goes when the next is refused before it is sent', async () => {
    listUsers();
    const sent = mockPost(
      '/api/admin/users',
      errorAnswer(503, {
        code: 'store_unavailable',
        message: "The portal's database is not answering right now. Please try again in a moment.",
        submitted: 'no',
      }),
    );
    renderWithProviders(<AdminUsersRoute />);
    const form = within(screen.getByRole('form', { name: 'Create a user' }));
    const type = (label: string, value: string) =>
      fireEvent.change(form.getByLabelText(label, { exact: false }), { target: { value } });
    type('Email', 'bo@example.test');
    type('Name', 'Bo');
    fireEvent.click(form.getByRole('button', { name: 'Create user' }));
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toContain('The user was not created');
    type('Name', ' ');
    fireEvent.click(form.getByRole('button', { name: 'Create user' }));
    const name = form.getByLabelText('Name', { exact: false });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(descriptionOf(name)).toBe('Name is required');
    expect(form.queryByRole('alert')).toBeNull();
    expect(form.queryByText(/The user was not created/)).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('a role chosen in the dropdown is changed only once confirmed; Cancel sends nothing and shows the role they have', async () => {
    listUsers();
    const sent = mockRoute(
      'put',
      `/api/admin/users/${ada.id}/role`,
      okAnswer({ ...ada, role: 'compliance' }, 200),
    );
    const dialog = await openLinkForm();
    const role = dialog.getByRole('combobox', { name: 'Role' });
    const choose = async (label: string) => {
      fireEvent.mouseDown(role);
      fireEvent.click(await screen.findByRole('option', { name: label }));
    };
    await choose('Compliance reviewer');
    const asked = await confirmation('Change the role of Ada');
    expect(descriptionOf(asked)).toBe(
      'Change Ada’s role from Investor to Compliance reviewer? Their sessions end and they must sign in again.',
    );
    expect(role.textContent).toBe('Compliance reviewer');
    await cancel(asked, role);
    expect(role.textContent).toBe('Investor');
    expect(sent).toHaveLength(0);

    await confirm(() => choose('Compliance reviewer'), 'Change the role of Ada', 'Change role');
    const status = await dialog.findByRole('status');
    expect(status.textContent).toBe('Role changed; their sessions ended.');
    expect(document.activeElement).toBe(status);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ role: 'compliance' satisfies Role });
  });

  it('a role change names the links the new role does not use, which go with it', async () => {
    const staff: AdminUser = {
      ...ada,
      role: 'issuer_staff',
      issuerIds: ['1234'],
      securityIds: ['10001'],
    };
    listUsers(staff);
    bff.use(
      http.get('/api/securities', () =>
        HttpResponse.json({
          securities: [{ securityId: '10001', securityName: 'Aspen Ridge Class A' }],
          gaps: [],
        }),
      ),
    );
    const sent = mockRoute(
      'put',
      `/api/admin/users/${ada.id}/role`,
      okAnswer({ ...staff, role: 'investor', issuerIds: [], securityIds: [] }, 200),
    );
    const dialog = await openLinkForm();
    const links = within(dialog.getByRole('list', { name: 'Linked on the platform' }));
    await links.findByText('Security 10001 — Aspen Ridge Class A');
    const role = dialog.getByRole('combobox', { name: 'Role' });
    const choose = async () => {
      fireEvent.mouseDown(role);
      fireEvent.click(await screen.findByRole('option', { name: 'Investor' }));
    };
    await choose();
    const asked = await confirmation('Change the role of Ada');
    expect(descriptionOf(asked)).toBe(
      'Change Ada’s role from Issuer staff to Investor? Their sessions end and they must sign in again. The 2 links the role Investor does not use are removed: Issuer 1234, Security 10001 — Aspen Ridge Class A.',
    );
    // It takes access away: the button says so in red.
    expect(within(asked).getByRole('button', { name: 'Change role' }).className).toMatch(
      /colorError/,
    );
    await cancel(asked, role);

    await confirm(choose, 'Change the role of Ada', 'Change role');
    const status = await dialog.findByRole('status');
    expect(status.textContent).toBe('Role changed; their sessions ended and 2 links were removed.');
    expect(sent).toHaveLength(1);
  });

  it('a role change names a link made before the rule that the new role uses: it gives access from then on', async () => {
    // An account link on issuer staff, made before the portal refused that kind for the role.
    const staff: AdminUser = {
      ...ada,
      role: 'issuer_staff',
      accountIds: ['A1234567'],
      issuerIds: ['1234'],
    };
    listUsers(staff);
    const dialog = await openLinkForm();
    const role = dialog.getByRole('combobox', { name: 'Role' });
    fireEvent.mouseDown(role);
    fireEvent.click(await screen.findByRole('option', { name: 'Investor' }));
    const asked = await confirmation('Change the role of Ada');
    expect(descriptionOf(asked)).toBe(
      'Change Ada’s role from Issuer staff to Investor? Their sessions end and they must sign in again. The link the role Investor does not use is removed: Issuer 1234. A link the role Issuer staff did not use gives access from now on: Account A1234567.',
    );
    await cancel(asked, role);
  });

  it('a user is disabled only once confirmed; Cancel sends nothing, and the result takes the focus', async () => {
    listUsers();
    const sent = mockRoute(
      'put',
      `/api/admin/users/${ada.id}/disabled`,
      okAnswer({ ...ada, disabled: true }, 200),
    );
    const dialog = await openLinkForm();
    const disable = dialog.getByRole('button', { name: 'Disable user' });
    press(disable);
    const asked = await confirmation('Disable Ada');
    expect(descriptionOf(asked)).toBe(
      'Disable Ada? They are signed out everywhere and cannot sign in, with a password or single sign-on, until an admin enables them again.',
    );
    await cancel(asked, disable);
    expect(sent).toHaveLength(0);

    await confirm(() => press(disable), 'Disable Ada', 'Disable user');
    const status = await dialog.findByRole('status');
    expect(status.textContent).toBe('Disabled; their sessions ended.');
    expect(document.activeElement).toBe(status);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ disabled: true });
  });

  it('a disabled user is enabled in one click: it gives access back', async () => {
    listUsers({ ...ada, disabled: true });
    const sent = mockRoute('put', `/api/admin/users/${ada.id}/disabled`, okAnswer(ada, 200));
    const dialog = await openLinkForm();
    fireEvent.click(dialog.getByRole('button', { name: 'Enable user' }));
    expect((await dialog.findByRole('status')).textContent).toBe('Enabled.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ disabled: false });
  });

  it('second factors are reset only once confirmed; Cancel sends nothing', async () => {
    listUsers({ ...ada, secondFactors: 2 });
    const sent = mockRoute(
      'delete',
      `/api/admin/users/${ada.id}/second-factors`,
      okAnswer({ ...ada, secondFactors: 0 }, 200),
    );
    const dialog = await openLinkForm();
    const reset = dialog.getByRole('button', { name: 'Reset second factors' });
    const title = 'Reset the second factors of Ada';
    await askThenCancel(
      reset,
      title,
      'Reset Ada’s second factors? Their 2 second factors and recovery codes are removed, and they are signed out everywhere. If their role requires a second factor, they must enrol a new one at their next sign-in; otherwise they sign in without one until they add one.',
      sent,
    );

    await confirm(() => press(reset), title, 'Reset second factors');
    const status = await dialog.findByRole('status');
    expect(status.textContent).toBe('Second factors reset; their sessions ended.');
    expect(document.activeElement).toBe(status);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toBeUndefined();
  });

  it('on their own row an admin is not offered a role change, Disable or Reset, and is told another admin must', async () => {
    const self: AdminUser = {
      ...ada,
      id: signedInAdmin.user.id,
      email: 'admin@demo.test',
      name: 'Demo Administrator',
      role: 'admin',
      secondFactors: 1,
    };
    listUsers(self);
    const sent = [
      mockRoute('put', `/api/admin/users/${self.id}/role`, okAnswer(self, 200)),
      mockRoute('put', `/api/admin/users/${self.id}/disabled`, okAnswer(self, 200)),
      mockRoute('delete', `/api/admin/users/${self.id}/second-factors`, okAnswer(self, 200)),
      mockRoute('put', `/api/admin/users/${self.id}/password`, okAnswer(self, 200)),
    ];
    renderWithProviders(<AdminUsersRoute />);
    fireEvent.click(await screen.findByRole('button', { name: `Manage ${self.email}` }));
    const dialog = within(await screen.findByRole('dialog'));

    const role = dialog.getByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(role.getAttribute('aria-disabled')).toBe('true'));
    expect(descriptionOf(role)).toBe('Another admin must do this: you cannot change your own role');
    for (const name of ['Disable user', 'Set a new password', 'Reset second factors']) {
      const button = dialog.getByRole('button', { name });
      expect(button).toHaveProperty('disabled', true);
      // The reason is read with the button, not only seen next to it.
      expect(descriptionOf(button)).toBe(
        'Another admin must do this: you cannot disable yourself, set your own password here or reset your own second factors. You change your own password and second factors in security settings.',
      );
      fireEvent.click(button);
    }
    fireEvent.mouseDown(role);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent.map((requests) => requests.length)).toEqual([0, 0, 0, 0]);
  });

  it('a user without a second factor is not offered a reset, and told why with the button', async () => {
    listUsers({ ...ada, secondFactors: 0 });
    const dialog = await openLinkForm();
    const reset = dialog.getByRole('button', { name: 'Reset second factors' });
    expect(reset).toHaveProperty('disabled', true);
    expect(descriptionOf(reset)).toBe('They have no second factor to reset.');
    expect(dialog.getByText('They have no second factor to reset.')).toBeTruthy();
  });

  it('an admin sets a new password for a user in a dialog of its own: checked by the rule, Cancel sends nothing, the result is told', async () => {
    listUsers();
    const sent = mockRoute('put', `/api/admin/users/${ada.id}/password`, okAnswer(ada, 200));
    const dialog = await openLinkForm();
    const open = dialog.getByRole('button', { name: 'Set a new password' });
    press(open);
    let asked = within(await screen.findByRole('dialog', { name: 'Set a new password for Ada' }));
    expect(
      asked.getByText(/Their old password stops working and they are signed out everywhere/),
    ).toBeTruthy();
    fireEvent.click(asked.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Set a new password for Ada' })).toBeNull(),
    );
    expect(sent).toHaveLength(0);

    press(open);
    asked = within(await screen.findByRole('dialog', { name: 'Set a new password for Ada' }));
    const field = asked.getByLabelText(/^New password/);
    fireEvent.change(field, { target: { value: 'too-short' } });
    fireEvent.click(asked.getByRole('button', { name: 'Set password' }));
    await waitFor(() =>
      expect(descriptionOf(field)).toBe('Password must be at least 12 characters'),
    );
    expect(document.activeElement).toBe(field);
    expect(sent).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'a-new-password-2026' } });
    fireEvent.click(asked.getByRole('button', { name: 'Set password' }));
    const status = await dialog.findByRole('status');
    expect(status.textContent).toBe(
      'New password set; their sessions ended. Tell them the new password in a safe way.',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ password: 'a-new-password-2026' });
  });

  it('another user’s row offers them all, as before', async () => {
    listUsers({ ...ada, secondFactors: 1 });
    const dialog = await openLinkForm();
    expect(dialog.getByRole('combobox', { name: 'Role' }).getAttribute('aria-disabled')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Disable user' })).toHaveProperty('disabled', false);
    expect(dialog.getByRole('button', { name: 'Reset second factors' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(dialog.queryByText(/Another admin must do this/)).toBeNull();
  });

  it('a refusal of a change to yourself that still comes (a stale page) is said without a support id', async () => {
    const alert = await disableAdaAnswered(
      errorAnswer(409, {
        code: 'conflict',
        message: 'You cannot disable yourself: ask another admin.',
        submitted: 'no',
        refusal: 'request',
        requestId: '62b606f0-4a29-413e-9798-022e53acc955',
      }),
    );
    expect(alert.textContent).toBe(
      'Nothing was changedYou cannot disable yourself: ask another admin.',
    );
    expect(alert.textContent).not.toContain('62b606f0');
  });

  it('a failure that is no rule of the request keeps its support id', async () => {
    const alert = await disableAdaAnswered(
      errorAnswer(503, {
        code: 'store_unavailable',
        message: 'The portal’s store could not be reached. Nothing was changed.',
        submitted: 'no',
        requestId: '585970ff-1111-4222-8333-444455556666',
      }),
    );
    expect(alert.textContent).toContain(
      'If this keeps happening, contact support and give them this reference: 585970ff-1111-4222-8333-444455556666.',
    );
  });

  it('a change made before the portal’s database stopped answering is told as made, not as "Nothing was changed"', async () => {
    const next =
      'Reload the Users page to see this user as they are now before changing them again.';
    const alert = await disableAdaAnswered(
      errorAnswer(503, {
        code: 'store_unavailable',
        message: `The portal's database stopped answering after your change was made: it was made, but could not be recorded in full. ${next}`,
        submitted: 'yes',
        nextStep: next,
      }),
    );
    expect(alert.textContent).toContain('Done, but not recorded in full');
    expect(alert.textContent).toContain(next);
    expect(alert.textContent).not.toContain('Nothing was changed');
  });

  it('a store outage before any change says "Nothing was changed" once, with one next step', async () => {
    const alert = await disableAdaAnswered(
      errorAnswer(503, {
        code: 'store_unavailable',
        message:
          "The portal's database is not answering right now. Nothing was changed. Please try again in a moment.",
        submitted: 'no',
        nextStep: 'Please try again in a moment.',
      }),
    );
    expect(alert.textContent?.match(/Nothing was changed/g)).toHaveLength(1);
    expect(alert.textContent?.match(/again/g)).toHaveLength(1);
  });

  it('an account the platform does not know is refused under the field, which keeps the id', async () => {
    listUsers();
    // Its holder cannot be read (holderUnread): the BFF's check of the link says why, under
    // the field.
    const sent = mockPost(
      `/api/admin/users/${ada.id}/links`,
      refusedLink('No account A999 exists on the platform', ['upstreamId']),
    );
    const dialog = await openLinkForm();
    const id = dialog.getByRole('textbox', { name: /^Platform id/ });
    fireEvent.change(id, { target: { value: 'A999' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Link' }));
    expect(await dialog.findByText('No account A999 exists on the platform')).toBeTruthy();
    // Said once, under the field it is about, not again in an alert above the form.
    expect(shown(dialog.getAllByText(/No account A999 exists on the platform/))).toHaveLength(1);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ kind: 'account', upstreamId: 'A999' });
    expect(id).toHaveProperty('value', 'A999');
    expect(document.activeElement).toBe(id);
    expect(dialog.queryByText('Linked.')).toBeNull();
    // Only an issuer's refusal offers a confirmation.
    expect(dialog.queryByRole('checkbox')).toBeNull();
  });

  /** Whose each account is, as `GET /api/admin/accounts/:accountId/holder` answers. */
  const serveHolders = (
    holders: Record<string, { name: string; linkedTo: string[] }>,
    /** Each answer waits for this, when given: the test sees the page while it is read. */
    answered?: Promise<void>,
  ) =>
    bff.use(
      http.get('/api/admin/accounts/:accountId/holder', async ({ params }) => {
        await answered;
        const accountId = String(params.accountId);
        const holder = holders[accountId];
        return HttpResponse.json({
          accountId,
          holderName: holder.name,
          linkedTo: holder.linkedTo.map((email) => ({ email, name: holder.name })),
        });
      }),
    );

  it('an account id typed in lower case is linked as the platform writes it, once its holder is seen', async () => {
    listUsers();
    serveHolders({ A1040692: { name: 'Jordan Lee', linkedTo: [] } });
    const sent = mockPost(
      `/api/admin/users/${ada.id}/links`,
      okAnswer({ ...ada, accountIds: ['A1040692'] }, 200),
    );
    const dialog = await openLinkForm();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Platform id/ }), {
      target: { value: ' a1040692 ' },
    });
    const title = 'Link account A1040692 to Ada';
    await confirm(
      () => {
        fireEvent.click(dialog.getByRole('button', { name: 'Link' }));
      },
      title,
      'Link account',
    );
    expect(await dialog.findByText('Linked: Account A1040692 — Jordan Lee.')).toBeTruthy();
    expect(sent[0].body).toEqual({ kind: 'account', upstreamId: 'A1040692' });
  });

  it('an account another user is linked to names its holder and who, and is linked to both only once confirmed', async () => {
    listUsers();
    let answer = () => {};
    serveHolders(
      { A1040000: { name: 'Avery Quinn', linkedTo: ['investor@demo.test'] } },
      new Promise<void>((resolve) => (answer = resolve)),
    );
    const sent = mockPost(
      `/api/admin/users/${ada.id}/links`,
      okAnswer({ ...ada, accountIds: ['A1040000'] }, 200),
    );
    const dialog = await openLinkForm();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Platform id/ }), {
      target: { value: 'A1040000' },
    });
    const link = dialog.getByRole('button', { name: 'Link' });
    const title = 'Link account A1040000 to Ada';
    // While its holder is read, Link is busy, not disabled: a browser takes the focus off a
    // disabled button, and the question would give it back to the dialog, not to Link.
    press(link);
    await waitFor(() => expect(link.getAttribute('aria-disabled')).toBe('true'));
    expect(link).toHaveProperty('disabled', false);
    answer();
    await cancel(await confirmation(title), link);
    await askThenCancel(
      link,
      title,
      'The platform names its holder Avery Quinn. It is already linked to Avery Quinn (investor@demo.test): Ada would see it and could move its money too. Link it only if both should act on it.',
      sent,
    );

    await confirm(() => press(link), title, 'Link to both');
    expect(await dialog.findByText('Linked: Account A1040000 — Avery Quinn.')).toBeTruthy();
    expect(sent.map((r) => r.body)).toEqual([
      { kind: 'account', upstreamId: 'A1040000', confirmAccountOfOtherUser: true },
    ]);
  });

  it('a linked account shows its holder’s name, and the other users linked to it', async () => {
    listUsers({ ...ada, accountIds: ['A1040000'] });
    serveHolders({
      A1040000: { name: 'Avery Quinn', linkedTo: ['investor@demo.test', ada.email] },
    });
    const dialog = await openLinkForm();
    const entry = await dialog.findByText('Account A1040000 — Avery Quinn');
    expect(entry.closest('li')?.textContent).toContain(
      'Also linked to Avery Quinn (investor@demo.test)',
    );
  });

  it('an issuer no offering names is linked only once the admin ticks the confirmation offered after the refusal', async () => {
    const staff: AdminUser = { ...ada, role: 'issuer_staff' };
    listUsers(staff);
    const message =
      'No offering on the platform names issuer 9999. Check the id, or confirm that you checked this issuer on the platform';
    const sent = mockPost(
      `/api/admin/users/${ada.id}/links`,
      refusedLink(message, ['upstreamId', 'confirmIssuerWithoutOfferings']),
      okAnswer({ ...staff, issuerIds: ['9999'] }, 200),
    );
    const dialog = await openLinkForm();
    const id = await chooseKindAndType(dialog, 'Issuer', '9999');
    expect(dialog.queryByRole('checkbox')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Link' }));

    // The refusal stands under the id, which keeps the focus; the box comes next, described by it.
    const refusal = await dialog.findByText(message);
    expect(document.activeElement).toBe(id);
    const confirm = dialog.getByRole('checkbox', {
      name: 'I checked on the platform that issuer 9999 exists: link it although no offering names it',
    });
    expect(confirm.getAttribute('aria-describedby')).toBe(refusal.id);
    const link = dialog.getByRole('button', { name: 'Link' });
    expect(id.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(confirm.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(sent[0].body).toEqual({ kind: 'issuer', upstreamId: '9999' });

    // Another id is checked afresh: the box goes, and comes back unticked for the refused id.
    fireEvent.change(id, { target: { value: '9998' } });
    expect(dialog.queryByRole('checkbox')).toBeNull();
    fireEvent.change(id, { target: { value: '9999' } });
    expect(dialog.getByRole('checkbox')).toHaveProperty('checked', false);
    fireEvent.click(dialog.getByRole('checkbox'));
    fireEvent.click(dialog.getByRole('button', { name: 'Link' }));
    expect(await dialog.findByText('Linked.')).toBeTruthy();
    expect(sent[1].body).toEqual({
      kind: 'issuer',
      upstreamId: '9999',
      confirmIssuerWithoutOfferings: true,
    });
  });

  it('a security the staff of another issuer hold is linked only once the admin confirms it is one of this user’s issuers', async () => {
    listUsers({ ...ada, role: 'issuer_staff', issuerIds: ['1102'] });
    const message =
      'Security 10001 is linked to the staff of issuer 1101, and this user is linked to issuer 1102: the link would let them set its trading hours. Check on the platform whose security it is, or confirm that it belongs to an issuer of this user';
    const sent = mockPost(
      `/api/admin/users/${ada.id}/links`,
      refusedLink(message, ['upstreamId', 'confirmSecurityOfOtherIssuer']),
      okAnswer({ ...ada, role: 'issuer_staff', issuerIds: ['1102'], securityIds: ['10001'] }, 200),
    );
    bff.use(http.get('/api/securities', () => HttpResponse.json({ securities: [] })));
    const dialog = await openLinkForm();
    await chooseKindAndType(dialog, 'Security', '10001');
    fireEvent.click(dialog.getByRole('button', { name: 'Link' }));

    // Whose security it is, and that it is not this user's issuer, stand under the id.
    expect(await dialog.findByText(message)).toBeTruthy();
    expect(dialog.queryByText('Linked.')).toBeNull();
    fireEvent.click(
      dialog.getByRole('checkbox', {
        name: 'I checked on the platform that security 10001 belongs to an issuer of this user: link it',
      }),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Link' }));
    expect(await dialog.findByText('Linked.')).toBeTruthy();
    expect(sent.map((r) => r.body)).toEqual([
      { kind: 'security', upstreamId: '10001' },
      { kind: 'security', upstreamId: '10001', confirmSecurityOfOtherIssuer: true },
    ]);
  });

  it('a security the staff of another issuer hold, for a user linked to no issuer, says to link their issuer first and offers no confirmation', async () => {
    listUsers({ ...ada, role: 'issuer_staff' });
    const message =
      "Security 10001 is linked to the staff of issuer 1101, and this user is linked to no issuer. Link this user to their issuer first (a link of the kind Issuer), then the security: issuer staff set the trading hours of their own issuers' securities only";
    const sent = mockPost(`/api/admin/users/${ada.id}/links`, refusedLink(message, ['upstreamId']));
    bff.use(http.get('/api/securities', () => HttpResponse.json({ securities: [] })));
    const dialog = await openLinkForm();
    const id = await chooseKindAndType(dialog, 'Security', '10001');
    fireEvent.click(dialog.getByRole('button', { name: 'Link' }));

    // The rule stands under the id, which keeps the focus; there is nothing true to confirm.
    expect(await dialog.findByText(message)).toBeTruthy();
    expect(document.activeElement).toBe(id);
    expect(dialog.queryByRole('checkbox')).toBeNull();
    expect(dialog.queryByText(/belongs to an issuer of this user/)).toBeNull();
    expect(sent.map((r) => r.body)).toEqual([{ kind: 'security', upstreamId: '10001' }]);
  });

  it('a linked security shows its name next to its id when the BFF knows it', async () => {
    listUsers({ ...ada, role: 'issuer_staff', securityIds: ['10001', '10002'] });
    bff.use(
      http.get('/api/securities', () =>
        HttpResponse.json({
          securities: [
            { securityId: '10001', securityName: 'Aspen Ridge Class A' },
            { securityId: '10002', securityName: null },
          ],
          gaps: [],
        }),
      ),
    );
    const dialog = await openLinkForm();
    const links = within(dialog.getByRole('list', { name: 'Linked on the platform' }));
    expect(await links.findByText('Security 10001 — Aspen Ridge Class A')).toBeTruthy();
    expect(links.getByText('Security 10002')).toBeTruthy();
  });

  it('a linked issuer is named by its offerings from the issuer list, beside its id', async () => {
    listUsers({ ...ada, role: 'issuer_staff', issuerIds: ['1101', '1102', '1103'] });
    bff.use(
      http.get('/api/issuer/offerings', () =>
        HttpResponse.json({
          offerings: [
            offeringFixture({ id: '5201', issuerId: '1101', name: 'Aspen Ridge Fund I' }),
            offeringFixture({ id: '5202', issuerId: '1102', name: 'Birch Lane Notes' }),
            offeringFixture({ id: '5203', issuerId: '1102', name: 'Birch Lane Notes II' }),
            offeringFixture({ id: '5204', issuerId: '1102', name: 'Birch Lane Notes III' }),
            offeringFixture({ id: '5205', issuerId: '9999', name: 'Someone Else’s Raise' }),
          ],
          skippedRecords: 0,
        }),
      ),
    );
    const dialog = await openLinkForm();
    const links = within(dialog.getByRole('list', { name: 'Linked on the platform' }));
    expect(await links.findByText('Issuer 1101 — offers Aspen Ridge Fund I')).toBeTruthy();
    expect(
      links.getByText('Issuer 1102 — offers Birch Lane Notes, Birch Lane Notes II and 1 more'),
    ).toBeTruthy();
    // No offering names issuer 1103: the portal has no name for it, so its id stands alone.
    expect(links.getByText('Issuer 1103')).toBeTruthy();
  });

  it('the link form offers only the kinds the user’s role acts on, and says so', async () => {
    for (const [role, offered, rule] of [
      ['investor', ['Account'], 'An investor is linked to accounts only.'],
      [
        'issuer_staff',
        ['Issuer', 'Security'],
        'Issuer staff are linked to issuers and securities only.',
      ],
    ] as const) {
      listUsers({ ...ada, role });
      const dialog = await openLinkForm();
      const form = dialog.getByRole('form', { name: 'Link a platform id' });
      expect(descriptionOf(form)).toBe(rule);
      const options = within(within(form).getByRole('combobox', { name: 'Kind' }));
      expect(options.getAllByRole('option').map((o) => o.textContent)).toEqual(offered);
      cleanup();
    }
  });

  it('a reviewer or an administrator is offered no link, and told why', async () => {
    for (const [role, rule] of [
      [
        'compliance',
        'A compliance reviewer is linked to no account, issuer or security: the role reads them all.',
      ],
      [
        'admin',
        'An administrator is linked to no account, issuer or security: the role reads them all.',
      ],
    ] as const) {
      listUsers({ ...ada, role });
      const dialog = await openLinkForm();
      expect(dialog.getByText(rule)).toBeTruthy();
      expect(dialog.queryByRole('form', { name: 'Link a platform id' })).toBeNull();
      expect(dialog.queryByRole('textbox', { name: /^Platform id/ })).toBeNull();
      // Not "sees no account of their own": the rule says why there is nothing to link.
      expect(dialog.queryByText(/^No links/)).toBeNull();
      cleanup();
    }
  });

  it('a refusal of the kind (the role changed meanwhile) stands under Kind, once, which takes the focus', async () => {
    listUsers();
    const rule = 'Issuer staff are linked to issuers and securities only';
    const sent = mockPost(
      `/api/admin/users/${ada.id}/links`,
      errorAnswer(400, {
        code: 'bad_request',
        message: `${rule}. Nothing was linked.`,
        submitted: 'no',
        fields: [{ field: 'kind', message: rule }],
      }),
    );
    const dialog = await openLinkForm();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Platform id/ }), {
      target: { value: 'A1234567' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Link' }));
    const kind = dialog.getByRole('combobox', { name: 'Kind' });
    await waitFor(() => expect(descriptionOf(kind)).toBe(rule));
    expect(shown(dialog.getAllByText(new RegExp(rule)))).toHaveLength(1);
    expect(document.activeElement).toBe(kind);
    expect(sent).toHaveLength(1);
    expect(dialog.queryByText('Linked.')).toBeNull();
  });

  it('a confirmation ticked is unticked by an edit of the id, even one back to the refused id', async () => {
    listUsers({ ...ada, role: 'issuer_staff' });
    const message = 'No offering on the platform names issuer 9999';
    const sent = mockPost(
      `/api/admin/users/${ada.id}/links`,
      refusedLink(message, ['upstreamId', 'confirmIssuerWithoutOfferings']),
    );
    const dialog = await openLinkForm();
    const id = await chooseKindAndType(dialog, 'Issuer', '9999');
    fireEvent.click(dialog.getByRole('button', { name: 'Link' }));
    expect(await dialog.findByText(message)).toBeTruthy();
    fireEvent.click(dialog.getByRole('checkbox'));
    expect(dialog.getByRole('checkbox')).toHaveProperty('checked', true);
    fireEvent.change(id, { target: { value: '99990' } });
    fireEvent.change(id, { target: { value: '9999' } });
    expect(dialog.getByRole('checkbox')).toHaveProperty('checked', false);
    expect(sent).toHaveLength(1);
  });

  it('after a change of role in the dialog, the link form offers and sends the new role’s kinds', async () => {
    let listed: AdminUser = ada;
    bff.use(
      http.get('/api/admin/users', () =>
        HttpResponse.json({ users: [listed], total: 1, page: 1, pageSize: 50 }),
      ),
    );
    const staff: AdminUser = { ...ada, role: 'issuer_staff' };
    mockRoute('put', `/api/admin/users/${ada.id}/role`, okAnswer(staff, 200));
    const sent = mockPost(
      `/api/admin/users/${ada.id}/links`,
      okAnswer({ ...staff, issuerIds: ['1101'] }, 200),
    );
    const dialog = await openLinkForm();
    const role = dialog.getByRole('combobox', { name: 'Role' });
    listed = staff;
    await confirm(
      async () => {
        fireEvent.mouseDown(role);
        fireEvent.click(await screen.findByRole('option', { name: 'Issuer staff' }));
      },
      'Change the role of Ada',
      'Change role',
    );
    expect(await dialog.findByText('Role changed; their sessions ended.')).toBeTruthy();
    // The dialog is hidden from screen readers until the confirmation has gone.
    const kind = await dialog.findByRole<HTMLSelectElement>('combobox', { name: 'Kind' });
    await waitFor(() => expect(kind.value).toBe('issuer'));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Platform id/ }), {
      target: { value: '1101' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Link' }));
    expect(await dialog.findByText('Linked.')).toBeTruthy();
    expect(sent.map((r) => r.body)).toEqual([{ kind: 'issuer', upstreamId: '1101' }]);
  });

  it('unlinking issuer staff’s last issuer says which securities went with it', async () => {
    const staff = { ...ada, role: 'issuer_staff' as const, issuerIds: ['1101'] };
    listUsers({ ...staff, securityIds: ['10001', '10002'] });
    mockRoute(
      'delete',
      `/api/admin/users/${ada.id}/links/issuer/1101`,
      okAnswer({ ...staff, issuerIds: [], securityIds: [] }, 200),
    );
    // The names of the securities, which the dialog reads beside their ids.
    bff.use(http.get('/api/securities', () => HttpResponse.json({ securities: [] })));
    const dialog = await openLinkForm();
    fireEvent.click(dialog.getByRole('button', { name: 'Unlink Issuer 1101' }));
    expect(
      await dialog.findByText(
        "Link removed, and with this last issuer the securities 10001, 10002: issuer staff set the trading hours of their own issuers' securities only.",
      ),
    ).toBeTruthy();
  });

  it('a link made before the rule, of a kind the role does not use, says so next to its Unlink', async () => {
    listUsers({ ...ada, accountIds: ['A1234567'], issuerIds: ['1234'] });
    const dialog = await openLinkForm();
    const links = within(dialog.getByRole('list', { name: 'Linked on the platform' }));
    const items = links.getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Account A1234567Unlink$/),
      expect.stringMatching(
        /^Issuer 1234Not used by the role Investor: unlink it, or a change of role could give its accessUnlink$/,
      ),
    ]);
  });

  it('in the user dialog, a link refused before it is sent takes the place of the last answer', async () => {
    listUsers();
    const sent = mockPost(
      `/api/admin/users/${ada.id}/links`,
      okAnswer({ ...ada, accountIds: ['A1234567'] }),
      errorAnswer(503, {
        code: 'upstream_unavailable',
        message:
          'The account could not be checked with the platform, so nothing was linked. The platform is not answering right now.',
        submitted: 'no',
      }),
    );
    const dialog = await openLinkForm();
    const id = dialog.getByRole('textbox', { name: /^Platform id/ });
    const link = (value: string) => {
      fireEvent.change(id, { target: { value } });
      fireEvent.click(dialog.getByRole('button', { name: 'Link' }));
    };
    const rule = 'Platform id must be 1 to 64 letters, digits, - or _';

    link('A1234567');
    expect(await dialog.findByText('Linked.')).toBeTruthy();
    link('A 1');
    expect(await dialog.findByText(rule)).toBeTruthy();
    // "Linked." was about A1234567, not about this id.
    expect(dialog.queryByText('Linked.')).toBeNull();

    link('A7654321');
    expect((await dialog.findByRole('alert')).textContent).toContain('Nothing was changed');
    link('A 2');
    expect(await dialog.findByText(rule)).toBeTruthy();
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(dialog.queryByText(/could not be checked/)).toBeNull();
    expect(sent).toHaveLength(2);
  });

  it('an id that breaks the rule is named before anything is sent', async () => {
    listUsers();
    const sent = mockPost(
      `/api/admin/users/${ada.id}/links`,
      errorAnswer(500, { code: 'internal', message: 'x' }),
    );
    const dialog = await openLinkForm();
    const id = dialog.getByRole('textbox', { name: /^Platform id/ });
    fireEvent.change(id, { target: { value: 'A 1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Link' }));
    expect(
      await dialog.findByText('Platform id must be 1 to 64 letters, digits, - or _'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(id);
    expect(sent).toHaveLength(0);
  });
});
