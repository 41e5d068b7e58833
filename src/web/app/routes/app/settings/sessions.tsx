import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { UserSession } from '../../../../../contract/identity';
import { ActionList } from '../../../../components/action-list';
import { ErrorAlert } from '../../../../components/error-alert';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState, QueryState } from '../../../../components/query-state';
import { focusOnMount } from '../../../../lib/focus';
import { formatInstant } from '../../../../lib/format';
import {
  mySessionsQueryOptions,
  useEndOtherSessions,
  useEndSession,
  useMySessions,
} from '../../../../features/identity/api/sessions';
import { EndOtherSessionsDialog } from '../../../../features/identity/components/end-other-sessions-dialog';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../../config/paths';
import { guardedLoader } from '../../../session-guard';

export const clientLoader = guardedLoader(undefined, mySessionsQueryOptions);

/** A short name for a browser from its user agent, for people rather than machines. */
function browserName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const name = /(Edg|Firefox|Chrome|Safari)\/[\d.]+/.exec(userAgent)?.[1];
  const os = /(Windows|Mac OS X|Android|iPhone|Linux)/.exec(userAgent)?.[1];
  const label = { Edg: 'Edge' }[name ?? ''] ?? name ?? 'Browser';
  return os ? `${label} on ${os === 'Mac OS X' ? 'macOS' : os}` : label;
}

/**
 * What a person calls one session: the browser, when it signed in (to the second) and from where.
 * Two browsers of the same kind signed in within a minute (two windows, a sign-in again) each
 * need an End of their own name, as the waiting sign-ins do.
 */
const sessionName = (s: UserSession) =>
  `${browserName(s.userAgent)}, signed in ${formatInstant(s.createdAt, undefined, { seconds: true })} from ${s.ip ?? 'an unknown address'}`;

/**
 * What a person calls a sign-in still waiting for its second factor. To the second: someone
 * retrying from one browser makes several in the same minute, and each End must name its own.
 */
const waitingName = (s: UserSession) =>
  `${browserName(s.userAgent)} from ${s.ip ?? 'an unknown address'}, ${firstStep(s)} accepted ${formatInstant(s.createdAt, undefined, { seconds: true })}`;

const firstStep = (s: UserSession) => (s.method === 'oidc' ? 'single sign-on' : 'password');

const factorNames = {
  totp: 'an authenticator app',
  passkey: 'a passkey',
  recovery: 'a recovery code',
} as const;

/** How the session signed in: the password (or single sign-on) and the second factor it proved. */
function signedInWith(s: UserSession): string {
  const first = s.method === 'oidc' ? 'single sign-on' : 'a password';
  return s.secondFactor ? `${first} and ${factorNames[s.secondFactor]}` : first;
}

const codes = (n: number) => `${n} wrong code${n === 1 ? '' : 's'}`;

/** The wrong second-factor codes tried in a signed-in session, as a clause of its line. */
const triedCodes = (n: number) =>
  `${n} wrong second-factor code${n === 1 ? ' was' : 's were'} tried in it`;

/**
 * What the owner should do about sign-ins that hold their password (or their single sign-on
 * account): a warning once one has tried wrong codes, otherwise a word in case it is not them.
 * A password is changed in Security settings, which also ends every other session of the
 * person's; a single sign-on account's, with its provider.
 */
function WaitingAdvice({ waiting }: { waiting: UserSession[] }) {
  const guessed = waiting.some((s) => s.wrongCodes > 0);
  const endThem = waiting.length === 1 ? 'end it' : 'end them';
  const sso = waiting.every((s) => s.method === 'oidc');
  const inSettings = (
    <>
      in{' '}
      <Link component={RouterLink} to={paths.app.security.getHref()}>
        Security settings
      </Link>{' '}
      (that also ends your other sessions).
    </>
  );
  if (guessed) {
    return (
      <Alert severity="warning" sx={{ mb: 1 }}>
        {sso ? (
          `Someone who can sign in to your single sign-on account tried to sign in: ${endThem} and change that password. To change it, change the password of your single sign-on account with its provider.`
        ) : (
          <>
            {`Someone who has your password tried to sign in: ${endThem} and change your password `}
            {inSettings}
          </>
        )}
      </Alert>
    );
  }
  return (
    <Alert severity="info" role="status" sx={{ mb: 1 }}>
      {`Your ${sso ? 'single sign-on' : 'password'} was accepted and ${waiting.length === 1 ? 'this sign-in waits' : 'these sign-ins wait'} for your second factor. If ${waiting.length === 1 ? 'it is' : 'they are'} not you signing in somewhere else, someone has your ${sso ? 'single sign-on account' : 'password'}: ${endThem}, then `}
      {sso ? (
        'change the password of your single sign-on account with its provider.'
      ) : (
        <>change your password {inSettings}</>
      )}
    </Alert>
  );
}

/** A list of sessions, one row each by its id, the End button wrapping under the text on a phone. */
const sessionRows = (label: string, items: UserSession[]) => ({
  label,
  items,
  itemKey: (s: UserSession) => s.id,
  itemSx: { flexWrap: 'wrap', gap: 1 } as const,
});

