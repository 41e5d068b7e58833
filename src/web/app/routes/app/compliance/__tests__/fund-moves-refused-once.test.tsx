// @vitest-environment jsdom
import { useQueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useMemo } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../../../../provider';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { sessionOf } from '../../../../../testing/session';
import ComplianceFundMovesRoute, { clientLoader } from '../fund-moves';

startMockBff();
afterEach(cleanup);

/**
 * The page as the portal routes it: its loader (the session, then the moves) before it. The
 * loader's read of a refused filter is answered before the page mounts, as in a browser while the
 * page's code loads.
 */
function Page({ path }: { path: string }) {
  const queryClient = useQueryClient();
  const router = useMemo(
    () =>
      createMemoryRouter(
        [
          {
            path: '/compliance/fund-moves',
            loader: clientLoader(queryClient),
            element: <ComplianceFundMovesRoute />,
          },
        ],
        { initialEntries: [path] },
      ),
    [queryClient, path],
  );
  return <RouterProvider router={router} />;
}

describe('a reviewer opens a link whose filter the BFF refuses', () => {
  it('asks for it once, and shows the refusal under the field it names', async () => {
    const message =
      'Status must be one of Pending, Submitted, Settled, Returned, Voided, Declined (the link said “bogus”)';
    const asked: string[] = [];
    bff.use(
      http.get('/api/session', () => HttpResponse.json(sessionOf({ role: 'compliance' }))),
      http.get('/api/compliance/fund-moves', ({ request }) => {
        asked.push(new URL(request.url).search);
        return errorAnswer(400, {
          code: 'bad_request',
          message: `query.status: ${message}`,
          fields: [{ field: 'query.status', message }],
        });
      }),
    );
    render(
      <AppProvider>
        <Page path="/compliance/fund-moves?status=bogus" />
      </AppProvider>,
    );
    const filters = await screen.findByRole('group', { name: 'Filters' });
    await within(filters).findByText(message);
    expect(within(filters).getByLabelText('Status').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { name: 'These filters cannot be applied' })).toBeTruthy();
    expect(asked).toEqual(['?page=1&status=bogus']);
  });
});
