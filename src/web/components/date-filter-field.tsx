import { useEffect, useEffectEvent, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';

/** How long typing may pause in the field before the day typed is applied. */
const TYPING_PAUSE_MS = 800;

type DateFilterFieldProps = {
  id?: string;
  /** What the field shows as its label. */
  label: string;
  /** How the messages name the field ("Trading day", "From"). */
  name: string;
  /** The day the page applies (from its URL), '' for none. */
  value: string;
  /** The rule of the day, given the field's name for its messages. */
  rule: (name: string) => z.ZodType<string>;
  /** A further rule of a day that passes `rule` (its order against another field, say). */
  check?: (day: string) => string | undefined;
  /** Emptying the field applies '' (no day); without it an empty field is refused. */
  optional?: boolean;
  onApply: (day: string) => void;
  size?: 'small' | 'medium';
};

/**
 * A native date field that applies its day to the page (a filter, the day shown) only once the
 * day is whole and passes its rule. A browser's date field reports each keystroke: a year being
 * typed is 0002, 0020, 0202 before 2026, a month typed over is 01 before 11, and an unfinished
 * date is ''. Applying each of those would ask for days nobody meant, and the page's render
 * would set the field back and lose the segment being typed. So the field keeps what is typed,
 * applies it after a pause in typing, on leaving the field or on Enter, and says which rule a
 * day breaks instead of applying it. A day picked from the calendar applies at once.
 */
export function DateFilterField({
  id,
  label,
  name,
  value,
  rule,
  check,
  optional = false,
  onApply,
  size,
}: DateFilterFieldProps) {
  const schema = useMemo(() => rule(name), [rule, name]);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string>();
  // A typed day waiting for the pause; `incomplete` when the browser holds an unfinished date.
  const [typed, setTyped] = useState<{ day: string; incomplete: boolean } | null>(null);
  const [shown, setShown] = useState(value);
  const [applied, setApplied] = useState<string | null>(null);
  const keyPressed = useRef(false);

  if (value !== shown) {
    setShown(value);
    setApplied(null);
    // A day that comes from elsewhere (Back, a link, a button) replaces what is typed; the day
    // this field applied comes back as itself and leaves alone what was typed since.
    if (value !== applied) {
      setDraft(value);
      setError(undefined);
      setTyped(null);
    }
  }

  const messageFor = (day: string, incomplete: boolean) => {
    if (incomplete || (day === '' && !optional)) {
      return `${name} must be a whole date: month, day and year`;
    }
    if (day === '') return undefined;
    const checked = schema.safeParse(day);
    return checked.success ? check?.(day) : checked.error.issues[0]?.message;
  };

  const settle = (day: string, incomplete: boolean) => {
    setTyped(null);
    const message = messageFor(day, incomplete);
    setError(message);
    if (message === undefined && day !== value) {
      setApplied(day);
      onApply(day);
    }
  };

  const settleTyped = useEffectEvent(() => {
    if (typed) settle(typed.day, typed.incomplete);
  });
  useEffect(() => {
    if (!typed) return;
    const timer = window.setTimeout(settleTyped, TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  return (
    <TextField
      id={id}
      label={label}
      type="date"
      size={size}
      value={draft}
      onChange={(event) => {
        const input = event.target as HTMLInputElement;
        setDraft(input.value);
        const now = { day: input.value, incomplete: input.validity.badInput };
        if (keyPressed.current) setTyped(now);
        else settle(now.day, now.incomplete);
        keyPressed.current = false;
      }}
      onBlur={(event) => {
        const input = event.target as HTMLInputElement;
        if (typed) settle(input.value, input.validity.badInput);
      }}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              settle(event.currentTarget.value, event.currentTarget.validity.badInput);
            } else if (event.key !== 'Tab') {
              keyPressed.current = true;
            }
          },
        },
      }}
    />
  );
}
