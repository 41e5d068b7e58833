import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { ActionList } from '../../../../components/action-list';
import { ErrorAlert } from '../../../../components/error-alert';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState, QueryState } from '../../../../components/query-state';
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

export default function SessionsRoute() {
  const sessions = useMySessions();
  const end = useEndSession();
  return (
    <>
      <PageHeader
        title="My sessions"
        description="Every place you are signed in. End any you do not recognise: it stops working at its next request."
      />
      {end.isError && <ErrorAlert error={end.error} title="The session was not ended" />}
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
                  onClick={() => end.mutate(s.id)}
                  aria-label={`End the session of ${browserName(s.userAgent)} started ${formatInstant(s.createdAt)}`}
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
