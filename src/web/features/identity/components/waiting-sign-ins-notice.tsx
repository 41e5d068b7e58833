import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useMySessions } from '../api/sessions';

/**
 * A word on Security settings when a sign-in passed the person's password and waits for the
 * second factor: that is where someone who has the password would be stopped, and the person
 * should hear of it where they look after their second factors, not only on My sessions. The
 * list itself, with End, is on My sessions; while it loads or cannot be read, this says nothing
 * (My sessions has its own loading and error states).
 */
export function WaitingSignInsNotice() {
  const sessions = useMySessions();
  const waiting = sessions.data?.sessions.filter((s) => s.waitingForSecondFactor) ?? [];
  if (waiting.length === 0) return null;
  const wrongCodes = waiting.reduce((n, s) => n + s.wrongCodes, 0);
  const link = (
    <Link component={RouterLink} to={paths.app.sessions.getHref()}>
      My sessions
    </Link>
  );
  if (wrongCodes > 0) {
    return (
      <Alert severity="warning" sx={{ mb: 3 }}>
        Someone who has your password tried to sign in ({wrongCodes} wrong second-factor code
        {wrongCodes === 1 ? '' : 's'}). End that sign-in in {link} and change your password below.
      </Alert>
    );
  }
  return (
    <Alert severity="info" role="status" sx={{ mb: 3 }}>
      {waiting.length === 1 ? 'A sign-in passed' : `${waiting.length} sign-ins passed`} your
      password and {waiting.length === 1 ? 'waits' : 'wait'} for your second factor. If that is not
      you, end {waiting.length === 1 ? 'it' : 'them'} in {link} and change your password below.
    </Alert>
  );
}
