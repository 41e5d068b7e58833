// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closedDayOf, type OrderBook } from '../../../../../../contract/order-book';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { orderRow, publicBook } from '../../../../../testing/order-book';
import { descriptionOf, renderWithProviders } from '../../../../../testing/render';
import OrderBookRoute from '../order-book';

startMockBff();
afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

const SHOWN = '2026-03-02';
const TYPED = '2026-11-25';
/** SHOWN as the page names the day whose book it shows. */
const SHOWN_IN_WORDS = 'March 2, 2026';

/**
 * Answers every day with an empty public book, naming the weekend or holiday as the BFF does, and
 * records the days asked for.
 */
function answerBooks() {
  const asked: string[] = [];
  bff.use(
    http.get('/api/order-book/:date', ({ params }) => {
      const date = String(params.date);
      asked.push(date);
      const book = publicBook(date, [], closedDayOf(date));
      return new HttpResponse(`${JSON.stringify({ type: 'book', book })}\n`, {
        headers: { 'Content-Type': 'application/x-ndjson' },
      });
    }),
  );
  return asked;
}

/** The orders' section, found by its label with a selector: role queries over a grid are slow. */
const ordersSection = () =>
  document.querySelector<HTMLElement>('section[aria-labelledby="orders-heading"]')!;

async function renderDay(shown = SHOWN) {
  const asked = answerBooks();
  const { router } = renderWithProviders(<OrderBookRoute />, {
    path: `/order-book?date=${shown}`,
  });
  // The first render of a file loads the page's modules: on a busy machine, more than a second.
  await screen.findByRole('heading', { name: /^No orders on / }, { timeout: 10_000 });
  const field = screen.getByLabelText<HTMLInputElement>('Trading day (US Eastern)');
  return { asked, router, field };
}

/**
 * What Chromium's date field reports while 11252026 is typed over 03/02/2026 from its month: each
 * keystroke changes a segment, and a year being typed reads 0002, 0020, 0202 before 2026.
 */
const chromiumReports = [
  '2026-01-02',
  '2026-11-02',
  '2026-11-25',
  '0002-11-25',
  '0020-11-25',
  '0202-11-25',
  '2026-11-25',
];

function typeDigits(field: HTMLInputElement, reports: readonly string[]) {
  for (const value of reports) {
    fireEvent.keyDown(field, { key: value.at(-1) });
    fireEvent.change(field, { target: { value } });
  }
}