export default function SessionsRoute() {
  const sessions = useMySessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  // The ended session's row leaves the list, taking the focused button with it: the notice
  // says what became of it and takes focus, so the keyboard does not drop to the page body.
  const [ended, setEnded] = useState<string | null>(null);
  // "End every other session" ends them all at once: asked first, saying how many and what
  // becomes of them.
  const [confirmingAll, setConfirmingAll] = useState(false);
  const endButton = (s: UserSession, name: string, notice: string) => (
    <Button
      color="error"
      disabled={end.isPending || endOthers.isPending}
      onClick={() => end.mutate(s.id, { onSuccess: () => setEnded(notice) })}
      aria-label={name}
    >
      End
    </Button>
  );
  return (
    <>
      <PageHeader
        title="My sessions"
        description="Every place you are signed in, and every sign-in that passed your password and waits for the second factor. End any you do not recognise: it stops working at its next request."
      />
      {end.isError && <ErrorAlert error={end.error} title="The session was not ended" />}
      {endOthers.isError && (
        <ErrorAlert error={endOthers.error} title="The other sessions were not ended" />
      )}
      {ended && !end.isError && !endOthers.isError && (
        <Alert key={ended} severity="success" tabIndex={-1} ref={focusOnMount} sx={{ mb: 2 }}>
          {ended}
        </Alert>
      )}
      <QueryState
        query={sessions}
        subject="your sessions"
        isEmpty={(data) => data.sessions.length === 0}
        empty={<EmptyState title="No active sessions" message="Sign in to start one." />}
      >
        {(data) => {
          // A session waiting for its second factor is never this browser's: such a session
          // can read nothing but the second-factor step, this list included.
          const waiting = data.sessions.filter((s) => s.waitingForSecondFactor);
          const signedIn = data.sessions.filter((s) => !s.waitingForSecondFactor);
          const others = data.sessions.filter((s) => !s.current).length;
          // One step for a person who suspects a stolen session, instead of an End a row.
          const endAll = others > 1 && (
            <>
              <Button
                variant="outlined"
                color="error"
                disabled={end.isPending || endOthers.isPending}
                onClick={() => setConfirmingAll(true)}
                sx={{ mb: 2 }}
              >
                End every other session ({others})
              </Button>
              <EndOtherSessionsDialog
                open={confirmingAll}
                sessions={data.sessions}
                onCancel={() => setConfirmingAll(false)}
                onConfirm={() => {
                  setConfirmingAll(false);
                  endOthers.mutate(undefined, {
                    onSuccess: ({ ended: count }) =>
                      setEnded(
                        `Ended ${count} other session${count === 1 ? '' : 's'}. This browser stays signed in; the others stop working at their next request.`,
                      ),
                  });
                }}
              />
            </>
          );
          const active = (
            <ActionList
              {...sessionRows('Active sessions', signedIn)}
              action={(s) =>
                s.current
                  ? undefined
                  : endButton(
                      s,
                      `End the session of ${sessionName(s)}`,
                      `Ended the session of ${sessionName(s)}. It stops working at its next request.`,
                    )
              }
              primary={(s) => (
                <>
                  {browserName(s.userAgent)}{' '}
                  {s.current && <Chip size="small" color="primary" label="This browser" />}
                </>
              )}
              secondary={(s) =>
                `Signed in ${formatInstant(s.createdAt)} with ${signedInWith(s)} from ${s.ip ?? 'an unknown address'}; last used ${formatInstant(s.lastSeenAt)}${s.wrongCodes > 0 ? `; ${triedCodes(s.wrongCodes)}` : ''}`
              }
            />
          );
          if (waiting.length === 0) {
            return (
              <>
                {endAll}
                {active}
              </>
            );
          }
          return (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
              {endAll && <Box>{endAll}</Box>}
              <section aria-labelledby="waiting-heading">
                <Typography id="waiting-heading" component="h2" variant="h2" gutterBottom>
                  Waiting for the second factor
                </Typography>
                <WaitingAdvice waiting={waiting} />
                <ActionList
                  {...sessionRows('Sign-ins waiting for the second factor', waiting)}
                  action={(s) =>
                    endButton(
                      s,
                      `End the sign-in of ${waitingName(s)}`,
                      `Ended the sign-in of ${waitingName(s)}. It cannot finish signing in.`,
                    )
                  }
                  primary={(s) =>
                    `${s.method === 'oidc' ? 'Single sign-on' : 'Password'} accepted, waiting for the second factor`
                  }
                  secondary={(s) =>
                    `${browserName(s.userAgent)} from ${s.ip ?? 'an unknown address'}, ${formatInstant(s.createdAt)}; ${s.wrongCodes > 0 ? `${codes(s.wrongCodes)} so far` : 'no wrong code yet'}; last active ${formatInstant(s.lastSeenAt)}`
                  }
                />
              </section>
              <section aria-labelledby="signed-in-heading">
                <Typography id="signed-in-heading" component="h2" variant="h2" gutterBottom>
                  Signed in
                </Typography>
                {active}
              </section>
            </Box>
          );
        }}
      </QueryState>
    </>
  );
}
