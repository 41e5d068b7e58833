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

/** A pass's summary: nothing of a kind unless given. */
const summaryOf = (counts: Record<string, number>) => ({
  examined: 0,
  created: 0,
  notSent: 0,
  stillUnknown: 0,
  notFoundYet: 0,
  unreadable: 0,
  foundAfterNotSent: 0,
  foundTwice: 0,
  heldAfterAll: 0,
  inFlight: 0,
  ...counts,
});

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
    const fetchMock = answer(
      200,
      summaryOf({ examined: 3, created: 1, notSent: 1, stillUnknown: 1 }),
    );
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
    answer(200, summaryOf({ examined: 1, created: 0, notSent: 1, stillUnknown: 0, inFlight: 0 }));
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
        return new Response(JSON.stringify(summaryOf({ examined: 2, stillUnknown: 2 })), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
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
      await screen.findByText(
        /2 requests cannot be found by this check: the platform offers no way to look them up by our reference\. Compare each with what the platform shows for its account, as the register says, and settle them by hand\./,
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(button);
  });

  it('says so when nothing was unknown', async () => {
    answer(200, summaryOf({ examined: 0, created: 0, notSent: 0, stillUnknown: 0, inFlight: 0 }));
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Settle unknown requests' }));
    expect(await screen.findByText('No request had an unknown outcome.')).toBeTruthy();
  });

  it('names the requests still in flight, which this pass could not settle', async () => {
    answer(200, summaryOf({ examined: 0, created: 0, notSent: 0, stillUnknown: 0, inFlight: 2 }));
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Settle unknown requests' }));
    const alert = await screen.findByText(/2 requests are still awaiting the platform's answer/);
    expect(alert.textContent).toContain('No request had an unknown outcome.');
    expect(alert.closest('[role="alert"]')?.className).toMatch(/Warning/);
  });

  it('says the platform could not be read, and asks for no settling by hand on that basis', async () => {
    answer(200, summaryOf({ examined: 1, stillUnknown: 1, unreadable: 1 }));
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Settle unknown requests' }));
    const alert = await screen.findByText(
      /The platform's fund moves could not be read for 1 request: nothing was settled for it; try the check again later\./,
    );
    expect(alert.textContent).not.toMatch(/by hand/);
    expect(alert.closest('[role="alert"]')?.className).toMatch(/Error/);
  });

  it('a request not at the platform yet is still being checked, never to be sent again', async () => {
    answer(200, summaryOf({ examined: 1, stillUnknown: 1, notFoundYet: 1 }));
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Settle unknown requests' }));
    const alert = await screen.findByText(
      /1 request is not at the platform yet but may still arrive: still being checked, do not send it again\./,
    );
    expect(alert.textContent).not.toMatch(/by hand/);
  });

  it('names the requests recorded as not sent that the platform lists after all', async () => {
    answer(200, summaryOf({ foundAfterNotSent: 1 }));
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Settle unknown requests' }));
    expect(
      await screen.findByText(
        /1 request recorded as not sent was found at the platform after all and corrected to accepted/,
      ),
    ).toBeTruthy();
  });

  it('counts the disbursements held again among those examined, and says nothing of them was sent', async () => {
    answer(200, summaryOf({ examined: 2, notSent: 1, heldAfterAll: 1 }));
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Settle unknown requests' }));
    expect(
      await screen.findByText(
        /Examined 2 requests: 0 found created, 1 proven not sent, 1 held again, 0 still unknown\. 1 disbursement held for approval was recorded as held again \(the portal stopped before recording the hold\): nothing of it was sent, and it waits for approval\./,
      ),
    ).toBeTruthy();
  });

  it('names the requests the platform lists twice under our reference', async () => {
    answer(200, summaryOf({ foundTwice: 1 }));
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Settle unknown requests' }));
    expect(
      await screen.findByText(
        /1 request is listed twice at the platform, with a second fund move carrying our reference: the money may have moved twice\. The register names both fund moves\./,
      ),
    ).toBeTruthy();
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