describe('a person types a trading day into the order book', () => {
  it('ends at the day typed, and no day half typed is asked for', async () => {
    const { asked, router, field } = await renderDay();

    typeDigits(field, chromiumReports);
    expect(field.value).toBe(TYPED);
    expect(router.state.location.search).toBe(`?date=${SHOWN}`);
    fireEvent.blur(field);

    expect(await screen.findByText('No orders on November 25, 2026')).toBeTruthy();
    expect(field.value).toBe(TYPED);
    expect(router.state.location.search).toBe(`?date=${TYPED}`);
    expect(asked).toEqual([SHOWN, TYPED]);
  });

  it('applies the day once typing pauses, without leaving the field', async () => {
    const { asked, router, field } = await renderDay();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    typeDigits(field, chromiumReports);
    act(() => vi.advanceTimersByTime(799));
    expect(router.state.location.search).toBe(`?date=${SHOWN}`);
    act(() => vi.advanceTimersByTime(1));
    // The clock is the browser's again for what the new day asks (the query's own timers).
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.search).toBe(`?date=${TYPED}`));
    expect(await screen.findByText('No orders on November 25, 2026')).toBeTruthy();
    expect(asked).toEqual([SHOWN, TYPED]);
  });

  it('is told which rule a day out of range breaks, and nothing is asked for', async () => {
    const { asked, router, field } = await renderDay();

    typeDigits(field, chromiumReports.slice(0, 5));
    fireEvent.keyDown(field, { key: 'Enter' });

    expect(descriptionOf(field)).toBe('Trading day must be on or after 2000-01-01');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toBe(`?date=${SHOWN}`);

    // Typing on to a whole day applies it and the message goes.
    typeDigits(field, chromiumReports.slice(5));
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe(`?date=${TYPED}`));
    expect(descriptionOf(field)).toBe('');
    expect(asked).toEqual([SHOWN, TYPED]);
  });

  it('is told, for a day that has not come, the one rule of the field: the last day it may be', async () => {
    // 22:00 on Monday 2026-11-23 in New York, already the 24th in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T03:00:00Z'));
    const { asked, router, field } = await renderDay();

    for (const future of ['2026-11-24', '2026-11-25']) {
      fireEvent.change(field, { target: { value: future } });
      expect(descriptionOf(field)).toBe(
        'Trading day must be on or before 2026-11-23 (today in US Eastern time)',
      );
      expect(router.state.location.search).toBe(`?date=${SHOWN}`);
      // The field holds the day typed; the page says which day the book below is.
      expect(screen.getByText(`The book of ${SHOWN_IN_WORDS}.`)).toBeTruthy();
    }
    expect(asked).toEqual([SHOWN]);

    // Today in New York is applied.
    fireEvent.change(field, { target: { value: '2026-11-23' } });
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-11-23'));
    expect(descriptionOf(field)).toBe('');
  });

  it('a link to a day yet to come opens today, saying which day was asked for and why not', async () => {
    // 22:00 on Monday 2026-11-23 in New York.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T03:00:00Z'));
    const { asked, router } = await renderDay('2026-12-01');

    expect(
      screen.getByText(/^The link asked for the day/).closest('[role="status"]')?.textContent,
    ).toBe(
      'The link asked for the day “2026-12-01”, which cannot be shown: Trading day must be on or before 2026-11-23 (today in US Eastern time). This is the book of today, November 23, 2026.',
    );
    expect(screen.getByRole('heading', { name: 'No orders on November 23, 2026' })).toBeTruthy();
    expect(asked).toEqual(['2026-11-23']);

    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText(/The link asked for/)).toBeNull();
    // The button went with the change: focus is on the day field, not dropped to the page.
    expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Trading day (US Eastern)'));
  });

  it('is told to finish a day left unfinished, which is not applied', async () => {
    const { router, field } = await renderDay();

    fireEvent.keyDown(field, { key: 'Backspace' });
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.blur(field);

    expect(descriptionOf(field)).toBe('Trading day must be a whole date: month, day and year');
    expect(router.state.location.search).toBe(`?date=${SHOWN}`);
  });
});

describe('a person opens the order book of a day the market did not trade', () => {
  it('a market holiday is an empty day naming the holiday, with the way to the trading day before', async () => {
    const { asked, router } = await renderDay('2026-11-26');

    expect(screen.getByRole('heading', { name: 'No orders on November 26, 2026' })).toBeTruthy();
    expect(
      screen.getByText('Thanksgiving Day is a market holiday: the market takes no orders.'),
    ).toBeTruthy();
    // Not a failure: nothing to retry, no support id.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    const show = screen.getByRole('button', { name: 'Show November 25, 2026' });
    show.focus();
    fireEvent.click(show);
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-11-25'));
    expect(await screen.findByText('No orders on November 25, 2026')).toBeTruthy();
    expect(asked).toEqual(['2026-11-26', '2026-11-25']);
    // The empty day and its button went: focus is on the day field, which shows the day asked.
    const field = screen.getByLabelText<HTMLInputElement>('Trading day (US Eastern)');
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('2026-11-25');
  });

  it('a weekend names its weekday; the day after a holiday offers the day before the holiday', async () => {
    await renderDay('2026-11-28');
    expect(screen.getByRole('heading', { name: 'No orders on November 28, 2026' })).toBeTruthy();
    expect(
      screen.getByText('It is a Saturday: the market takes no orders at weekends.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show November 27, 2026' })).toBeTruthy();
    cleanup();

    // Saturday 2026-07-04: its Friday is the observed Independence Day, without orders too.
    await renderDay('2026-07-04');
    expect(screen.getByRole('button', { name: 'Show July 2, 2026' })).toBeTruthy();
  });

  it('a trading day without orders says only that', async () => {
    await renderDay();
    expect(screen.getByRole('heading', { name: 'No orders on March 2, 2026' })).toBeTruthy();
    expect(screen.getByText('No order was placed on this day.')).toBeTruthy();
  });
});

