import {
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
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
  /**
   * A further rule of a day that passes `rule` (its order against another field, say). It may
   * change with the page: a day it refused is checked again on each render and applied once it
   * holds, so the field never keeps a day that the page could use but does not.
   */
  check?: (day: string) => string | undefined;
  /** Emptying the field applies '' (no day); without it an empty field is refused. */
  optional?: boolean;
  onApply: (day: string) => void;
  size?: 'small' | 'medium';
  /** The BFF's refusal of the day applied (an address edited by hand), until another is entered. */
  refused?: string;
  /** The date input itself: for a page whose button that changed the day goes with the change. */
  inputRef?: Ref<HTMLInputElement>;
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
  refused: refusedByBff,
  inputRef,
}: DateFilterFieldProps) {
  const schema = useMemo(() => rule(name), [rule, name]);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string>();
  // A typed day waiting for the pause; `incomplete` when the browser holds an unfinished date.
  const [typed, setTyped] = useState<{ day: string; incomplete: boolean } | null>(null);
  const [shown, setShown] = useState(value);
  const [applied, setApplied] = useState<string | null>(null);
  // A whole day that passed `rule` but was refused by `check`: what `check` depends on (the other
  // end of a period) may move, and then the refusal may no longer be true.
  const [refused, setRefused] = useState<string | null>(null);
  // Such a day once it holds, for the page to get after the render that found it holding.
  const [reapplied, setReapplied] = useState<string | null>(null);
  const keyPressed = useRef(false);

  if (value !== shown) {
    setShown(value);
    setApplied(null);
    setReapplied(null);
    // A day that comes from elsewhere (Back, a link, a button) replaces what is typed; the day
    // this field applied comes back as itself and leaves alone what was typed since.
    if (value !== applied) {
      setDraft(value);
      setError(undefined);
      setTyped(null);
      setRefused(null);
    }
  }

  /** The rule the day breaks on its own, whatever the rest of the page holds. */
  const ruleBroken = (day: string, incomplete: boolean) => {
    if (incomplete || (day === '' && !optional)) {
      return `${name} must be a whole date: month, day and year`;
    }
    if (day === '') return undefined;
    const checked = schema.safeParse(day);
    return checked.success ? undefined : checked.error.issues[0]?.message;
  };

  const settle = (day: string, incomplete: boolean) => {
    setTyped(null);
    const broken = ruleBroken(day, incomplete);
    const message = broken ?? (day === '' ? undefined : check?.(day));
    setError(message);
    setRefused(broken === undefined && message !== undefined ? day : null);
    if (message === undefined && day !== value) {
      setApplied(day);
      onApply(day);
    }
  };

  // The refusal as it stands now, against what the page holds on this render. Once the other end
  // has moved so that the refused day holds, the day is taken as if entered again (unless another
  // day is being typed over it, which settles in its turn); the page gets it just after render.
  const refusal = refused === null ? undefined : check?.(refused);
  if (refused !== null && refusal === undefined && !typed) {
    setRefused(null);
    setError(undefined);
    if (refused !== value) {
      setApplied(refused);
      setReapplied(refused);
    }
  }
  // What is entered is checked first; the BFF's refusal stands for the day it was sent.
  const shownError =
    (refused === null ? error : refusal) ?? (draft === value ? refusedByBff : undefined);
  const applyAgain = useEffectEvent((day: string) => onApply(day));
  useEffect(() => {
    if (reapplied !== null) applyAgain(reapplied);
  }, [reapplied]);

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
        // An empty date typed into only in part sends no change event: badInput alone tells it.
        if (typed || input.validity.badInput) settle(input.value, input.validity.badInput);
      }}
      error={Boolean(shownError)}
      helperText={shownError}
      inputRef={inputRef}
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
