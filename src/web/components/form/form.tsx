import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form checked by a contract schema, so the browser refuses what the BFF would
 * refuse, with the same words naming the field. Checked when a field is left, then as it is
 * corrected; on submit react-hook-form moves focus to the first field in error.
 */
export function useZodForm<Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  /**
   * The field that takes the focus when the form opens: set where the form replaces what had
   * the focus (a receipt gone with "Make another …"), which would otherwise drop it to the
   * page's top.
   */
  focusOnOpen?: FieldPath<z.input<Schema>> | false,
) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<
      z.input<Schema>,
      unknown,
      z.output<Schema>
    >,
    defaultValues,
    mode: 'onTouched',
    // react-hook-form would focus the first field in error in the order the fields were first
    // shown, so one shown later by an earlier answer (a platform id asked for once "the platform
    // holds it" is chosen) comes after every field below it. The first in the page's order takes
    // the focus instead, once the errors of a submission are shown.
    shouldFocusError: false,
  });
  const { setFocus } = form;
  useEffect(() => {
    if (focusOnOpen) setFocus(focusOnOpen);
  }, [focusOnOpen, setFocus]);
  // The form's own element (set by Form or FormDialog): its fields are judged in its order, not
  // by name across the page, where another open form (a dialog over the page's form) may hold a
  // field of the same name. Kept as state, set by the form element's ref callback.
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const { submitCount, errors } = form.formState;
  // The errors of a submission are known with its count; focused once a submission, so a field
  // corrected later does not pull the focus back.
  // As the errors are drawn, before anything else can run: as soon as the page says what is wrong,
  // the focus is on it.
  const focusedFor = useRef(0);
  const [refused, setRefused] = useState('');
  useLayoutEffect(() => {
    if (submitCount === focusedFor.current) return;
    focusedFor.current = submitCount;
    const paths = errorPaths(errors);
    const { path: first, input } = firstInPageOrder(formElement, paths);
    // Moving the focus to the field in error makes a screen reader say it, with its message. A
    // submission with Enter from that very field leaves the focus where it was, and nothing is
    // said: then the form says it. The text changes with every submission (a trailing space or
    // none), so the same refusal twice is said twice.
    const stays = input !== null && input === document.activeElement;
    setRefused(
      first && stays ? refusalSummary(paths.length, messageAt(errors, first), submitCount) : '',
    );
    if (first) setFocus(first as FieldPath<z.input<Schema>>);
  }, [submitCount, errors, setFocus, formElement]);
  // On the object react-hook-form keeps for the form's life (and itself updates as it renders),
  // so the form keeps one identity; the same callback every render.
  return Object.assign(form, { setFormElement, refused });
}

/** What a refused submission says: how many fields to correct, and the first one's message. */
function refusalSummary(count: number, first: string | undefined, submission: number): string {
  const fields = count === 1 ? '1 field needs correcting' : `${count} fields need correcting`;
  const text = first ? `${fields}. ${count === 1 ? '' : 'The first: '}${first}` : `${fields}.`;
  return submission % 2 === 0 ? `${text}\u00a0` : text;
}

/** The message of the field at `path` ("address.city") among react-hook-form's nested errors. */
function messageAt(errors: object, path: string): string | undefined {
  const found = path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      errors,
    );
  const message =
    found && typeof found === 'object' ? (found as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** The paths of the fields in error ("address.city"), from react-hook-form's nested errors. */
function errorPaths(errors: object, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]: [string, unknown]) => {
    if (typeof value !== 'object' || value === null) return [];
    const path = `${prefix}${key}`;
    return 'message' in value || 'type' in value ? [path] : errorPaths(value, `${path}.`);
  });
}

/**
 * Of the fields at these paths, the one that comes first in the form, with its input (null when
 * not found): its input is found among
 * the form's own elements by its name (a radio group's inputs share it) or by the id every bound
 * field gives it (`field-<name>`). Without its element (a form not drawn through Form or
 * FormDialog), the page is searched.
 */
