// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { MoneyRequestPageView } from '../../../../../../contract/money-requests';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../../testing/render';
import MoneyRequestsRoute from '../money-requests';

startMockBff();
afterEach(cleanup);

function answerRegister(asked: URL[]) {
  bff.use(
    http.get('/api/compliance/money-requests', ({ request }) => {
      asked.push(new URL(request.url));
      const page: MoneyRequestPageView = { requests: [], total: 0, offset: 0, limit: 50 };
      return HttpResponse.json(page);
    }),
  );
}

describe('a reviewer filters the money-requests register', () => {
  it('applies an account typed and entered, and names the days as UTC days', async () => {
    const asked: URL[] = [];
    answerRegister(asked);
    renderWithProviders(<MoneyRequestsRoute />, { path: '/compliance/money-requests' });
    expect(
      await screen.findByText(
        'No deposit, disbursement, investment or IRA request has been sent through the portal yet.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('From (UTC day)')).toBeTruthy();
    expect(screen.getByLabelText('To (UTC day)')).toBeTruthy();

    const account = screen.getByLabelText('Account');
    fireEvent.change(account, { target: { value: ' A1040000 ' } });
    fireEvent.keyDown(account, { key: 'Enter' });
    await waitFor(() =>
      expect(asked.some((url) => url.searchParams.get('accountId') === 'A1040000')).toBe(true),
    );
    expect(await screen.findByText('No request matches these filters.')).toBeTruthy();
  });
});
