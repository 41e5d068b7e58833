import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { ActionList } from '../../../../components/action-list';
import { ErrorAlert } from '../../../../components/error-alert';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState, QueryState } from '../../../../components/query-state';
import { focusOnMount } from '../../../../lib/focus';
import { formatInstant } from '../../../../lib/format';
import {
  mySessionsQueryOptions,
  useEndSession,
  useMySessions,
} from '../../../../features/identity/api/sessions';
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

/** What a person calls one session: the browser and when it signed in. */
const sessionName = (s: { userAgent: string | null; createdAt: string }) =>
  `${browserName(s.userAgent)}, signed in ${formatInstant(s.createdAt)}`;

export default function SessionsRoute() {
  const sessions = useMySessions();
  const end = useEndSession();
  // The ended session's row leaves the list, taking the focused button with it: the notice
  // says what became of it and takes focus, so the keyboard does not drop to the page body.
  const [ended, setEnded] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title="My sessions"
        description="Every place you are signed in. End any you do not recognise: it stops working at its next request."
      />
      {end.isError && <ErrorAlert error={end.error} title="The session was not ended" />}
      {ended && !end.isError && (
        <Alert key={ended} severity="success" tabIndex={-1} ref={focusOnMount} sx={{ mb: 2 }}>
          Ended the session of {ended}. It stops working at its next request.
        </Alert>
      )}
      <QueryState
        query={sessions}
        subject="your sessions"
        isEmpty={(data) => data.sessions.length === 0}
        empty={<EmptyState title="No active sessions" message="Sign in to start one." />}
      >
        {(data) => (
          <ActionList
            label="Active sessions"
            items={data.sessions}
            itemKey={(s) => s.id}
            itemSx={{ flexWrap: 'wrap', gap: 1 }}
            action={(s) =>
              s.current ? undefined : (
                <Button
                  color="error"
                  disabled={end.isPending}
                  onClick={() => end.mutate(s.id, { onSuccess: () => setEnded(sessionName(s)) })}
                  aria-label={`End the session of ${sessionName(s)}`}
                >
                  End
                </Button>
              )
            }
            primary={(s) => (
              <>
                {browserName(s.userAgent)}{' '}
                {s.current && <Chip size="small" color="primary" label="This browser" />}
              </>
            )}
            secondary={(s) =>
              `Signed in ${formatInstant(s.createdAt)} with ${s.method === 'oidc' ? 'single sign-on' : 'a password'} from ${s.ip ?? 'an unknown address'}; last used ${formatInstant(s.lastSeenAt)}`
            }
          />
        )}
      </QueryState>
    </>
  );
}
