import { lazy, useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { Notice } from '../../../components/notice';
import { useDocumentTitle } from '../../../components/document-title';
import { homeHref, paths, safeReturnPath } from '../../../config/paths';
import { sessionJustEnded, sessionQueryOptions } from '../../../features/auth/api/get-session';
import { portalConfigQueryOptions } from '../../../features/auth/api/get-portal-config';
import { SignInForm } from '../../../features/auth/components/sign-in-form';
import { SessionEndedReason } from '../../../features/auth/components/session-ended-reason';
import type { SecondFactorStepProps } from '../../../features/identity/components/second-factor-step';
import { isSessionEndReason } from '../../../../contract/signed-out';
import './sign-in.css';

// The second step loads only for people who have one, keeping the sign-in page light. It is drawn
// with MUI, whose theme loads with it (the page itself does without, app/mui-theme.tsx).
const SecondFactorStep = lazy(() =>
  Promise.all([
    import('../../../features/identity/components/second-factor-step'),
    import('../../mui-theme'),
  ]).then(([{ default: Step }, { MuiTheme }]) => ({
    default: (props: SecondFactorStepProps) => (
      <MuiTheme>
        <Step {...props} />
      </MuiTheme>
    ),
  })),
);

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const search = new URL(request.url).searchParams;
    void queryClient.prefetchQuery(portalConfigQueryOptions());
    // Someone already signed in has nothing to do here, unless they just signed out.
    if (search.get('reason') !== 'signed-out' && search.get('sso') !== 'second-factor') {
      const session = await queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
      if (session) throw redirect(safeReturnPath(search.get('redirectTo')) ?? homeHref());
      // Come straight here (a bookmark, a reload) with the cookie of a session that ended: say so,
      // and why, as a page that sent the person here would. The BFF cleared the cookie with that
      // answer.
      const ended = sessionJustEnded(queryClient);
      if (!search.has('reason') && !search.has('sso') && ended) {
        const url = new URL(request.url);
        url.searchParams.set('reason', ended.reason ?? 'expired');
        throw redirect(`${url.pathname}${url.search}`);
      }
    }
    return null;
  };

type SignInNotice = { severity: 'info' | 'success' | 'error'; text: ReactNode };

const signedOutNotice: SignInNotice = { severity: 'success', text: 'You have signed out.' };
const endedNotice: SignInNotice = {
  severity: 'info',
  text: 'Your session has ended, please sign in again.',
};

/**
 * What `reason` says brought the person here: signed out, or the session ended, and why when the
 * BFF said (config/paths SignInReason). Any other value is read as the session having ended, with
 * no reason. Checked without zod, whose core the sign-in page's first paint does without
 * (features/auth/api/session-contract.ts).
 */
function reasonNotice(reason: string): SignInNotice {
  if (reason === 'signed-out') return signedOutNotice;
  if (!isSessionEndReason(reason)) return endedNotice;
  return {
    severity: 'info',
    text: (
      <>
        <SessionEndedReason reason={reason} /> Sign in again to go on.
      </>
    ),
  };
}

const ssoNotices: Record<string, SignInNotice> = {
  refused: {
    severity: 'error',
    text: 'Single sign-on did not sign you in: the answer from your identity provider was not accepted, or your account is not allowed here. Ask an administrator if this persists.',
  },
  // Only someone the identity provider signed in as this user is sent here with it.
  disabled: {
    severity: 'error',
    text: 'Your identity provider signed you in, but your account on this portal is disabled, so it cannot sign in. Ask your administrator to enable it.',
  },
  unavailable: {
    severity: 'error',
    text: 'Your identity provider could not be reached. Try again in a moment, or sign in with a password.',
  },
};

export default function SignInRoute() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const reason = search.get('reason');
  const notice = reason ? reasonNotice(reason) : ssoNotices[search.get('sso') ?? ''];
  const returnPath = safeReturnPath(search.get('redirectTo'));
  // Once the password is accepted, what brought the person here ("Your session has ended") is
  // behind them: the second step alone is shown, not under words that say to sign in again.
  const [passwordAccepted, setPasswordAccepted] = useState(false);

  // Drawn without MUI (sign-in.css, components/plain.css): the first page loads neither MUI nor
  // Emotion, 27 KB gzip of its JavaScript (docs/benchmarks.md).
  return (
    <main id="main-content" className="sign-in">
      <div className="sign-in__card">
        <p className="sign-in__brand">Transact Portal</p>
        <h1 className="plain-h1" data-gutter>
          Sign in
        </h1>
        {notice && !passwordAccepted && (
          <div className="sign-in__notice">
            {/* What brought the person here (signed out, session ended, single sign-on refused) comes first. */}
            <Notice severity={notice.severity} focusOnShow>
              {notice.text}
            </Notice>
          </div>
        )}
        <SignInForm
          SecondFactorStep={SecondFactorStep}
          onSuccess={() => void navigate(returnPath ?? homeHref(), { replace: true })}
          onSuccessToSecuritySettings={() =>
            void navigate(paths.app.security.getHref(), { replace: true })
          }
          secondFactorOwed={search.get('sso') === 'second-factor'}
          onPasswordAccepted={() => setPasswordAccepted(true)}
          returnTo={returnPath}
        />
      </div>
    </main>
  );
}
