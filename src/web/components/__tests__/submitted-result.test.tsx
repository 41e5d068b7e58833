// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SubmittedResult } from '../form/submitted-result';

afterEach(cleanup);

function receipt() {
  const router = createMemoryRouter(
    [
      {
        path: '/ira',
        element: (
          <SubmittedResult
            title="IRA request submitted"
            items={[]}
            links={[{ to: '/account', label: 'Back to the account' }]}
          />
        ),
      },
      { path: '/account', element: <h1>The account</h1> },
    ],
    { initialEntries: ['/ira'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a receipt that replaced the form under the pointer', () => {
  it('does not follow the second click of a double click on Submit, which lands on its link', () => {
    const router = receipt();
    fireEvent.click(screen.getByRole('link', { name: 'Back to the account' }), { detail: 2 });
    expect(router.state.location.pathname).toBe('/ira');
    expect(screen.getByText('IRA request submitted')).toBeTruthy();
  });

  it("follows a link's own click", () => {
    const router = receipt();
    fireEvent.click(screen.getByRole('link', { name: 'Back to the account' }), { detail: 1 });
    expect(router.state.location.pathname).toBe('/account');
  });
});
