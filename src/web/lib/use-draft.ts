import { useState } from 'react';

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
