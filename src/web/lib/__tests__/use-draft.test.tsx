// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useCheckedDraft, useDraft } from '../use-draft';

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

describe('a draft its rule reads when it is applied', () => {
  const rule = z.string().trim().min(2, 'Enter at least 2 characters');

  it('shows the rule’s message until a reading passes, and gives what the rule read', () => {
    const { result } = renderHook(() => useCheckedDraft('', rule));
    act(() => result.current.setDraft('a'));
    let checked: { value: string } | undefined;
    act(() => {
      checked = result.current.check();
    });
    expect(checked).toBeUndefined();
    expect(result.current.error).toBe('Enter at least 2 characters');
    act(() => result.current.setDraft(' acme '));
    act(() => {
      checked = result.current.check();
    });
    expect(checked).toEqual({ value: 'acme' });
    expect(result.current.error).toBeUndefined();
  });

  it('reads the text it is given instead of the draft, and clears a message without a reading', () => {
    const { result } = renderHook(() => useCheckedDraft('acme', rule));
    let checked: { value: string } | undefined;
    act(() => {
      checked = result.current.check('x');
    });
    expect(checked).toBeUndefined();
    expect(result.current.draft).toBe('acme');
    expect(result.current.error).toBe('Enter at least 2 characters');
    act(() => result.current.clearError());
    expect(result.current.error).toBeUndefined();
  });

  it('takes a value applied from elsewhere and drops the message', () => {
    const { result, rerender } = renderHook(({ applied }) => useCheckedDraft(applied, rule), {
      initialProps: { applied: 'acme' },
    });
    act(() => {
      result.current.check('x');
    });
    rerender({ applied: 'globex' });
    expect(result.current.draft).toBe('globex');
    expect(result.current.error).toBeUndefined();
  });

  it('binds a text field: its value is the draft, typing changes it, it is in error while refused', () => {
    const { result } = renderHook(() => useCheckedDraft('acme', rule));
    expect(result.current.field).toMatchObject({ value: 'acme', error: false });
    act(() => result.current.field.onChange({ target: { value: 'a' } }));
    expect(result.current.draft).toBe('a');
    act(() => {
      result.current.check();
    });
    expect(result.current.field).toMatchObject({ value: 'a', error: true });
  });
});
