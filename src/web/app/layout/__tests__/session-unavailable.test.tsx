// @vitest-environment jsdom
import { useMemo } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useQueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteError } from '../../../components/errors/route-error';
import { bff, errorAnswer, startMockBff } from '../../../testing/mock-bff';
import { onFakeClock } from '../../../testing/render';
import { sessionOf } from '../../../testing/session';
import { withViewportWidth } from '../../../testing/viewport';
import { AppProvider } from '../../provider';
import { toRoute } from '../../route-module';
import * as root from '../../routes/app/root';
import { guardedLoader } from '../../session-guard';
import { portalConfigQueryOptions } from '../../../features/auth/api/get-portal-config';

startMockBff();
withViewportWidth(1280);
afterEach(cleanup);

/**
 * The portal's own route tree in small: the signed-in root (its loader and frame), its inner
 * error element, and one page whose loader checks the session, as every guarded page's does.
 */
function Portal() {
  const queryClient = useQueryClient();
  const router = useMemo(
    () =>
      createMemoryRouter(
        [
          {
            path: '/',
            ...toRoute(queryClient)(root),
            errorElement: <RouteError standalone />,
            children: [
              {
                errorElement: <RouteError />,
                children: [
                  {
                    path: 'offerings',
                    loader: guardedLoader(undefined, portalConfigQueryOptions)(queryClient),
                    element: <h1 data-page-title>Offerings page</h1>,
                  },
                ],
              },
            ],
          },
        ],
        { initialEntries: ['/offerings'] },
      ),
    [queryClient],
  );
  return <RouterProvider router={router} />;
}

describe("the portal's database stops answering, and the session cannot be read", () => {
  it('keeps the frame, says the database is not answering, and opens the page once Try again finds it back', async () => {
    const store = { down: true };
    bff.use(
      http.get('/api/session', () =>
        store.down
          ? errorAnswer(503, {
              code: 'store_unavailable',
              message:
                "The portal's database is not answering right now. Nothing was changed. Please try again in a moment.",
              submitted: 'no',
            })
          : HttpResponse.json(sessionOf()),
      ),
      http.get('/api/config', () =>
        HttpResponse.json({ sandbox: false, singleSignOn: null, platformTimeZone: 'UTC' }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    render(
      <AppProvider>
        <Portal />
      </AppProvider>,
    );
    // The session read is tried again by the query client (on the fake clock) before it fails.
    await onFakeClock(async () => {
      await screen.findByRole(
        'heading',
        { name: "The portal's database is not answering" },
        { timeout: 30_000 },
      );
      await screen.findByRole('button', { name: 'Try again' }, { timeout: 30_000 });
    });
    expect(screen.queryByText('Something went wrong')).toBeNull();
    // The frame stays: the portal's name leads home, and the person can sign out.
    expect(screen.getByRole('link', { name: 'Transact Portal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Your session cannot be checked right now');
    expect(notice.textContent).not.toMatch(/Nothing was changed/);

    // The database answers again: Try again reads the session and the page asked for opens, with
    // the navigation of the person's role.
    store.down = false;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Offerings page' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Offerings' }).length).toBeGreaterThan(0);
    expect(
      screen.queryByRole('heading', { name: "The portal's database is not answering" }),
    ).toBeNull();
  });
});
