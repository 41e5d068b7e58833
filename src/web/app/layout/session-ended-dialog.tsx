import { lazy, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Session, SessionUser } from '../../../contract/session';
import type { SessionEndReason } from '../../../contract/signed-out';
import { homeHref, paths, singleSignOnHref } from '../../config/paths';
import { readLiveSession, sessionQueryKey } from '../../features/auth/api/get-session';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { SessionEndedReason } from '../../features/auth/components/session-ended-reason';
import { openSignInWindow, whenSignedInElsewhere } from '../../features/auth/lib/sign-in-window';
import { Notice } from '../../components/notice';
import { setSessionEndedHandler } from '../../lib/api-client';

// As on the sign-in page: the second step loads only for people who have one.
const SecondFactorStep = lazy(
  () => import('../../features/identity/components/second-factor-step'),
);

type Ended = {
  /** Who was signed in: only they get the page back as they left it. */
  user: SessionUser;
  /** A write was refused: nothing was sent, and the dialog says so. */
  write: boolean;
  /** Why the session ended, when the BFF said (contract/signed-out). */
  reason?: SessionEndReason;
  /** The reads waiting to go again, told whether the same person signed in again. */
  waiting: ((same: boolean) => void)[];
};

/**
 * A session that ended while a page is open (idle or absolute expiry, ended from My sessions, the
 * user disabled or changed by an admin) is signed into again over the page, as step-up is: the
 * page stays mounted, so what the person typed (a wire instruction, a week of trading hours) is
 * still there, held in memory only. The backdrop is opaque, so nothing of the page can be read by
 * whoever sits down at the screen meanwhile. The same person signed in again: the page's data is
 * read again and they check and send what they typed. Anyone else (or the same person in another
 * role), or "Sign in as someone else": the page and everything cached go before they see anything
 * (`hidePage`), and they start afresh.
 */
export function SessionEndedDialogHost({ hidePage }: { hidePage: (hidden: boolean) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const textId = useId();
  const [ended, setEnded] = useState<Ended | null>(null);
  /** Single sign-on's own window: opened, or blocked by the browser. */
  const [signInWindow, setSignInWindow] = useState<'open' | 'blocked' | null>(null);
  const endedRef = useRef<Ended | null>(null);
  const paperRef = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      setSessionEndedHandler(
        ({ write, reason }) =>
          new Promise<boolean>((resolve) => {
            const current = endedRef.current;
            if (current) {
              current.waiting.push(resolve);
              // The first reason told is kept: once GET /api/session has answered (and cleared the
              // cookie), later refusals have no session to say anything about.
              if ((write && !current.write) || (reason && !current.reason)) {
                endedRef.current = {
                  ...current,
                  write: current.write || write,
                  reason: current.reason ?? reason,
                };
                setEnded(endedRef.current);
              }
              return;
            }
            const user = queryClient.getQueryData<Session | null>(sessionQueryKey)?.user;
            if (!user) {
              resolve(false);
              return;
            }
            endedRef.current = { user, write, reason, waiting: [resolve] };
            setEnded(endedRef.current);
          }),
      ),
    [queryClient],
  );

  const settle = (same: boolean) => {
    const waiting = endedRef.current?.waiting ?? [];
    endedRef.current = null;
    setEnded(null);
    setSignInWindow(null);
    for (const resolve of waiting) resolve(same);
  };

  /** A clean start: the page (and what was typed) and every cached answer go first. */
  const startAfresh = (to: string, keepSession: boolean) => {
    flushSync(() => hidePage(true));
    queryClient.removeQueries({
      predicate: ({ queryKey: [key] }) => key !== 'config' && !(keepSession && key === 'session'),
    });
    queryClient.getMutationCache().clear();
    settle(false);
    void (async () => {
      await navigate(to, { replace: true });
      hidePage(false);
    })();
  };

  const signedIn = () => {
    const now = queryClient.getQueryData<Session | null>(sessionQueryKey)?.user;
    const was = endedRef.current?.user;
    // The same person in another role (an admin changed it) may no longer use this page: they
    // start afresh too, from their new role's home.
    if (!was || now?.id !== was.id || now.role !== was.role) {
      startAfresh(homeHref(), true);
      return;
    }
    settle(true);
    // What the page shows may have changed meanwhile; what was typed stays as it was.
    void queryClient.invalidateQueries();
  };

  // Signed in in single sign-on's window (or another tab): carried on with as after the form, once
  // the BFF says who is signed in now. A window closed before anyone signed in changes nothing.
  const isOpen = ended !== null;
  const signedInElsewhere = useEffectEvent(signedIn);
  useEffect(() => {
    if (!isOpen) return;
    let checking = false;
    return whenSignedInElsewhere(() => {
      if (checking) return;
      checking = true;
      void readLiveSession()
        .then((session) => {
          if (!session || !endedRef.current) return;
          queryClient.setQueryData(sessionQueryKey, session);
          signedInElsewhere();
        })
        .catch(() => undefined)
        .finally(() => (checking = false));
    });
  }, [isOpen, queryClient]);

  const returnTo = `${location.pathname}${location.search}`;
  return (
    <Dialog
      open={ended !== null}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      // No onClose (Escape, a click outside): the page behind stays hidden until someone signs in.
      slotProps={{
        backdrop: { sx: { bgcolor: 'background.default' } },
        paper: { ref: paperRef },
        // The email is known: the keyboard starts in the password, unless the person has
        // already moved into the dialog (to change the email) as it opened.
        transition: {
          onEntered: () => {
            const paper = paperRef.current;
            const active = document.activeElement;
            if (!paper || (active !== paper && paper.contains(active))) return;
            paper.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
          },
        },
      }}
    >
      <DialogTitle id={titleId}>Your session has ended</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id={textId}>
          {ended?.reason && (
            <>
              <SessionEndedReason reason={ended.reason} />{' '}
            </>
          )}
          {ended?.write && 'Nothing was sent or saved: your session had ended before you sent it. '}
          Sign in again as {ended?.user.email} and this page is as you left it, with what you typed
          {ended?.write ? ', for you to check and send again.' : '.'}
        </DialogContentText>
        {signInWindow === 'open' && (
          <Notice severity="info">
            Single sign-on opened in a window of its own. Sign in there; this page carries on once
            you have.
          </Notice>
        )}
        {signInWindow === 'blocked' && (
          <Notice severity="error">
            Your browser did not open single sign-on&apos;s window. Allow pop-up windows for this
            site and choose it again: signing in here would leave this page and lose what you typed.
          </Notice>
        )}
        {ended && (
          <SignInForm
            SecondFactorStep={SecondFactorStep}
            onSuccess={signedIn}
            returnTo={returnTo}
            email={ended.user.email}
            keepCache
            onSingleSignOn={() =>
              setSignInWindow(
                openSignInWindow(singleSignOnHref(paths.auth.signedInWindow.getHref()))
                  ? 'open'
                  : 'blocked',
              )
            }
          />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', justifyContent: 'flex-start', px: 3, pb: 2 }}>
        <Button
          onClick={() =>
            startAfresh(paths.auth.signIn.getHref({ reason: ended?.reason ?? 'expired' }), false)
          }
        >
          Sign in as someone else
        </Button>
        <DialogContentText variant="body2">
          This clears the page and what was typed on it.
        </DialogContentText>
      </DialogActions>
    </Dialog>
  );
}
