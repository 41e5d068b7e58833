// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../../lib/api-client';
import { formatInstant } from '../../lib/format';
import { ErrorAlert } from '../error-alert';
import { LongestReadContext } from '../longest-read';
import { EmptyState, QueryState, STILL_WAITING_AFTER_MS } from '../query-state';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const base = { data: undefined, error: null, isPending: false, isError: false, isFetching: false };

describe('QueryState', () => {
  it('marks the skeleton busy and says what is loading in a status beside it', () => {
    const { container } = render(
      <QueryState
        query={{ ...base, isPending: true, refetch: vi.fn() }}
        loadingLabel="Checking the custody account"
      >
        {() => 'loaded'}
      </QueryState>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Checking the custody account');
    // A status in a busy element may be held back by assistive technology until it is not busy.
    expect(status.closest('[aria-busy="true"]')).toBeNull();
    const busy = container.querySelector('[aria-busy="true"]');
    expect(busy?.querySelectorAll('.MuiSkeleton-root').length).toBe(4);
  });

  it('a first read without an answer after a few seconds says, visibly, that it is still waiting', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(
      // The session's longest read for the default TRANSACT_TIMEOUT_MS: 3 × 10 s and the backoffs.
      <LongestReadContext.Provider value={30_300}>
        <QueryState query={{ ...base, isPending: true, refetch: vi.fn() }} subject="the fund moves">
          {() => 'loaded'}
        </QueryState>
      </LongestReadContext.Provider>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading the fund moves');
    expect(status.className).toContain('visually-hidden');

    act(() => vi.advanceTimersByTime(STILL_WAITING_AFTER_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('Loading the fund moves');
    act(() => vi.advanceTimersByTime(1));
    const waiting = screen.getByRole('status');
    expect(waiting.textContent).toMatch(
      /^Loading the fund moves: still waiting for an answer\. When the platform is slow this can take up to 31 seconds;/,
    );
    expect(waiting.className).not.toContain('visually-hidden');
    // Said where it is read out: not inside the busy skeleton, which is never un-busied.
    expect(waiting.closest('[aria-busy]')).toBeNull();
  });

  it('given what to say of the data, keeps one status from the loading words to those words', () => {
    const error = new ApiClientError({
      message: 'The portal could not be reached.',
      status: 0,
      code: 'network',
      submitted: 'no',
    });
    const shown = (query: Parameters<typeof QueryState<string[]>>[0]['query']) => (
      <QueryState query={query} subject="the offerings" status={(data) => `${data.length} found`}>
        {(data) => data.join(',')}
      </QueryState>
    );
    const { rerender } = render(shown({ ...base, isPending: true, refetch: vi.fn() }));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading the offerings');

    rerender(shown({ ...base, data: ['a', 'b'], refetch: vi.fn() }));
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('2 found');
    expect(status.className).not.toContain('visually-hidden');

    // A first read that failed is said by its alert; the status stays, with nothing to say.
    rerender(shown({ ...base, isError: true, error, refetch: vi.fn() }));
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('');
    expect(screen.getByRole('alert').textContent).toContain('The offerings could not be loaded');
  });

  it.each([
    [3_300, 'up to 4 seconds'],
    [90_300, 'up to 91 seconds'],
    [360_300, 'up to 7 minutes'],
    [undefined, 'a while'],
  ])('says the wait the BFF gives a read (%s ms) as it is configured: %s', (ms, words) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(
      <LongestReadContext.Provider value={ms}>
        <QueryState query={{ ...base, isPending: true, refetch: vi.fn() }} subject="the fund moves">
          {() => 'loaded'}
        </QueryState>
      </LongestReadContext.Provider>,
    );
    act(() => vi.advanceTimersByTime(STILL_WAITING_AFTER_MS));
    expect(screen.getByRole('status').textContent).toContain(
      `When the platform is slow this can take ${words}; the page shows`,
    );
  });

  it('derives both texts from the subject, the error title starting a sentence', () => {
    const error = new ApiClientError({
      message: 'The portal could not be reached.',
      status: 0,
      code: 'network',
      submitted: 'no',
    });
    const { rerender } = render(
      <QueryState query={{ ...base, isPending: true, refetch: vi.fn() }} subject="the fund move">
        {() => 'loaded'}
      </QueryState>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading the fund move');

    rerender(
      <QueryState
        query={{ ...base, isError: true, error, refetch: vi.fn() }}
        subject="the fund move"
      >
        {() => 'loaded'}
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('The fund move could not be loaded');
  });

  it('shows the error in words with a retry', () => {
    const refetch = vi.fn();
    const error = new ApiClientError({
      message: 'The portal could not be reached.',
      status: 0,
      code: 'network',
      submitted: 'no',
    });
    render(
      <QueryState query={{ ...base, isError: true, error, refetch }} loadingLabel="Loading">
        {() => 'loaded'}
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('The portal could not be reached.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('a read again that fails keeps what was shown (a form being filled in), the failure told above it', () => {
    const refetch = vi.fn();
    const error = new ApiClientError({
      message: 'The portal could not be reached. Check your connection and try again.',
      status: 0,
      code: 'network',
      submitted: 'no',
    });
    render(
      <QueryState
        query={{ ...base, data: 'read before', isError: true, error, refetch }}
        loadingLabel="Checking the custody account"
        errorTitle="The custody account could not be checked"
      >
        {(data) => <form aria-label="disbursement">{data}</form>}
      </QueryState>,
    );
    expect(screen.getByRole('form', { name: 'disbursement' }).textContent).toBe('read before');
    // Told politely: nothing on the page was lost, so nothing interrupts.
    expect(screen.queryByRole('alert')).toBeNull();
    const stale = screen.getByRole('status');
    expect(stale.textContent).toContain('The custody account could not be checked again');
    expect(stale.textContent).toContain(
      'What is shown here is as it was last read, and may be out of date.',
    );
    fireEvent.click(within(stale).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('a list kept from an earlier read while reading it again fails says when it was read, that it may be out of date, and offers Try again', () => {
    const refetch = vi.fn();
    const error = new ApiClientError({
      message: 'The service is unavailable right now. Please try again in a moment.',
      status: 503,
      code: 'upstream_unavailable',
      submitted: 'no',
    });
    const readAt = Date.parse('2026-11-28T15:04:12Z');
    render(
      <QueryState
        query={{ ...base, data: ['5201'], dataUpdatedAt: readAt, isError: true, error, refetch }}
        subject="the offerings"
      >
        {(data) => (
          <ul>
            {data.map((id) => (
              <li key={id}>{id}</li>
            ))}
          </ul>
        )}
      </QueryState>,
    );
    expect(screen.getByRole('listitem').textContent).toBe('5201');
    const stale = screen.getByRole('status');
    expect(stale.textContent).toContain('The offerings could not be loaded again');
    expect(stale.textContent).toContain(
      `What is shown here is as it was last read, at ${formatInstant('2026-11-28T15:04:12.000Z', undefined, { seconds: true })}, and may be out of date.`,
    );
    fireEvent.click(within(stale).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('Try again keeps focus in the region through the read and its failing again, not on the page body', () => {
    const error = new ApiClientError({
      message: 'The portal could not be reached.',
      status: 0,
      code: 'network',
      submitted: 'no',
    });
    const failed = { ...base, isError: true, error };
    const { rerender } = render(
      <QueryState query={{ ...failed, refetch: vi.fn() }} subject="the fund move">
        {() => 'loaded'}
      </QueryState>,
    );
    const refetch = vi.fn(() => {
      // react-query's "pending" again: the error and its button are replaced by the loading state.
      rerender(
        <QueryState query={{ ...base, isPending: true, refetch }} subject="the fund move">
          {() => 'loaded'}
        </QueryState>,
      );
      // The read is still going when the test looks: it never settles here.
      return new Promise<never>(() => {});
    });
    rerender(
      <QueryState query={{ ...failed, refetch }} subject="the fund move">
        {() => 'loaded'}
      </QueryState>,
    );
    const button = screen.getByRole('button', { name: 'Try again' });
    button.focus();
    fireEvent.click(button);
    expect(refetch).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('Loading the fund move');
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement?.contains(screen.getByRole('status'))).toBe(true);

    rerender(
      <QueryState query={{ ...failed, refetch }} subject="the fund move">
        {() => 'loaded'}
      </QueryState>,
    );
    expect(document.activeElement?.contains(screen.getByRole('alert'))).toBe(true);
  });

  it('shows the empty state with its next step, or the data', () => {
    const query = { ...base, data: [] as string[], refetch: vi.fn() };
    const { rerender } = render(
      <QueryState
        query={query}
        loadingLabel="Loading"
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title="No offerings yet" action={<button>Refresh</button>} />}
      >
        {(data) => data.join(',')}
      </QueryState>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No offerings yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();

    rerender(
      <QueryState
        query={{ ...query, data: ['a', 'b'] }}
        loadingLabel="Loading"
        isEmpty={(data) => data.length === 0}
      >
        {(data) => data.join(',')}
      </QueryState>,
    );
    expect(screen.getByText('a,b')).toBeTruthy();
  });

  describe('offers Try again only where reading again may give another answer', () => {
    const failed = (status: number, code: ApiClientError['code']) =>
      new ApiClientError({ message: `Failed with ${status}.`, status, code, submitted: 'no' });
    const mayPass: [string, Error][] = [
      ['the portal unreachable', failed(0, 'network')],
      ['an answer that could not be read', failed(200, 'bad_response')],
      ['a request timeout (408)', failed(408, 'internal')],
      ['too many requests (429)', failed(429, 'rate_limited')],
      ['a fault of the portal (500)', failed(500, 'internal')],
      ['the platform down (503)', failed(503, 'upstream_unavailable')],
      ["the portal's database down (503)", failed(503, 'store_unavailable')],
      ['the platform too slow (504)', failed(504, 'upstream_timeout')],
      ['an error that is not the portal’s', new Error('boom')],
    ];
    it.each(mayPass)('%s: Try again', (_, error) => {
      const refetch = vi.fn();
      render(
        <QueryState
          query={{ ...base, isError: true, error, refetch }}
          subject="the fund move"
          wayOn={<a href="/back">Back to fund moves</a>}
        >
          {() => 'loaded'}
        </QueryState>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(refetch).toHaveBeenCalled();
      expect(screen.queryByRole('link', { name: 'Back to fund moves' })).toBeNull();
    });

    const forGood: [string, ApiClientError][] = [
      ['a request the BFF refuses (400)', failed(400, 'bad_request')],
      ['no access (403)', failed(403, 'forbidden')],
      ['not found (404)', failed(404, 'not_found')],
      ['a conflict (409)', failed(409, 'conflict')],
      ['a read the platform refuses (422)', failed(422, 'upstream_rejected')],
      [
        "the portal's own access to the platform set up wrong (503)",
        failed(503, 'upstream_misconfigured'),
      ],
    ];
    it.each(forGood)('%s: its words and the way on, no Try again', (_, error) => {
      render(
        <QueryState
          query={{ ...base, isError: true, error, refetch: vi.fn() }}
          subject="the fund move"
          wayOn={<a href="/back">Back to fund moves</a>}
        >
          {() => 'loaded'}
        </QueryState>,
      );
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain(error.message);
      expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(within(alert).getByRole('link', { name: 'Back to fund moves' })).toBeTruthy();
    });

    it('a read again refused for good keeps what was shown and says so, without Try again', () => {
      render(
        <QueryState
          query={{
            ...base,
            data: 'read before',
            isError: true,
            error: failed(404, 'not_found'),
            refetch: vi.fn(),
          }}
          subject="the fund move"
        >
          {(data) => <p>{data}</p>}
        </QueryState>,
      );
      expect(screen.getByText('read before')).toBeTruthy();
      const stale = screen.getByRole('status');
      expect(stale.textContent).toContain('Failed with 404.');
      expect(within(stale).queryByRole('button', { name: 'Try again' })).toBeNull();
    });
  });
});

describe('EmptyState', () => {
  it('is headed at the level asked, so that within a section it stays under its h2', () => {
    render(
      <section aria-labelledby="trades">
        <h2 id="trades">Trades</h2>
        <EmptyState title="No trades yet" headingLevel={3} />
      </section>,
    );
    const heading = screen.getByRole('heading', { name: 'No trades yet' });
    expect(heading.tagName).toBe('H3');
    // It looks the same at either level.
    expect(heading.className).toContain('MuiTypography-h3');
  });
});

describe('ErrorAlert of the portal’s own access to the platform set up wrong', () => {
  it('adds only our reference to words that already send the person to support', () => {
    const message =
      'The portal’s access to the platform is not set up correctly. Please contact support.';
    render(
      <ErrorAlert
        title="The fund move could not be loaded"
        error={
          new ApiClientError({
            message,
            status: 503,
            code: 'upstream_misconfigured',
            submitted: 'no',
            requestId: 'req-103',
          })
        }
      />,
    );
    // Not "If this keeps happening": it keeps happening until the operators fix it.
    expect(screen.getByRole('alert').textContent).toBe(
      `The fund move could not be loaded${message} Give support this reference: req-103.`,
    );
  });
});
