import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inTimeAfter } from '../in-time';

/** A promise and the functions that settle it, for the test to decide when each part answers. */
function part<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('a side read in time after the main part', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits as long as the main part takes, and answers what the side read gave', async () => {
    const main = part<string>();
    const side = part<string>();
    const got = inTimeAfter(main.promise, side.promise, () => 'late', 100);
    await vi.advanceTimersByTimeAsync(10_000);
    side.resolve('read');
    main.resolve('main');
    await expect(got).resolves.toBe('read');
  });

  it('gives what late() says once the grace after the main part has passed, and drops the read', async () => {
    const main = part<string>();
    const side = part<string>();
    let settled: string | undefined;
    void inTimeAfter(main.promise, side.promise, () => 'late', 100).then((v) => (settled = v));
    main.resolve('main');
    await vi.advanceTimersByTimeAsync(99);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('late');
    // Its failure afterwards troubles nobody.
    side.reject(new Error('failed after all'));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe('late');
  });

  it('counts the grace from a main part that failed too, and leaves no timer once the read is in', async () => {
    const main = part<string>();
    const side = part<string>();
    const got = inTimeAfter(main.promise, side.promise, () => 'late', 100);
    main.reject(new Error('main failed'));
    await vi.advanceTimersByTimeAsync(50);
    side.resolve('read');
    await expect(got).resolves.toBe('read');
    expect(vi.getTimerCount()).toBe(0);
  });
});
