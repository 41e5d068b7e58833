// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDraft } from '../use-draft';

afterEach(cleanup);

/** A draft of the applied 'acme', with 'a' typed over it and refused. */
function typedWithError() {
  const hook = renderHook(({ applied }) => useDraft(applied, null as string | null), {
    initialProps: { applied: 'acme' },
  });
  act(() => {
    hook.result.current[1]('a');
    hook.result.current[3]('At least 2 characters');
  });
  return hook;
}

describe('a draft of what the page applies', () => {
  it('keeps what is typed and its error while the applied value stays', () => {
    const { result, rerender } = typedWithError();
    rerender({ applied: 'acme' });
    expect(result.current[0]).toBe('a');
    expect(result.current[2]).toBe('At least 2 characters');
  });

  it('takes a value applied from elsewhere and clears its errors', () => {
    const { result, rerender } = typedWithError();
    rerender({ applied: 'globex' });
    expect(result.current[0]).toBe('globex');
    expect(result.current[2]).toBeNull();
  });

  it('tells a change by the comparison it is given, not by identity', () => {
    const same = (a: { q: string }, b: { q: string }) => a.q === b.q;
    const { result, rerender } = renderHook(({ applied }) => useDraft(applied, {}, same), {
      initialProps: { applied: { q: 'acme' } },
    });
    act(() => result.current[1]({ q: 'ac' }));
    rerender({ applied: { q: 'acme' } });
    expect(result.current[0]).toEqual({ q: 'ac' });
    rerender({ applied: { q: 'globex' } });
    expect(result.current[0]).toEqual({ q: 'globex' });
  });
});
