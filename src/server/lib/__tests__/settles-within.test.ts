import { afterEach, describe, expect, it, vi } from 'vitest';
import { settlesWithin } from '../settles-within';

afterEach(() => {
  vi.useRealTimers();
});

describe('settlesWithin', () => {
  it('is true for work that resolves or fails in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    expect(await settlesWithin(Promise.resolve('done'), 1_000)).toBe(true);
    expect(await settlesWithin(Promise.reject(new Error('failed')), 1_000)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is false once the time has passed with the work still running', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const work = new Promise<void>((resolve) => (finish = resolve));
    const waited = settlesWithin(work, 1_000);
    await vi.advanceTimersByTimeAsync(999);
    finish();
    expect(await waited).toBe(true);

    const never = settlesWithin(new Promise(() => undefined), 1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await never).toBe(false);
  });
});
