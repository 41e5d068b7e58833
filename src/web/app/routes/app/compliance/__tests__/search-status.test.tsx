// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComplianceSearchResult } from '../../../../../../contract/compliance';
import { STILL_WAITING_AFTER_MS } from '../../../../../components/query-state';
import { accountView } from '../../../../../testing/account';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { onFakeClock, renderWithProviders } from '../../../../../testing/render';
import ComplianceSearchRoute from '../search';
import { entityView } from '../../../../../testing/entity';

startMockBff();
afterEach(cleanup);

const entity = (id: string, name: string) => entityView({ id, name });

const found: Record<string, ComplianceSearchResult> = {
  ellis: {
    accounts: [
      accountView({ id: 'A1040001', name: 'Jordan Ellis' }),
      accountView({ id: 'A1040002', name: 'Sam Ellis' }),
    ],
    entities: [entity('E2001', 'Ellis Holdings LLC')],
    skippedRecords: 0,
    unsearched: [],
  },
  quinn: { accounts: [], entities: [], skippedRecords: 0, unsearched: [] },
};

/** Answers each search only when the test lets it: the page is seen while it waits. */
function heldSearches() {
  const waiting: (() => void)[] = [];
  bff.use(
    http.get('/api/compliance/search', async ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      await new Promise<void>((answer) => waiting.push(answer));
      return HttpResponse.json(found[q.toLowerCase()]);
    }),
  );
  return {
    answer: async () => {
      await waitFor(() => expect(waiting.length).toBe(1));
      waiting.shift()!();
    },
  };
}

describe('a screen-reader user searches', () => {
  it('hears the wait and then the count from one status that stays, outside anything busy', async () => {
    await onFakeClock(async () => {
      const searches = heldSearches();
      renderWithProviders(<ComplianceSearchRoute />, { path: '/compliance/search?q=Ellis' });
      const status = await screen.findByRole('status', {}, { timeout: 10_000 });
      expect(status.textContent).toBe('Searching for Ellis');
      expect(status.closest('[aria-busy="true"]')).toBeNull();

      act(() => vi.advanceTimersByTime(STILL_WAITING_AFTER_MS));
      expect(status.textContent).toMatch(/^Searching for Ellis: still waiting for an answer\./);

      await searches.answer();
      // The same element, its words changed: a region added already filled may go unread.
      await waitFor(() =>
        expect(status.textContent).toBe('2 accounts and 1 entity match “Ellis”.'),
      );
      expect(screen.getByRole('status')).toBe(status);
      expect(status.closest('[aria-busy]')).toBeNull();

      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Quinn' } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(status.textContent).toBe('Searching for Quinn'));
      expect(status.isConnected).toBe(true);
      // Counted afresh for this search: the wait is said in words again only after a while.
      expect(status.className).toContain('visually-hidden');

      await searches.answer();
      await waitFor(() =>
        expect(status.textContent).toBe('0 accounts and 0 entities match “Quinn”.'),
      );
      expect(screen.getByRole('status')).toBe(status);
    });
  });
});