describe('a day of which one page could not be read', () => {
  const replyOf = (ids: string[], incomplete?: OrderBook['incomplete']) => {
    const book = {
      ...publicBook(
        SHOWN,
        ids.map((id) => orderRow(id)),
      ),
      ...(incomplete ? { incomplete } : {}),
    };
    return new HttpResponse(`${JSON.stringify({ type: 'book', book })}\n`, {
      headers: { 'Content-Type': 'application/x-ndjson' },
    });
  };

  it('keeps the orders read, says how far the book goes with a support id, marks prices incomplete, and fetches the rest', async () => {
    const replies = [
      replyOf(['1', '2'], {
        missingFrom: 2,
        error: {
          code: 'upstream_unavailable',
          message: 'The service is unavailable right now. Please try again in a moment.',
          submitted: 'no',
          requestId: 'req-77',
        },
      }),
      replyOf(['1', '2', '3']),
    ];
    bff.use(http.get('/api/order-book/:date', () => replies.shift()!));
    renderWithProviders(<OrderBookRoute />, { path: `/order-book?date=${SHOWN}` });
    const title = await screen.findByText('Part of the order book could not be read', undefined, {
      timeout: 10_000,
    });
    const notice = title.closest('[role="alert"]')!;
    expect(notice.textContent).toContain(
      'The first 2 orders of the day were read; the orders from number 3 on (if the day has more) could not be read. The orders, best prices, depth and executions below cover the orders read only. The service is unavailable right now.',
    );
    expect(notice.textContent).toContain(
      'If this keeps happening, contact support and give them this reference: req-77.',
    );
    expect(screen.getByRole('heading', { name: 'Best prices (incomplete)' })).toBeTruthy();
    expect(
      within(ordersSection()).getByText(
        '2 of the 2 orders read: incomplete, the rest of the day could not be read.',
      ),
    ).toBeTruthy();

    const fetchRest = screen.getByRole('button', { name: 'Fetch the rest' });
    fetchRest.focus();
    fireEvent.click(fetchRest);
    await waitFor(() =>
      expect(screen.queryByText('Part of the order book could not be read')).toBeNull(),
    );
    // The notice and its button are gone: the focus goes to the sentence saying the day is whole.
    const whole = screen.getByText(
      'The rest of the day was read: the book below holds all 3 orders.',
    );
    expect(document.activeElement).toBe(whole.closest('[role="status"]'));
    expect(within(ordersSection()).getByText('3 of 3 orders.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Best prices' })).toBeTruthy();
  });

  it('offers no Fetch the rest when the platform refused the portal’s access, and names support once', async () => {
    bff.use(
      http.get('/api/order-book/:date', () =>
        replyOf(['1', '2'], {
          missingFrom: 2,
          error: {
            code: 'upstream_misconfigured',
            message:
              'The portal’s access to the platform is not set up correctly. Please contact support.',
            submitted: 'no',
            requestId: 'req-78',
          },
        }),
      ),
    );
    renderWithProviders(<OrderBookRoute />, { path: `/order-book?date=${SHOWN}` });
    const title = await screen.findByText('Part of the order book could not be read', undefined, {
      timeout: 10_000,
    });
    const notice = title.closest('[role="alert"]')!;
    expect(notice.textContent).toMatch(
      /Please contact support\. Give support this reference: req-78\.$/,
    );
    expect(notice.textContent).not.toContain('If this keeps happening');
    expect(screen.queryByRole('button', { name: 'Fetch the rest' })).toBeNull();
  });
});

