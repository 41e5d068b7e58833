// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReconcileButton } from '../reconcile-button';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderButton() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReconcileButton />
    </QueryClientProvider>,
  );
}

describe('a reviewer settles money requests whose outcome is unknown', () => {
  it('sends one POST and says what became of each request', async () => {
    const fetchMock = answer(200, {
      examined: 3,
      created: 1,
      notSent: 1,
      stillUnknown: 1,
      inFlight: 0,
    });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Settle unknown requests' }));
    expect(
      await screen.findByText(
        /Examined 3 requests: 1 found created, 1 proven not sent, 1 still unknown/,
      ),
    ).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/compliance/money-requests/reconcile');
    expect(init.method).toBe('POST');
  });

  it('asks for a check at the platform only when some request is still unknown', async () => {
    answer(200, { examined: 1, created: 0, notSent: 1, stillUnknown: 0, inFlight: 0 });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Settle unknown requests' }));
    expect(
      await screen.findByText(
        'Examined 1 request: 0 found created, 1 proven not sent, 0 still unknown.',
      ),
    ).toBeTruthy();
  });

  it('the button keeps the focus while it settles and after', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await answered;
        return new Response(
          JSON.stringify({ examined: 2, created: 0, notSent: 0, stillUnknown: 2, inFlight: 0 }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    renderButton();
    const button = screen.getByRole('button', { name: 'Settle unknown requests' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(button);
    release();
    expect(
      await screen.findByText(/2 still unknown: check those at the platform using our reference/),
    ).toBeTruthy();
    expect(document.activeElement).toBe(button);
  });

  it('says so when nothing was unknown', async () => {
    answer(200, { examined: 0, created: 0, notSent: 0, stillUnknown: 0, inFlight: 0 });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Settle unknown requests' }));
    expect(await screen.findByText('No request had an unknown outcome.')).toBeTruthy();
  });

  it('names the requests still in flight, which this pass could not settle', async () => {
    answer(200, { examined: 0, created: 0, notSent: 0, stillUnknown: 0, inFlight: 2 });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Settle unknown requests' }));
    const alert = await screen.findByText(/2 requests are still awaiting the platform's answer/);
    expect(alert.textContent).toContain('No request had an unknown outcome.');
    expect(alert.closest('[role="alert"]')?.className).toMatch(/Warning/);
  });

  it('shows the BFF refusal in words', async () => {
    answer(429, {
      error: {
        code: 'rate_limited',
        message: 'Too many requests. Try again in a minute.',
        submitted: 'no',
      },
    });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Settle unknown requests' }));
    expect(await screen.findByText(/could not be settled now: Too many requests/)).toBeTruthy();
  });
});
