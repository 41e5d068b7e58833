import { isUpstreamError, needsHeaderCredentials, type UpstreamError } from '../upstream/errors';

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
      return new HttpError('upstream_unavailable', err.userMessage, { submitted });
  }
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
 * The answer of a read the upstream will not give for a lasting reason, in the route's own words
 * for each reason it expects: the page says why instead of failing. Undefined for any other
 * failure, which the route throws on.
 */
export function explainRefusedRead<const Reason extends string>(
  err: unknown,
  explanations: Partial<Record<LastingRefusal, { reason: Reason; message: string }>>,
) {
  const refusal = lastingRefusalOf(err);
  const explanation = refusal && explanations[refusal];
  if (!explanation) return undefined;
  return {
    state: 'unavailable' as const,
    reason: explanation.reason,
    message: explanation.message,
  };
}
