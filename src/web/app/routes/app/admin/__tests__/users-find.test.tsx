// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, AdminUsers } from '../../../../../../contract/identity';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { onFakeClock, renderWithProviders } from '../../../../../testing/render';
import { adminUser } from '../../../../../testing/admin-user';
import { sessionOf } from '../../../../../testing/session';
import AdminUsersRoute from '../users';

startMockBff();
afterEach(cleanup);

beforeEach(() => {
  bff.use(
    http.get('/api/session', () =>
      HttpResponse.json(
        sessionOf({
          id: '7d3c2b1a-0f9e-4d8c-8b7a-6f5e4d3c2b1a',
          email: 'admin@demo.test',
          name: 'Demo Administrator',
          role: 'admin',
          accountIds: [],
        }),
      ),
    ),
    http.get('/api/config', () =>
      HttpResponse.json({ sandbox: false, platformTimeZone: 'UTC', singleSignOn: null }),
    ),
  );
});

const userNumbered = (i: number): AdminUser =>
  adminUser({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    email: `user-${String(i).padStart(3, '0')}@example.test`,
    name: `User ${i}`,
  });

/**
 * The BFF holds 312 users, 50 a page, and finds by part of an email (as the route does); the
 * addresses it was asked for, in order.
 */
function manyUsers(): URL[] {
  const all = Array.from({ length: 312 }, (_, i) => userNumbered(i + 1));
  const asked: URL[] = [];
  bff.use(
    http.get('/api/admin/users', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const page = Number(url.searchParams.get('page') ?? '1');
      const found = all.filter((u) => u.email.includes(q));
      const answer: AdminUsers = {
        users: found.slice((page - 1) * 50, page * 50),
        total: found.length,
        page,
        pageSize: 50,
      };
      return HttpResponse.json(answer);
    }),
  );
  return asked;
}

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('an admin finds a user among many', () => {
  it('shows 50 at a time, says which of how many, and the next page is in the address', async () => {
    manyUsers();
    const { router } = renderWithProviders(<AdminUsersRoute />, { path: '/admin/users' });
    // Read out as it changes.
    expect((await screen.findByText('Showing 1–50 of 312 users.')).getAttribute('role')).toBe(
      'status',
    );
    const list = screen.getByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'Pages of users' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(search(router).get('page')).toBe('2'));
    expect(await screen.findByText('Showing 51–100 of 312 users.')).toBeTruthy();
    expect(screen.getByText('user-051@example.test')).toBeTruthy();
  });

  it('finds by what is typed in Email or name, from the first page, kept in the address', async () => {
    const asked = manyUsers();
    const { router } = renderWithProviders(<AdminUsersRoute />, {
      path: '/admin/users?page=3',
    });
    await screen.findByText('Showing 101–150 of 312 users.');
    const box = screen.getByRole('textbox', { name: 'Email or name' });
    fireEvent.change(box, { target: { value: 'USER-00' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => {
      expect(search(router).get('q')).toBe('USER-00');
      // Another find lists other users, from their first page.
      expect(search(router).get('page')).toBeNull();
    });
    expect(await screen.findByText('Showing 1–9 of 9 users matching “USER-00”.')).toBeTruthy();
    expect(asked.at(-1)?.searchParams.get('q')).toBe('USER-00');
  });

  it('narrows by Role and State, from the first page, each kept in the address', async () => {
    const asked = manyUsers();
    const { router } = renderWithProviders(<AdminUsersRoute />, {
      path: '/admin/users?page=3',
    });
    await screen.findByText('Showing 101–150 of 312 users.');
    // The filters, apart from the create form's Role.
    const filters = within(screen.getByRole('search', { name: 'Find users' }));
    fireEvent.change(filters.getByLabelText('Role'), { target: { value: 'issuer_staff' } });
    fireEvent.change(filters.getByLabelText('State'), { target: { value: 'factor_pending' } });
    await waitFor(() => {
      expect(search(router).get('role')).toBe('issuer_staff');
      expect(search(router).get('state')).toBe('factor_pending');
      expect(search(router).get('page')).toBeNull();
    });
    await waitFor(() => {
      const last = asked.at(-1)!.searchParams;
      expect([last.get('role'), last.get('state'), last.get('page')]).toEqual([
        'issuer_staff',
        'factor_pending',
        null,
      ]);
    });
  });

  it('opens on the find text and page of a shared address', async () => {
    const asked = manyUsers();
    renderWithProviders(<AdminUsersRoute />, { path: '/admin/users?q=user-1&page=2' });
    expect(await screen.findByText('Showing 51–100 of 100 users matching “user-1”.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email or name' })).toHaveProperty(
      'value',
      'user-1',
    );
    expect(asked[0].searchParams.get('q')).toBe('user-1');
    expect(asked[0].searchParams.get('page')).toBe('2');
  });

  it('says no user matches what was looked for, and offers to clear it', async () => {
    manyUsers();
    const { router } = renderWithProviders(<AdminUsersRoute />, {
      path: '/admin/users?q=nobody',
    });
    // Under the h2 "Find users", whose outcome it is.
    expect((await screen.findByText('No user matches “nobody”')).tagName).toBe('H3');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the find and filters' }));
    await waitFor(() => expect(search(router).get('q')).toBeNull());
    expect(await screen.findByText('Showing 1–50 of 312 users.')).toBeTruthy();
  });

  it('names a chosen State or Role as a filter, with no spelling to check when nothing was typed', async () => {
    // Three linked users, no disabled one; the find text matches by email as the BFF does.
    bff.use(
      http.get('/api/admin/users', ({ request }) => {
        const url = new URL(request.url);
        const q = url.searchParams.get('q') ?? '';
        const users =
          url.searchParams.get('state') === 'linked'
            ? [1, 2, 3].map(userNumbered).filter((u) => u.email.includes(q))
            : [];
        const answer: AdminUsers = { users, total: users.length, page: 1, pageSize: 50 };
        return HttpResponse.json(answer);
      }),
    );
    renderWithProviders(<AdminUsersRoute />, { path: '/admin/users?state=linked' });
    expect(await screen.findByText('Showing 1–3 of 3 users (state: linked).')).toBeTruthy();
    cleanup();

    renderWithProviders(<AdminUsersRoute />, { path: '/admin/users?state=disabled&role=investor' });
    expect(await screen.findByText('No user (role: Investor, state: disabled)')).toBeTruthy();
    expect(screen.getByText('Choose other filters.')).toBeTruthy();
    expect(screen.queryByText(/spelling/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear the filters' })).toBeTruthy();
    cleanup();

    // Typed text as well: it is matched, the filters still named as filters.
    renderWithProviders(<AdminUsersRoute />, { path: '/admin/users?q=user-002&state=linked' });
    expect(
      await screen.findByText('Showing 1–1 of 1 user matching “user-002” (state: linked).'),
    ).toBeTruthy();
    cleanup();
    renderWithProviders(<AdminUsersRoute />, { path: '/admin/users?q=nobody&state=disabled' });
    expect(await screen.findByText('No user matches “nobody” (state: disabled)')).toBeTruthy();
    expect(screen.getByText(/Check the spelling/)).toBeTruthy();
  });

  it('names the last page when the address asks for a page past it, and leads back', async () => {
    manyUsers();
    const { router } = renderWithProviders(<AdminUsersRoute />, {
      path: '/admin/users?page=9',
    });
    expect(await screen.findByText('Page 9 is past the last page')).toBeTruthy();
    expect(screen.getByText('312 users match, on 7 pages.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the last page (7)' }));
    await waitFor(() => expect(search(router).get('page')).toBe('7'));
    expect(await screen.findByText('Showing 301–312 of 312 users.')).toBeTruthy();
  });

  it('says under Email or name why a find text is too long, before anything is sent', async () => {
    const asked = manyUsers();
    renderWithProviders(<AdminUsersRoute />, { path: '/admin/users' });
    await screen.findByText('Showing 1–50 of 312 users.');
    const sent = asked.length;
    const box = screen.getByRole('textbox', { name: 'Email or name' });
    fireEvent.change(box, { target: { value: 'a'.repeat(255) } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Email or name must be at most 254 characters')).toBeTruthy();
    expect(asked).toHaveLength(sent);
  });

  it('says the BFF’s refusal of a page in the address, with the way to the first page', async () => {
    bff.use(
      http.get('/api/admin/users', () =>
        errorAnswer(400, {
          code: 'bad_request',
          message: 'Page must be a whole number from 1 to 10000.',
          fields: [{ field: 'query.page', message: 'Page must be a whole number from 1 to 10000' }],
        }),
      ),
    );
    renderWithProviders(<AdminUsersRoute />, { path: '/admin/users?page=0' });
    expect((await screen.findByText('This page of users cannot be shown')).tagName).toBe('H3');
    expect(
      screen.getByText(
        'Page must be a whole number from 1 to 10000 (the address asks for page “0”).',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to the first page' })).toBeTruthy();
  });

  it('says when the users could not be loaded', async () => {
    bff.use(
      http.get('/api/admin/users', () =>
        errorAnswer(503, { code: 'unavailable', message: 'The store is not answering.' }),
      ),
    );
    await onFakeClock(async () => {
      renderWithProviders(<AdminUsersRoute />, { path: '/admin/users' });
      // A read that failed is asked again a few times first, seconds apart.
      const failure = () => screen.queryByText('The users could not be loaded');
      for (let i = 0; i < 20 && !failure(); i++) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1_000);
        });
      }
      expect(failure()).toBeTruthy();
    });
  });
});
