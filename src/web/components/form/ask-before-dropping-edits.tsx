import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LeaveDialog } from './leave-dialog';

type AskBeforeDroppingEditsProps = {
  /** The form holds changes not saved (or not sent) yet. */
  dirty: boolean;
  /** What the changes are of, in a sentence ("the trading hours of Aspen Ridge Class A"). */
  what: string;
  /**
   * What the form does with them: `save` a record (the default), or `send` a request, whose
   * answers the portal keeps nowhere until it is sent (personal and bank details are not put in
   * browser storage): the question says so in those words.
   */
  then?: 'save' | 'send';
};

const questions = {
  save: {
    title: 'Leave without saving your changes?',
    confirmLabel: 'Leave and drop my changes',
    cancelLabel: 'Stay and keep editing',
    text: (what: string) =>
      `Your changes to ${what} are not saved. Leaving drops them; stay to save them.`,
  },
  send: {
    title: 'Leave without sending your request?',
    confirmLabel: 'Leave and drop what I typed',
    cancelLabel: 'Stay and finish the request',
    text: (what: string) =>
      `What you typed for ${what} is not sent yet, and the portal keeps no copy of it: leaving drops it. Stay to finish and send it.`,
  },
};

/**
 * While a form holds changes not saved (or a request not sent) yet, leaving it is asked about
 * first: another page, or
 * another record on the same page (the security picker of the trading hours changes only the
 * address), gets a dialog; closing or reloading the tab gets the browser's own question. Without
 * it a person who switched to another security to compare lost every time typed, unwarned.
 */
export function AskBeforeDroppingEdits({
  dirty,
  what,
  then = 'save',
}: AskBeforeDroppingEditsProps) {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  // The portal's pages run in a data router, which can hold a navigation; a form shown alone
  // (as some tests render it) has only the browser's question. The router heeds one blocker at a
  // time, the last put in place: this one is there only while there is something to lose, so it
  // never stands in for the question a request on its way asks (review-and-submit).
  const inRouter = Boolean(useContext(UNSAFE_DataRouterContext));
  return dirty && inRouter ? <AskInRouter what={what} then={then} /> : null;
}

function AskInRouter({ what, then }: Required<Omit<AskBeforeDroppingEditsProps, 'dirty'>>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      // Signing out, or in as someone else after the session ended: the session is gone by the
      // time the page moves to sign in, so nothing could be saved any more, and a held
      // navigation left a signed-out person on this page.
      nextLocation.pathname !== paths.auth.signIn.path &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  const { text, ...question } = questions[then];
  return (
    <LeaveDialog blocker={blocker} {...question} destructive>
      {text(what)}
    </LeaveDialog>
  );
}
