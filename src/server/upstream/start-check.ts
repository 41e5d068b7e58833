import type { UpstreamClient } from './client';
import { isUpstreamError } from './errors';
import { ping } from './ping';

/**
 * One ping of the real platform at start-up (§4.16), told to the operator in the console: an
 * address nothing answers at, or credentials the platform refuses (§5 rule 8), would otherwise
 * show only on /readyz and as failures on every page. The portal starts anyway, since the
 * platform may come up later. Null when the platform answered.
 */
export async function upstreamStartWarning(
  client: UpstreamClient,
  baseUrl: string,
  auth: 'header' | 'body',
): Promise<string | null> {
  try {
    await ping(client);
    return null;
  } catch (err) {
    return `Warning: ${problemOf(err, baseUrl, auth)} The portal runs, but pages that read from the platform fail until this is fixed.`;
  }
}

function problemOf(err: unknown, baseUrl: string, auth: 'header' | 'body'): string {
  const at = `the platform at ${baseUrl} (TRANSACT_BASE_URL)`;
  if (!isUpstreamError(err)) {
    return `pinging ${at} failed (${err instanceof Error ? err.message : String(err)}).`;
  }
  // The client's message is `<operation>: <what happened>`; the operation is always ping here.
  // A refusal's message names its code, not the platform's words: they are kept apart (never
  // logged, upstream/errors.ts), and ping sends nothing of a person's for them to echo.
  const detail = err.message.replace(/^ping: /, '');
  const said = err.upstreamText ? `${err.statusCode}: ${err.upstreamText}` : detail;
  switch (err.kind) {
    case 'misconfigured':
      // Header authentication "may not be available in every environment" (§5 rule 12): there
      // the right id and key are refused all the same, sent in the header.
      return `${at} refused the portal's credentials (${err.upstreamText || detail}): check TRANSACT_CLIENT_ID and TRANSACT_API_KEY${auth === 'header' ? ', and, where the platform offers no header authentication, set TRANSACT_AUTH=body' : ''}.`;
    case 'permission':
      return `${at} accepted the portal's credentials but refused ping for want of a permission: check the permissions of the key in TRANSACT_API_KEY.`;
    case 'unavailable':
    case 'timeout':
    case 'circuit_open':
      return err.httpStatus === undefined
        ? `${at} could not be reached (${detail.replace(/^.*: /, '')}): check TRANSACT_BASE_URL, or start the platform.`
        : `${at} answered with a server error (HTTP ${err.httpStatus}): check TRANSACT_BASE_URL, or the platform's status.`;
    case 'bad_response':
    case 'rejected':
    case 'not_found':
      return `${at} did not answer ping as the Transact API does (${said}): check TRANSACT_BASE_URL (it ends with the API's base path, such as /tapiv3).`;
  }
}
