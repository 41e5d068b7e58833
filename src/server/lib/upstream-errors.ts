import type { UpstreamError } from '../upstream/errors';

export { isUpstreamError } from '../upstream/errors';
import { HttpError } from './http-error';

/**
 * What a person is told when the upstream fails. 103 is our misconfiguration (logged for
 * operators by the client); 110 names the missing permission; everything says whether anything
 * was submitted.
 */
export function fromUpstream(err: UpstreamError): HttpError {
  const submitted = err.submitted;
  switch (err.kind) {
    case 'misconfigured':
      return new HttpError(
        'upstream_unavailable',
        'The service is unavailable right now. Nothing was submitted. Please try again later.',
        { submitted: 'no' },
      );
    case 'permission':
      return new HttpError('upstream_permission', err.userMessage, { submitted: 'no' });
    case 'rejected':
      return new HttpError('upstream_rejected', err.userMessage, { submitted: 'no' });
    case 'not_found':
      return new HttpError('not_found', err.userMessage, { submitted: 'no' });
    case 'timeout':
      return new HttpError('upstream_timeout', err.userMessage, { submitted });
    case 'unavailable':
    case 'circuit_open':
    case 'bad_response':
      return new HttpError(
        err.kind === 'bad_response' ? 'upstream_unavailable' : 'upstream_unavailable',
        err.userMessage,
        { submitted },
      );
  }
}

/**
 * The answer of a read the upstream will not give for a lasting reason (a missing permission,
 * the portal's credential mode, nothing opened yet): the page says why instead of failing.
 */
export function unavailableRead<const Reason extends string>(reason: Reason, message: string) {
  return { state: 'unavailable' as const, reason, message };
}
