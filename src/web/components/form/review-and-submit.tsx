import {
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { isApiClientError, newIdempotencyKey, type ApiClientError } from '../../lib/api-client';
import { useArmed } from '../../lib/use-armed';
import { useScrollFrame } from '../../lib/scroll-frame';
import { LeaveDialog } from './leave-dialog';
import { SubmissionError } from './submission-error';

type Options<TRequest, TResult, TVariables> = {
  mutation: UseMutationResult<TResult, Error, TVariables>;
  /** The mutation's input for a request and the Idempotency-Key it is sent with. */
  variables: (request: TRequest, idempotencyKey: string) => TVariables;
  /** The BFF refused fields: the review closes and the caller puts the messages on them. */
  onFieldErrors: (error: ApiClientError) => void;
  onSuccess?: (result: TResult, request: TRequest) => void;
};

/**
 * Fill in → review exactly what will be sent → submit once. One
 * Idempotency-Key is made per reviewed request and reused on every retry of it, so a double
 * click or a retry after a lost answer creates one record. A failure is told by whether
 * anything was submitted: "not submitted" may be tried again; after an unknown outcome the
 * confirm button is withdrawn and the person is told where to check first.
 */
export function useReviewAndSubmit<TRequest, TResult, TVariables>({
  mutation,
  variables,
  onFieldErrors,
  onSuccess,
}: Options<TRequest, TResult, TVariables>) {
  const [reviewed, setReviewed] = useState<{ request: TRequest; key: string } | null>(null);
  const [result, setResult] = useState<TResult | null>(null);
  // The request whose outcome is unknown, with its key: reviewed again unchanged, it is sent
  // with the same key, so if the first one did arrive the BFF answers with it instead of
  // creating a second one.
  const unsettled = useRef<{ json: string; key: string } | null>(null);
  // A second click lands before React has re-rendered the button disabled: sent once all the same.
  const inFlight = useRef(false);
  // A confirm button that appears where "Review" was clicked is armed a moment later, so a
  // double click cannot confirm unseen.
  const armed = useArmed(reviewed !== null);
  // Field messages from the BFF are put on the fields once the review has closed: the dialog
  // gives focus back to "Review" as it closes, and focus belongs on the first refused field.
  // Effects run after the closing dialog's own clean-up, which is what gives focus back.
  const refusedFields = useRef<ApiClientError | null>(null);
  useEffect(() => {
    const refused = refusedFields.current;
    if (refused === null) return;
    refusedFields.current = null;
    onFieldErrors(refused);
  });

  const send = (request: TRequest, key: string) => {
    inFlight.current = true;
    mutation.mutate(variables(request, key), {
      onSettled: () => {
        inFlight.current = false;
      },
      onSuccess: (answer) => {
        unsettled.current = null;
        setResult(answer);
        setReviewed(null);
        onSuccess?.(answer, request);
      },
      onError: (error) => {
        const notSent = isApiClientError(error) && error.submitted === 'no';
        unsettled.current = notSent ? null : { json: JSON.stringify(request), key };
        if (isApiClientError(error) && error.fields.length > 0) {
          refusedFields.current = error;
          setReviewed(null);
        }
      },
    });
  };

  const onFields = isApiClientError(mutation.error) && mutation.error.fields.length > 0;
  const failure = mutation.isError && !onFields ? mutation.error : null;
  const outcomeUnknown =
    failure !== null && !(isApiClientError(failure) && failure.submitted === 'no');
  const refusal = refusalOf(failure);

  return {
    /** The request under review, exactly as it will be sent. */
    review: reviewed?.request ?? null,
    result,
    armed,
    pending: mutation.isPending,
    /** An error that is not about a field: shown with the review. */
    failure,
    /**
     * The last confirm refused on fields (the review closed, the messages are on the fields),
     * until the next review begins: the outcome of that confirm, for a page that shows it.
     */
    refusedOnFields: mutation.isError && onFields ? (mutation.error as ApiClientError) : null,
    /** Whether it was submitted is not known: no confirm button until the person has checked. */
    outcomeUnknown,
    /** Refused, nothing sent: what about, which decides the way on (see `RefusalKind`). */
    refusal,
    begin(request: TRequest) {
      mutation.reset();
      const same = unsettled.current?.json === JSON.stringify(request);
      setReviewed({
        request,
        key: same && unsettled.current ? unsettled.current.key : newIdempotencyKey(),
      });
    },
    back() {
      if (!mutation.isPending) setReviewed(null);
    },
    submit() {
      if (reviewed && armed && !inFlight.current) send(reviewed.request, reviewed.key);
    },
  };
}

/**
 * What a refusal that sent nothing is about, which decides the way on. `request`: what was
 * asked breaks a rule (ours, 400 and 409, or the platform's when the BFF says so), and the same
 * request would be refused the same way: change it. `state`: something outside the request
 * refused it (an offering closed for now, an account under review) and may pass: changing the
 * request would not help, nor would sending it again at once. `unclear`: the platform refused it
 * and the BFF cannot tell why. A refusal for the moment (429, 503 with nothing sent) is none of
 * these: it may be tried again; the portal's own access to the platform set up wrong is a state.
 */
export type RefusalKind = 'request' | 'state' | 'unclear';

function refusalOf(failure: unknown): RefusalKind | null {
  if (!isApiClientError(failure) || failure.submitted !== 'no') return null;
  // The BFF's word, never the message's wording, says what the refusal is about.
  if (failure.refusal) return failure.refusal;
  if (failure.code === 'bad_request' || failure.code === 'conflict') return 'request';
  if (failure.code === 'upstream_rejected') return 'unclear';
  // The portal's own access to the platform is wrong: sent again, it would be refused alike
  // until support fixes it, as the message says.
  if (failure.code === 'upstream_misconfigured') return 'state';
  return null;
}

export type ReviewFlow = Pick<
  ReturnType<typeof useReviewAndSubmit>,
  'review' | 'armed' | 'pending' | 'failure' | 'outcomeUnknown' | 'refusal' | 'back' | 'submit'
>;

type SubmitOutcomeProps = {
  flow: ReviewFlow;
  progressLabel: string;
  whereToCheck: ReactNode;
  /** Where a money request the register holds appears with its outcome (SubmissionError). */
  whereToWatch?: ReactNode;
};

/** Progress while sending, then what became of a failed request and where to check it. */
export function SubmitOutcome({
  flow,
  progressLabel,
  whereToCheck,
  whereToWatch,
}: SubmitOutcomeProps) {
  const sending = useRef<HTMLElement>(null);
  // Confirm pressed: the buttons are disabled while the request is on its way, and the browser
  // drops the focus from the pressed one to the page body. It goes to the words that say the
  // request is being sent instead, so the person stays in the review until the answer moves
  // the focus to the receipt or to what became of the request.
  useEffect(() => {
    if (!flow.pending) return;
    const focused = document.activeElement;
    const lost = focused === null || focused === document.body || focused.matches(':disabled');
    if (lost) sending.current?.focus();
  }, [flow.pending]);
  return (
    <>
      {flow.pending && (
        // Focused as it appears (see above), so a screen reader reads it out at once; polite
        // where the focus was elsewhere. Not role=status: the receipt that replaces it is that.
        <Typography ref={sending} aria-live="polite" tabIndex={-1} sx={{ mt: 2, outline: 'none' }}>
          {`${progressLabel}… Do not close this page until the answer comes.`}
        </Typography>
      )}
      {flow.pending && <LinearProgress aria-label={progressLabel} sx={{ mt: 1 }} />}
      {flow.pending && <LeaveWhileSending />}
      {flow.failure && (
        <Box sx={{ mt: 2 }}>
          <SubmissionError
            error={flow.failure}
            refusal={flow.refusal}
            whereToCheck={whereToCheck}
            whereToWatch={whereToWatch}
          />
        </Box>
      )}
    </>
  );
}

/**
 * While a request is on its way, leaving the page is asked about first: closing or reloading the
 * tab gets the browser's own question, and a link or the browser's Back within the portal gets
 * a dialog. Leaving does not stop the request; the dialog says where its outcome shows.
 */
function LeaveWhileSending() {
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
  // The portal's pages run in a data router, which can hold a navigation; a form shown alone
  // (as some tests render it) has only the browser's question.
  return useContext(UNSAFE_DataRouterContext) ? <AskBeforeLeaving /> : null;
}

function AskBeforeLeaving() {
  const blocker = useBlocker(true);
  return (
    <LeaveDialog
      blocker={blocker}
      title="Leave while your request is being sent?"
      confirmLabel="Leave this page"
      // The text asks the person to stay to see the answer: the way to do so says it in those words.
      cancelLabel="Stay on this page"
    >
      Your request is on its way and its answer has not come yet. Leaving does not stop it: it is
      listed with its outcome on the requests and timeline of the account, under our reference. Stay
      on this page to see its answer here.
    </LeaveDialog>
  );
}

/**
 * The click that completes a double click (`detail` counts the clicks in a row; a key press gives
 * 0). Review opens on the first click of a double click, and whatever then lies under the pointer
 * (Edit or Back where Review was, the backdrop beside a review dialog) takes the second: it must
 * not undo the review the person has just asked for.
 */
export const completesDoubleClick = (event: { detail: number }) => event.detail > 1;

type ReviewActionsProps = {
  flow: ReviewFlow;
  backLabel: string;
  /**
   * "Back" after an unknown outcome, when closing leads elsewhere than the form: the page that
   * has the person settle the lost request first names where they are sent, not "edit".
   */
  outcomeUnknownBackLabel?: string;
  confirmLabel: string;
  onBack?: () => void;
};

/**
 * "Back" and the confirm button, which says "Try again" after a request that was not sent for
 * the moment. After one refused for what it asks, "Change the request" (back to the form, with
 * what was typed) is the only way on; after one refused for a state outside it, or for a cause
 * not known, only "Back": the alert says what to do instead, and the same request would only be
 * refused again now. After an unknown outcome there is no way back into an edit: "Close" (or
 * `outcomeUnknownBackLabel`, where the page leads somewhere else), while the alert says where to
 * follow the request; a form that is shown again names the request and asks before another is
 * sent (features/money/components/unsettled-requests). None of the ways back takes the click that
 * completes a double click (completesDoubleClick).
 */
export function ReviewActions({
  flow,
  backLabel,
  outcomeUnknownBackLabel = 'Close',
  confirmLabel,
  onBack = flow.back,
}: ReviewActionsProps) {
  const back = (event: MouseEvent) => {
    if (!completesDoubleClick(event)) onBack();
  };
  if (flow.refusal === 'request') {
    return (
      <Button variant="contained" onClick={back}>
        Change the request
      </Button>
    );
  }
  if (flow.refusal) {
    // Not "edit": nothing in the request is known to be wrong.
    return (
      <Button variant="contained" onClick={back}>
        Back
      </Button>
    );
  }
  return (
    <>
      <Button onClick={back} disabled={flow.pending}>
        {flow.outcomeUnknown ? outcomeUnknownBackLabel : backLabel}
      </Button>
      {!flow.outcomeUnknown && (
        <Button variant="contained" onClick={flow.submit} disabled={flow.pending || !flow.armed}>
          {flow.failure ? 'Try again' : confirmLabel}
        </Button>
      )}
    </>
  );
}

/**
 * The review as a dialog over the form: focus moves into it as it opens and back to "Review"
 * as it closes (MUI's focus trap); it cannot be dismissed while the request is on its way. The
 * flow and its words go on to the outcome (SubmitOutcome) and the buttons (ReviewActions), as
 * each of them takes them.
 */
export function ReviewDialog({
  title,
  lead = 'Check the details below.',
  children,
  backLabel = 'Back to edit',
  ...shared
}: SubmitOutcomeProps &
  Omit<ReviewActionsProps, 'backLabel' | 'onBack'> & {
    title: string;
    /**
     * What to check; the dialog adds that nothing is sent until the confirm button, named as it
     * reads. True only until the request is first sent, so it gives way to the outcome (which may
     * be "not known").
     */
    lead?: string;
    children: ReactNode;
    backLabel?: string;
  }) {
  const { flow, confirmLabel } = shared;
  const id = useId();
  const [frame, scrolling] = useScrollFrame<HTMLDivElement>(title);
  return (
    <Dialog
      open={flow.review !== null}
      onClose={(event: { detail?: number }, reason) => {
        // Escape, or a click of its own on the backdrop, closes it; not the second click of the
        // double click on Review that opened it, which lands on the backdrop.
        if (reason === 'backdropClick' && completesDoubleClick({ detail: event.detail ?? 0 }))
          return;
        flow.back();
      }}
      aria-labelledby={id}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={id}>{title}</DialogTitle>
      {/*
       * A long review (the issuer account's seventeen answers, with an outcome below them) scrolls
       * inside the dialog while its buttons stay in view. The focus sits on those buttons, outside
       * the scrolling part, so while it scrolls the part is a named region the keyboard can reach
       * and scroll with the arrow keys, as axe expects of a scrolling area (as ScrollableTable
       * does); a short review that fits is no Tab stop (useScrollFrame).
       */}
      <DialogContent ref={frame} {...scrolling}>
        {!flow.pending && !flow.failure && (
          <Typography>{`${lead} Nothing is sent until you choose ${confirmLabel}.`}</Typography>
        )}
        {children}
        <SubmitOutcome {...shared} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <ReviewActions {...shared} backLabel={backLabel} />
      </DialogActions>
    </Dialog>
  );
}
