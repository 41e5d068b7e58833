// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { focusManager, useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { QueryState } from '../../components/query-state';
import { apiQueryOptions } from '../../lib/api-query';
import { bff, errorAnswer, startMockBff } from '../../testing/mock-bff';
import { onFakeIntervals, renderWithProviders } from '../../testing/render';

startMockBff();
afterEach(() => {
  cleanup();
  // The focus is the browser's again (jsdom's document is always visible).
  focusManager.setFocused(undefined);
});

const bookSchema = z.object({ orders: z.number() });

/** A page that reads the order book with the portal's query client, as any page does. */
function OrderBookPage() {
  const query = useQuery(apiQueryOptions(['heal-book'], '/api/heal-book', bookSchema));
  return (
    <QueryState query={query} subject="the order book">
      {(book) => `${book.orders} orders`}
    </QueryState>
  );
}

/**
 * The BFF answers `failure` (the platform down: 503) until `recover` is called, then the book;
 * `reads` holds when each read came, on the faked clock.
 */
function platformDownUntilRecovered(
  failure = () =>
    errorAnswer(503, {
      code: 'upstream_unavailable',
      message: 'The service is unavailable right now. Please try again in a moment.',
    }),
) {
  let down = true;
  const reads: number[] = [];
  bff.use(
    http.get('/api/heal-book', () => {
      reads.push(Date.now());
      return down ? failure() : HttpResponse.json({ orders: 20 });
    }),
  );
  return { recover: () => (down = false), reads };
}

/** The page reads no more than `count` times in all within `ms` more (on the faked clock). */
const noMoreReadsThan = (reads: readonly number[], count: number, ms: number) =>
  expect(
    waitFor(() => expect(reads.length).toBeGreaterThan(count), { timeout: ms, interval: 1_000 }),
  ).rejects.toThrow();

const errorShown = () => screen.findByText('The order book could not be loaded');

/**
 * How far past its due time a read may come on the faked clock: Testing Library's wait moves the
 * clock on while each answer is still on its way through MSW (testing/render.tsx).
 */
const LATE = 5_000;

describe('a page left on an error heals once the platform is back', () => {
  it('while the person stays on the tab: read again after 20 s, without Try again', async () => {
    await onFakeIntervals(async () => {
      const platform = platformDownUntilRecovered();
      renderWithProviders(<OrderBookPage />);
      // The first read and its two retries (1 s, then 2 s) fail: the error is shown.
      await errorShown();
      expect(platform.reads).toHaveLength(3);

      platform.recover();
      await screen.findByText('20 orders', undefined, { timeout: 20_000 + LATE });
      expect(screen.queryByText('The order book could not be loaded')).toBeNull();
      // Read again once, 20 s after the error; healed, the page reads no more on its own.
      expect(platform.reads).toHaveLength(4);
      expect(platform.reads[3]! - platform.reads[2]!).toBeGreaterThanOrEqual(20_000);
      await noMoreReadsThan(platform.reads, 4, 120_000);
    });
  });

  it('waits longer each time the platform is still down (20 s, 40 s, then each minute), and only while the tab is in front', async () => {
    await onFakeIntervals(async () => {
      const platform = platformDownUntilRecovered();
      renderWithProviders(<OrderBookPage />);
      await errorShown();
      // Three reads again (each with its two retries): 20 s, then 40 s, then 60 s after the last
      // failure.
      await waitFor(() => expect(platform.reads.length).toBeGreaterThanOrEqual(12), {
        timeout: 200_000,
        interval: 1_000,
      });
      const gaps = [3, 6, 9].map((at) => platform.reads[at]! - platform.reads[at - 1]!);
      expect(gaps[0]).toBeGreaterThanOrEqual(20_000);
      expect(gaps[0]).toBeLessThan(20_000 + LATE);
      expect(gaps[1]).toBeGreaterThanOrEqual(40_000);
      expect(gaps[1]).toBeLessThan(40_000 + LATE);
      expect(gaps[2]).toBeGreaterThanOrEqual(60_000);
      expect(gaps[2]).toBeLessThan(60_000 + LATE);

      // A tab in the background is not read again.
      act(() => focusManager.setFocused(false));
      const hidden = platform.reads.length;
      await noMoreReadsThan(platform.reads, hidden + 3, 300_000);
    });
  });

  it('at once when the person comes back to the tab', async () => {
    await onFakeIntervals(async () => {
      const platform = platformDownUntilRecovered();
      renderWithProviders(<OrderBookPage />);
      await errorShown();

      // The person goes to another tab; the platform comes back meanwhile. Nothing is read
      // while the tab is behind.
      act(() => focusManager.setFocused(false));
      platform.recover();
      await noMoreReadsThan(platform.reads, 3, 45_000);

      // At once: well before the next read the interval would make (20 s apart).
      act(() => focusManager.setFocused(true));
      await screen.findByText('20 orders', undefined, { timeout: LATE });
    });
  });

  it('a refusal is not asked again: the same question gets the same answer', async () => {
    await onFakeIntervals(async () => {
      const platform = platformDownUntilRecovered(() =>
        errorAnswer(404, { code: 'not_found', message: 'There is no such order book.' }),
      );
      renderWithProviders(<OrderBookPage />);
      await errorShown();
      act(() => focusManager.setFocused(false));
      act(() => focusManager.setFocused(true));
      await noMoreReadsThan(platform.reads, 1, 120_000);
    });
  });
});

describe('a read the BFF gave up on after its own wait', () => {
  it('is told at once, not asked twice more (each as long again)', async () => {
    await onFakeIntervals(async () => {
      const platform = platformDownUntilRecovered(() =>
        errorAnswer(504, {
          code: 'upstream_timeout',
          message: 'The service did not answer in time. Please try again in a moment.',
        }),
      );
      renderWithProviders(<OrderBookPage />);
      await errorShown();
      expect(platform.reads).toHaveLength(1);
    });
  });
});
