import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LeaveDialog } from './leave-dialog';

type AskBeforeDroppingEditsProps = {
  /** The form holds changes not saved yet. */
  dirty: boolean;
  /** What the changes are of, in a sentence ("the trading hours of Aspen Ridge Class A"). */
  what: string;
};

/**
 * While a form holds changes not saved yet, leaving it is asked about first: another page, or
 * another record on the same page (the security picker of the trading hours changes only the
 * address), gets a dialog; closing or reloading the tab gets the browser's own question. Without
 * it a person who switched to another security to compare lost every time typed, unwarned.
 */
export function AskBeforeDroppingEdits({ dirty, what }: AskBeforeDroppingEditsProps) {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  // The portal's pages run in a data router, which can hold a navigation; a form shown alone
  // (as some tests render it) has only the browser's question.
  return useContext(UNSAFE_DataRouterContext) ? <AskInRouter dirty={dirty} what={what} /> : null;
}

function AskInRouter({ dirty, what }: AskBeforeDroppingEditsProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      // Signing out, or in as someone else after the session ended: the session is gone by the
      // time the page moves to sign in, so nothing could be saved any more, and a held
      // navigation left a signed-out person on this page.
      nextLocation.pathname !== paths.auth.signIn.path &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  return (
    <LeaveDialog
      blocker={blocker}
      title="Leave without saving your changes?"
      confirmLabel="Leave and drop my changes"
      cancelLabel="Stay and keep editing"
      destructive
    >
      {`Your changes to ${what} are not saved. Leaving drops them; stay to save them.`}
    </LeaveDialog>
  );
}
