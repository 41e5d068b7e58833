// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../../contract/session';
import { PageHeader } from '../../../components/page-header';
import { bff, startMockBff } from '../../../testing/mock-bff';
import { renderWithProviders } from '../../../testing/render';
import { withViewportWidth } from '../../../testing/viewport';
import { AppLayout } from '../app-layout';
import { sessionOf } from '../../../testing/session';

startMockBff();
withViewportWidth(375);
afterEach(cleanup);

const reviewer: Session = sessionOf({
  id: 'u3',
  email: 'compliance@demo.test',
  name: 'Casey Reviewer',
  role: 'compliance',
  accountIds: [],
});

describe('the app bar of a compliance reviewer on a 375 px phone', () => {
  it('shows the product name whole beside the role, breaking between its words if it must', async () => {
    bff.use(http.get('/api/session', () => HttpResponse.json(reviewer)));
    renderWithProviders(
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/search" element={<PageHeader title="Search" />} />
        </Route>
      </Routes>,
      { path: '/search' },
    );
    expect(await screen.findByText('Compliance reviewer')).toBeTruthy();
    const name = screen.getByRole('link', { name: 'Transact Portal' });
    const style = getComputedStyle(name);
    expect(style.whiteSpace).not.toBe('nowrap');
    expect(style.textOverflow).not.toBe('ellipsis');
    expect(style.overflow).not.toBe('hidden');
  });
});