describe('a day with orders the portal could not read', () => {
  it('names each by its place in the day, its id and security, and what of it could not be read; the others are shown', async () => {
    bff.use(
      http.get('/api/order-book/:date', () => {
        const book = {
          ...publicBook(SHOWN, [orderRow('1'), orderRow('2')]),
          skippedRecords: 2,
          unreadableOrders: [
            { position: 2, orderId: '4012', securityName: 'Acme Fund', parts: ['price', 'status'] },
            { position: 5, parts: ['id', 'record'] },
          ],
        };
        return new HttpResponse(`${JSON.stringify({ type: 'book', book })}\n`, {
          headers: { 'Content-Type': 'application/x-ndjson' },
        });
      }),
    );
    renderWithProviders(<OrderBookRoute />, { path: `/order-book?date=${SHOWN}` });
    const named = await screen.findByRole(
      'list',
      { name: 'Orders not shown' },
      { timeout: 10_000 },
    );
    expect(named.closest('[role="status"]')!.textContent).toMatch(
      /^2 orders could not be shown\. The service sent them in a form the portal could not read; everything else is listed\./,
    );
    expect([...named.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Order 4012 (\u2068Acme Fund\u2069), number 2 of the day: its price per share and status could not be read.',
      'An order whose id could not be read, number 5 of the day: it could not be read as an order.',
    ]);
    expect(within(ordersSection()).getByText('2 of 2 orders.')).toBeTruthy();
  });
});

describe('a screen-reader user opens a day of the order book', () => {
  /**
   * Answers the day as the BFF streams it: a progress line at once, then the book only when the
   * test lets it, so the page is seen while the day is read.
   */
  function heldDay(book: ReturnType<typeof publicBook>) {
    let finish = () => {};
    const lines = new Promise<void>((asked) => {
      bff.use(
        http.get('/api/order-book/:date', () => {
          const encoder = new TextEncoder();
          const line = (value: unknown) => encoder.encode(`${JSON.stringify(value)}\n`);
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(line({ type: 'progress', loaded: 500, total: null }));
              finish = () => {
                controller.enqueue(line({ type: 'book', book }));
                controller.close();
              };
              asked();
            },
          });
          return new HttpResponse(body, { headers: { 'Content-Type': 'application/x-ndjson' } });
        }),
      );
    });
    return async () => {
      await lines;
      finish();
    };
  }

  /** The page's status saying `text`; the grid's own "Loading the table" is one too. */
  const statusSaying = async (text: string) => {
    let found: HTMLElement | undefined;
    await waitFor(
      () => {
        found = screen.getAllByRole('status').find((status) => status.textContent === text);
        expect(found).toBeTruthy();
      },
      { timeout: 10_000 },
    );
    return found!;
  };

  it('hears that the day is read, then why an empty day has no orders, from one status kept on the page', async () => {
    const sunday = '2026-11-29';
    const answer = heldDay(publicBook(sunday, [], closedDayOf(sunday)));
    renderWithProviders(<OrderBookRoute />, { path: `/order-book?date=${sunday}` });
    const status = await statusSaying('Loading the order book of November 29, 2026…');
    expect(status.closest('[aria-busy="true"]')).toBeNull();

    await answer();
    // The same element, its words changed: the empty day came with no live region of its own.
    await waitFor(() =>
      expect(status.textContent).toBe(
        'No orders on November 29, 2026. It is a Sunday: the market takes no orders at weekends.',
      ),
    );
    expect(status.isConnected).toBe(true);
    expect(screen.getByRole('heading', { name: 'No orders on November 29, 2026' })).toBeTruthy();
  });

  it('hears that the day is read, then how many orders the grid lists, at each filter too, from one status outside anything busy', async () => {
    const answer = heldDay(publicBook(SHOWN, [orderRow('1'), orderRow('2', { side: 'offer' })]));
    renderWithProviders(<OrderBookRoute />, { path: `/order-book?date=${SHOWN}` });
    const status = await statusSaying('Loading the order book of March 2, 2026…');
    // Not in the busy progress box: a status there may be held back until it is not busy.
    expect(status.closest('[aria-busy="true"]')).toBeNull();

    await answer();
    await waitFor(() => expect(status.textContent).toBe('2 of 2 orders.'));
    expect(status.isConnected).toBe(true);
    expect(status.closest('[aria-busy="true"]')).toBeNull();

    fireEvent.mouseDown(within(ordersSection()).getByRole('combobox', { name: 'Side' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Offers' }));
    await waitFor(() => expect(status.textContent).toBe('1 of 2 orders.'));
    expect(within(ordersSection()).getByText('1 of 2 orders.')).toBeTruthy();
  });
});
