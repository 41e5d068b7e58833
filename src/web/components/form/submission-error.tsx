import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, isApiClientError, isStepUpRefusal } from '../../lib/api-client';
import { paths } from '../../config/paths';
import { standingRefusalMessage } from '../../../contract/money-requests';
import { viewerInstantWords } from '../../lib/format';
import { focusOnMount } from '../../lib/focus';
import type { RefusalKind } from './review-and-submit';
import { SupportReference } from '../errors/support-reference';
import { StepUpCancelled } from '../errors/step-up-cancelled';

/** What to do after a refusal that sent nothing, by what it is about (see `RefusalKind`). */
const afterRefusal = {
  request: 'Nothing was sent, so you can correct it and try again.',
  state:
    'Nothing was sent, and nothing in your request needs to change: the platform refused it because of a state that may pass, such as an offering paused or closed for now, a closed market or an account under review. Wait until that changes, or contact support to find out when it will.',
  unclear:
    'Nothing was sent. If you cannot see what in the request to change, contact support before sending it again.',
} as const;

/**
 * What to do after the platform itself refused it: it reached the platform (so never "nothing
 * was sent"), and the message has said that nothing was changed. Support is asked by our
 * reference where there is one, by the request's reference otherwise (SupportReference).
 */
const afterPlatformRefusal = (refusal: RefusalKind, reference: boolean) => {
  const support = reference ? 'contact support and quote our reference' : 'contact support';
  switch (refusal) {
    case 'request':
      return 'Change what it names and send it again.';
    case 'state':
      return `Nothing in your request is known to be wrong, so sending it again now would be refused the same way: ${support}.`;
    case 'unclear':
      return `If you cannot see what in the request to change, ${support} before sending it again.`;
  }
};

/** The platform had the request and refused it (a rule, a missing permission of the portal's). */
const isPlatformRefusal = (error: unknown) =>
  isApiClientError(error) &&
  (error.code === 'upstream_rejected' || error.code === 'upstream_permission');

/**
 * Refused because earlier requests stand in its way (being sent, of unknown outcome, or the same
 * one made moments ago): the message names them, and going back to the form asks whether this is
 * an additional one. Nothing about the platform's state needs waiting for.
 */
const AFTER_STANDING =
  'Nothing was sent. Go back: the form names the earlier request and sends this one only once you confirm that it is an additional one.';

const namesStanding = (error: unknown) =>
  isApiClientError(error) && (error.standing?.length ?? 0) > 0;

/**
 * The error's message; a refusal naming earlier requests is worded again with their times in the
 * viewer's zone (the BFF writes them in UTC), when the message is the one it names them with.
 */
function messageOf(error: unknown): string {
  const message = errorMessage(error);
  const standing = isApiClientError(error) ? error.standing : undefined;
  if (!standing?.length) return message;
  const kind = standing[0].kind;
  return standingRefusalMessage(kind, standing) === message
    ? standingRefusalMessage(kind, standing, viewerInstantWords)
    : message;
}

/** A refusal for the moment (too many requests, the platform unavailable): nothing to correct. */
const FOR_THE_MOMENT =
  'Nothing was sent, and nothing in your request needs to change: send it again in a moment.';

const isForTheMoment = (error: unknown) =>
  isApiClientError(error) && (error.status === 429 || error.status === 503);

/**
 * The session had ended (401): the BFF refused it before anything reached the platform, and the
 * signed-in layout asks the person to sign in again over the page, which keeps the request.
 */
const AFTER_SESSION_ENDED =
  'Nothing in your request needs to change: once you are signed in again, send it again.';

const isSessionEnded = (error: unknown) => isApiClientError(error) && error.status === 401;

/** Once the same person has signed in again over the page, the form says so: send it now. */
const SIGNED_IN_AGAIN = 'You are signed in again: nothing was sent; send it now.';

/** Whether the person whose session had ended on this error has signed in again since. */
function useSignedInAgain(error: unknown): boolean {
  const [againAfter, setAgainAfter] = useState<unknown>(null);
  const resumed = isApiClientError(error) ? error.signedInAgain : undefined;
  useEffect(() => {
    if (!resumed) return;
    let live = true;
    void resumed.then((same) => {
      if (live && same) setAgainAfter(error);
    });
    return () => {
      live = false;
    };
  }, [resumed, error]);
  return againAfter !== null && againAfter === error;
}

/**
 * A failed money-moving request, told by whether anything was submitted: `no` says what the
 * refusal was about and so what to do (change it, wait, ask support); a refusal for the moment
 * can be tried again safely; `unknown` gets one instruction. A request the register holds (our
 * reference came back) is settled by the portal, so it is not to be sent again, and
 * `whereToWatch` says where its outcome appears; one without (the BFF never answered) is to be
 * checked first (`whereToCheck`), since sending it again could not tell us more.
 *
 * One reference to quote: ours (MR-…) when the register holds the request; otherwise, where
 * the person may need support, the BFF's request id, labelled as the id support looks up.
 * Leaving the second-factor dialog is no failure: nothing was sent, and it says so plainly.
 */
