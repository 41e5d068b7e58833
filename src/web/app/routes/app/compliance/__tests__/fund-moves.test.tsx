// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComplianceFundMoves } from '../../../../../../contract/compliance';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../../testing/render';
import ComplianceFundMovesRoute from '../fund-moves';

startMockBff();
afterEach(cleanup);

describe('a reviewer filters the fund moves across accounts', () => {
  it('keeps the Status picked when the Approval status is picked right after it', async () => {
    const asked: URL[] = [];
    bff.use(
      http.get('/api/compliance/fund-moves', ({ request }) => {
        asked.push(new URL(request.url));
        const none: ComplianceFundMoves = {
          moves: [],
          page: 1,
          pageSize: 25,
          totalRecords: 0,
          totalPages: 0,
          skippedRecords: 0,
        };
        return HttpResponse.json(none);
      }),
    );
    const { router } = renderWithProviders(<ComplianceFundMovesRoute />, {
      path: '/compliance/fund-moves?page=2',
    });
    await screen.findByText('No fund moves match');
    // Both are picked before the page renders the first one's address.
    act(() => {
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'settled' } });
      fireEvent.change(screen.getByLabelText('Approval status'), {
        target: { value: 'approved' },
      });
    });
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('status')).toBe('settled');
      expect(search.get('approvalStatus')).toBe('approved');
      // A filter starts the list again from its first page.
      expect(search.get('page')).toBeNull();
    });
    await waitFor(() =>
      expect(
        asked.some(
          (url) =>
            url.searchParams.get('status') === 'settled' &&
            url.searchParams.get('approvalStatus') === 'approved',
        ),
      ).toBe(true),
    );
  });
});