function firstInPageOrder(
  formElement: HTMLFormElement | null,
  paths: string[],
): { path: string | undefined; input: Element | null } {
  const shown = paths.flatMap((path) => {
    const byId = document.getElementById(`field-${path}`);
    const input = formElement
      ? (firstNamed(formElement.elements.namedItem(path)) ??
        (byId && formElement.contains(byId) ? byId : null))
      : (document.getElementsByName(path)[0] ?? byId);
    return input ? [{ path, input }] : [];
  });
  shown.sort((a, b) =>
    a.input.compareDocumentPosition(b.input) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  return shown[0] ?? { path: paths[0], input: null };
}

/** A radio group's inputs share their name: the first of them. */
const firstNamed = (named: Element | RadioNodeList | null) =>
  named instanceof RadioNodeList ? ((named[0] as Element | undefined) ?? null) : named;

/** How a form element is handed to its useZodForm form: as its ref callback. */
export type FormElementSetter = (element: HTMLFormElement | null) => void;

type FormProps<TIn extends FieldValues, TOut> = {
  /** A useZodForm form, which is given this form's element (setFormElement). */
  form: UseFormReturn<TIn, unknown, TOut> & {
    setFormElement?: FormElementSetter;
    /** What the last refused submission said (useZodForm): announced by the form. */
    refused?: string;
  };
  /** Called with the schema's output once every field passes. */
  onValid: SubmitHandler<TOut>;
  /** Called when a submission fails the schema (the fields show why). */
  onInvalid?: SubmitErrorHandler<TIn>;
  children: ReactNode;
  'aria-label'?: string;
  sx?: SxProps<Theme>;
};

/**
 * The one form element of the portal: no browser validation bubbles (the fields show the
 * contract's messages, linked to their inputs), and submitting runs the schema first.
 */
export function Form<TIn extends FieldValues, TOut>({
  form,
  onValid,
  onInvalid,
  children,
  sx,
  ...rest
}: FormProps<TIn, TOut>) {
  const movedPress = useMovedSubmitPress();
  const { setFormElement } = form;
  return (
    <Box
      component="form"
      ref={setFormElement}
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
      onPointerDown={movedPress.onPointerDown}
      sx={sx}
      {...rest}
    >
      {children}
      {form.refused !== undefined && (
        // A live region with no role of its own: the form's other statuses (a saved user, a sent
        // request) are what a page's "status" is; this one only echoes the fields' messages.
        <span className="visually-hidden" aria-live="polite" aria-atomic="true">
          {form.refused}
        </span>
      )}
    </Box>
  );
}

/**
 * A press on the submit button that the button moved away from before its release. Pressing it
 * leaves the field being typed in, which is checked as it is left: its message shows, the text
 * under it grows a line (a refused amount says why at length) or shrinks one (a two-line hint
 * replaced by a one-line refusal), and everything below moves before the pointer is released.
 * The browser then gives the click to whatever is now under the pointer (the form, or the page
 * below a form that got shorter), not the button, and nothing happens: no submission, focus left
 * on the button, the refused field not focused, and the person must press again. Released where
 * the button was when pressed, the press is taken as meant: the form is submitted by that button,
 * and the first field in error takes the focus as any submission does. Released elsewhere, it is
 * the usual way to take a press back. The release is listened for on the whole document, since
 * it may land outside the form.
 */
function useMovedSubmitPress() {
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => () => pending.current?.(), []);
  return {
    onPointerDown: (event: PointerEvent<HTMLFormElement>) => {
      pending.current?.();
      const button =
        event.button === 0 && event.target instanceof Element
          ? event.target.closest<HTMLButtonElement>('button[type="submit"]')
          : null;
      if (!button) return;
      const form = event.currentTarget;
      const at = button.getBoundingClientRect();
      const stop = () => {
        document.removeEventListener('pointerup', onRelease, true);
        document.removeEventListener('pointercancel', stop, true);
        pending.current = null;
      };
      function onRelease(release: MouseEvent) {
        stop();
        // Released on the button: its own click submits.
        if (release.target instanceof Node && button!.contains(release.target)) return;
        const where =
          release.clientX >= at.left &&
          release.clientX <= at.right &&
          release.clientY >= at.top &&
          release.clientY <= at.bottom;
        if (where && button!.isConnected && !button!.disabled) form.requestSubmit(button);
      }
      document.addEventListener('pointerup', onRelease, true);
      document.addEventListener('pointercancel', stop, true);
      pending.current = stop;
    },
  };
}

/** The button that checks the form and opens its review ("Review investment"). */
export function ReviewButton({
  children,
  buttonRef,
}: {
  children: ReactNode;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Box>
      <Button type="submit" variant="contained" ref={buttonRef}>
        {children}
      </Button>
    </Box>
  );
}