export function SubmissionError({
  error,
  refusal = null,
  whereToCheck,
  whereToWatch,
}: {
  error: unknown;
  refusal?: RefusalKind | null;
  whereToCheck: ReactNode;
  /** Where a request the register holds appears with its outcome: "the <page>". */
  whereToWatch?: ReactNode;
}) {
  const signedInAgain = useSignedInAgain(error);
  if (isStepUpRefusal(error))
    return (
      <StepUpCancelled
        error={error}
        title="Cancelled — nothing was sent"
        again="Choose Try again when you are ready."
        thenAgain="send it again"
        takesFocus
      />
    );
  const platform = isPlatformRefusal(error);
  const submitted = isApiClientError(error) ? error.submitted : 'unknown';
  const reference = isApiClientError(error) ? error.reference : undefined;
  const requestId = isApiClientError(error) ? error.requestId : undefined;
  const message = messageOf(error);
  const platformRefusal: RefusalKind = refusal ?? 'unclear';
  // A permission the portal lacks at the platform: nothing the person can change, and it may be
  // granted, so "Try again" stays (ReviewActions).
  const missingPermission = isApiClientError(error) && error.code === 'upstream_permission';
  const mentionsSupport =
    submitted !== 'no' ||
    (platform
      ? missingPermission || platformRefusal !== 'request'
      : refusal === 'state' || refusal === 'unclear');
  return (
    <Alert
      severity={submitted === 'no' ? 'error' : 'warning'}
      role="alert"
      tabIndex={-1}
      ref={focusOnMount}
    >
      <AlertTitle>
        {submitted !== 'no'
          ? 'We do not know whether this was submitted'
          : platform
            ? 'Refused by the platform'
            : 'Not submitted'}
      </AlertTitle>
      {signedInAgain ? SIGNED_IN_AGAIN : message}
      {signedInAgain ? null : submitted === 'no' ? (
        // The message is the BFF's own sentence pair, why and what to do: nothing to add.
        isApiClientError(error) && error.nextStep ? null : (
          <>
            {' '}
            {namesStanding(error)
              ? AFTER_STANDING
              : missingPermission
                ? `Nothing in your request needs to change: an administrator can grant the portal the permission. Try again once it is granted, or ${reference ? 'contact support and quote our reference' : 'contact support'}.`
                : platform
                  ? afterPlatformRefusal(platformRefusal, reference !== undefined)
                  : refusal
                    ? afterRefusal[refusal]
                    : isSessionEnded(error)
                      ? AFTER_SESSION_ENDED
                      : isForTheMoment(error)
                        ? FOR_THE_MOMENT
                        : afterRefusal.request}
          </>
        )
      ) : reference ? (
        whereToWatch && <> Its outcome appears on {whereToWatch}.</>
      ) : whereToWatch ? (
        // No answer at all (the portal could not be reached): a money request that reached the
        // portal is in the register from its first step, so that is where it shows. The person
        // was never given our reference, so it is found by what they know: when and how much.
        <>
          {' '}
          If it reached the portal, it is listed on {whereToWatch}, newest first, at this amount and
          the time you sent it, with its outcome. If it is not listed there, contact support before
          sending it again.
        </>
      ) : (
        <> Before trying again, {whereToCheck}.</>
      )}
      {reference && !message.includes(reference) && (
        <>
          {' '}
          Our reference: <span translate="no">{reference}</span>.
        </>
      )}
      {!reference && mentionsSupport && <SupportReference requestId={requestId} mayPass={false} />}
    </Alert>
  );
}

/**
 * Where to check a request that the portal lists on one of its pages once it has arrived:
 * "check the <page> (note) or contact support", read after "Before trying again,".
 */
export function CheckPageOrSupport({
  to,
  page,
  note,
}: {
  to: string;
  /** The link's words: "offering", "custody account status". */
  page: string;
  /** Where on that page, after the link: "for your purchase". */
  note?: string;
}) {
  return (
    <>
      check the{' '}
      <Link component={RouterLink} to={to}>
        {page}
      </Link>{' '}
      {note && `${note} `}or contact support
    </>
  );
}

/**
 * The page that lists the money requests of an account, each with its outcome, as `whereToWatch`
 * reads it: "the <page>".
 */
export function AccountRequestsLink({ accountId }: { accountId: string }) {
  return (
    <>
      the{' '}
      <Link component={RouterLink} to={paths.app.accountMoney.getHref(accountId)}>
        requests and timeline of this account
      </Link>
    </>
  );
}

/**
 * Where to check a money request of an account (a deposit, a disbursement): the register lists it
 * on the account's requests and timeline under our reference, whatever became of it.
 */
function CheckAccountRequests({ accountId }: { accountId: string }) {
  return (
    <CheckPageOrSupport
      to={paths.app.accountMoney.getHref(accountId)}
      page="requests and timeline of this account"
      note="(it is listed there with our reference)"
    />
  );
}

/**
 * A money request of an account (a deposit, a disbursement, an investment): where its review
 * dialog tells the person to check it after a failure, and to watch it once sent. Both are the
 * account's requests and timeline, where the register lists it under our reference.
 */
export const accountRequestPlaces = (accountId: string) => ({
  whereToCheck: <CheckAccountRequests accountId={accountId} />,
  whereToWatch: <AccountRequestsLink accountId={accountId} />,
});
