import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { ApiClientError } from '../../lib/api-client';
import { focusOnMount } from '../../lib/focus';

/**
 * The second factor was not given (the step-up dialog cancelled, or none to give): no failure,
 * nothing was sent, so neutral words, no support reference, and the way on. `title` says what
 * did not happen ("Cancelled — nothing was sent"); `again` how to go on once ready, and
 * `thenAgain` the same after adding a factor ("send it again").
 */
export function StepUpCancelled({
  error,
  title,
  again,
  thenAgain,
  takesFocus = false,
}: {
  error: ApiClientError;
  title: string;
  again: string;
  thenAgain: string;
  /** Takes the focus as it shows (where it replaces the button that was pressed). */
  takesFocus?: boolean;
}) {
  return (
    <Alert
      severity="info"
      role="status"
      tabIndex={takesFocus ? -1 : undefined}
      ref={takesFocus ? focusOnMount : undefined}
    >
      <AlertTitle>{title}</AlertTitle>
      {error.code === 'second_factor_enrolment_required' ? (
        <>
          This request needs a second factor. Add one in{' '}
          <Link component={RouterLink} to={paths.app.security.getHref()}>
            security settings
          </Link>
          , then {thenAgain}.
        </>
      ) : (
        `The request goes only once you confirm it is you with your second factor. ${again}`
      )}
    </Alert>
  );
}
