import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../../lib/api-client';
import { createQueryClient, retriesRead } from '../query-client';

const refused = (status: number, retryAfterSeconds?: number) =>
  new ApiClientError({
    message: 'refused',
    status,
    code: status === 429 ? 'rate_limited' : 'bad_request',
    submitted: 'no',
    retryAfterSeconds,
  });

describe('which reads the portal asks again by itself', () => {
  it('waits its turn when a limit lets it through in a few seconds (an order-book day past two at once)', () => {
    const busy = refused(429, 1);
    expect(retriesRead(0, busy)).toBe(true);
    expect(retriesRead(5, busy)).toBe(true);
    // After six turns the others are still loading: the page says so and offers to try again.
    expect(retriesRead(6, busy)).toBe(false);
    const delay = createQueryClient().getDefaultOptions().queries?.retryDelay;
    expect(typeof delay === 'function' ? delay(1, busy) : delay).toBe(1000);
  });

  it('does not wait behind a limit of a minute or more, nor retry another refusal', () => {
    expect(retriesRead(0, refused(429, 60))).toBe(false);
    expect(retriesRead(0, refused(429))).toBe(false);
    expect(retriesRead(0, refused(400))).toBe(false);
    expect(retriesRead(0, refused(404))).toBe(false);
  });

  it('asks twice more after a network or upstream hiccup, waiting longer each time', () => {
    const down = refused(503);
    expect(retriesRead(1, down)).toBe(true);
    expect(retriesRead(2, down)).toBe(false);
    const delay = createQueryClient().getDefaultOptions().queries?.retryDelay;
    expect(typeof delay === 'function' ? delay(1, down) : delay).toBe(2000);
  });
});

describe('what a request sent from the tab leaves behind', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps what was sent (a password) only while its form is on screen', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const observer = new MutationObserver(client, {
      mutationFn: async (_: { email: string; password: string }) => ({ signedIn: true }),
    });
    const unsubscribe = observer.subscribe(() => {});
    await observer.mutate({ email: 'investor@demo.test', password: 'demo-password-2026' });
    // The form still shows its outcome.
    expect(client.getMutationCache().getAll()).toHaveLength(1);
    unsubscribe();
    vi.advanceTimersByTime(1);
    expect(
      JSON.stringify(
        client
          .getMutationCache()
          .getAll()
          .map((m) => m.state),
      ),
    ).not.toContain('demo-password-2026');
  });
});
