import { useState } from 'react';
import type { z } from 'zod';

/**
 * A form's draft of what the page applies (a search, filters) and the errors shown on it, each
 * with its setter as useState gives them. What is applied may also change from elsewhere (back
 * and forward, a link): the draft then takes it and the errors clear, in place rather than by
 * mounting the form anew, so the box or button that ran the search keeps the focus instead of
 * dropping it to the page body.
 */
export function useDraft<T, Errors>(
  applied: T,
  noErrors: Errors,
  same: (a: T, b: T) => boolean = Object.is,
) {
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState(noErrors);
  const [shown, setShown] = useState(applied);
  if (!same(shown, applied)) {
    setShown(applied);
    setDraft(applied);
    setErrors(noErrors);
  }
  return [draft, setDraft, errors, setErrors] as const;
}

/**
 * A draft of one typed field (a search, an id to filter by) that its rule reads when it is
 * applied: the rule's first message stands under the field, in the BFF's words, until a reading
 * passes. The draft follows the applied value as useDraft's does.
 */
export function useCheckedDraft<Out>(applied: string, rule: z.ZodType<Out>) {
  const [draft, setDraft, error, setError] = useDraft<string, string | undefined>(
    applied,
    undefined,
  );
  /** What the rule reads in the text (the draft by default), or undefined once it refuses it. */
  const check = (text: string = draft): { value: Out } | undefined => {
    const checked = rule.safeParse(text);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return undefined;
    }
    setError(undefined);
    return { value: checked.data };
  };
  /** Takes the message away without a reading: the field was emptied, which sets no filter. */
  const clearError = () => setError(undefined);
  /** The text field's value, its typing and its error state, bound to the draft. */
  const field = {
    value: draft,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    error: Boolean(error),
  };
  return { draft, setDraft, error, setError, check, clearError, field };
}
