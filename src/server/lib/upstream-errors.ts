import { isUpstreamError, needsHeaderCredentials, type UpstreamError } from '../upstream/errors';

export { isUpstreamError } from '../upstream/errors';
import type { ApiError } from '../../contract/errors';
import { HttpError } from './http-error';

/**
 * What a person is told when the upstream fails. 103 is our misconfiguration (logged for
 * operators by the client; a write so answered may or may not have been carried out); 110 names the missing permission; everything says whether anything
 * was submitted.
 */
export function fromUpstream(err: UpstreamError): HttpError {
  switch (err.kind) {
    case 'misconfigured':
      // The client's sentence names neither the key nor the code: operators read those in the log.
      // A write refused for its credentials (103) has an unknown outcome (§5 rule 8, §7). Its own
      // code tells the page that trying again will not help until an operator fixes the settings.
      return new HttpError('upstream_misconfigured', err.userMessage, faultExtra(err));
    case 'permission':
      return new HttpError('upstream_permission', err.userMessage, {
        submitted: 'no',
        refusedByPlatform: true,
        reason: err.reason,
      });
    case 'rejected':
      // What the refusal is about travels with it, so the form offers the right way on.
      return new HttpError('upstream_rejected', err.userMessage, {
        submitted: 'no',
        refusedByPlatform: true,
        reason: err.reason,
        ...(err.refusal ? { refusal: err.refusal } : {}),
        ...(err.fields ? { fields: err.fields } : {}),
      });
    case 'not_found':
      return new HttpError('not_found', err.userMessage, {
        submitted: 'no',
        refusedByPlatform: true,
      });
    case 'timeout':
      return new HttpError('upstream_timeout', err.userMessage, faultExtra(err));
    case 'unavailable':
    case 'circuit_open':
    case 'bad_response':
      return new HttpError('upstream_unavailable', err.userMessage, faultExtra(err));
  }
}

/**
 * A failure of one part of a reply that otherwise succeeds (a page of the order book, one account
 * of a list) as the error shape every error reply has, with the request's support id. Its code
 * tells the page whether reading that part again may help (upstream_misconfigured: it will not).
 */
export function errorBodyOf(error: unknown, requestId?: string): ApiError {
  const http =
    error instanceof HttpError
      ? error
      : isUpstreamError(error)
        ? fromUpstream(error)
        : new HttpError('internal', 'Something went wrong on our side. Please try again.');
  return http.toBody(requestId).error;
}

/**
 * Why a part of a reply said in words (a gap) could not be read, when reading it again will not
 * help until the portal's operators act: the platform refused the portal's own access (103, §5
 * rule 8) or the portal's kind of credentials cannot make the read (§5 rule 6), the code
 * upstream_misconfigured of a whole reply. The sentence is the one that whole reply says; the
 * reply marks the gap lasting, so the page offers no Try again. Null for a failure of the moment.
 */
export function lastingReadFault(err: unknown): string | null {
  return isUpstreamError(err) && err.kind === 'misconfigured' ? err.userMessage : null;
}

/**
 * A fault's outcome, and where nothing was sent its reason and next step (upstream/errors
 * `faultWords`): the register keeps them as the pair the form showed.
 */
function faultExtra(err: UpstreamError): HttpError['extra'] {
  return {
    submitted: err.submitted,
    ...(err.reason ? { reason: err.reason } : {}),
    ...(err.nextStep ? { nextStep: err.nextStep } : {}),
  };
}

/**
 * The lasting reasons the upstream gives no answer to a read: the platform key lacks the
 * permission (110), the client refused a GET because the portal sends body credentials (§5 rules
 * 4 and 6), or there is nothing to read yet.
 */
type LastingRefusal = 'permission' | 'headerCredentials' | 'notFound';

function lastingRefusalOf(err: unknown): LastingRefusal | null {
  if (needsHeaderCredentials(err)) return 'headerCredentials';
  if (!isUpstreamError(err)) return null;
  if (err.kind === 'permission') return 'permission';
  if (err.kind === 'not_found') return 'notFound';
  return null;
}

/**
 * Runs a read. When the upstream will not give it for a lasting reason the route expects, the
 * answer is the route's own words for that reason (`unavailable`): the page says why instead of
 * failing. Any other failure is thrown on.
 */
export async function readOrExplainRefusal<Read, const Reason extends string>(
  read: () => Promise<Read>,
  explanations: Partial<Record<LastingRefusal, { reason: Reason; message: string }>>,
): Promise<Read | { state: 'unavailable'; reason: Reason; message: string }> {
  try {
    return await read();
  } catch (err) {
    const refusal = lastingRefusalOf(err);
    const explanation = refusal && explanations[refusal];
    if (!explanation) throw err;
    return {
      state: 'unavailable' as const,
      reason: explanation.reason,
      message: explanation.message,
    };
  }
}
