/**
 * Outcomes other than success. Legacy operations answer HTTP 200 whatever the body code (real-world
 * notes §2 "HTTP status vs statusCode"); newer resources pair their codes with HTTP statuses.
 */

export class UpstreamError extends Error {
  constructor(
    readonly statusCode: string,
    readonly statusDesc: string,
    readonly httpStatus = 200,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(`${statusCode} ${statusDesc}`);
  }

  body(): Record<string, unknown> {
    return { statusCode: this.statusCode, statusDesc: this.statusDesc, ...this.extra };
  }
}

/** §7: missing or invalid credentials. */
export const INVALID_KEY_DESC = 'Invalid developer API Key';
/** §7: valid credentials, operation not permitted. */
export const NO_PERMISSION_DESC = 'You do not have the required permissions';

/**
 * Validation failure in the style real traffic shows: statusCode "106", statusDesc
 * "Data/parameter missing" and an HTML-ish `Error(s)` text (real-world notes §5).
 */
export class ValidationError extends UpstreamError {
  constructor(readonly messages: string[]) {
    super('106', 'Data/parameter missing', 200, { 'Error(s)': messages.join('') });
  }
}

export function fieldMessage(field: string, message: string): string {
  return `<br />${field}&nbsp;&nbsp; : ${message}`;
}

/** Legacy "not found" answers such as 148 (getAccount) and 136 (issuer), under HTTP 200. */
export function legacyNotFound(statusCode: string, statusDesc: string): UpstreamError {
  return new UpstreamError(statusCode, statusDesc);
}

/** The 14xx family of the newer custody calls: invalid id 1400/HTTP 400, unknown 1404/HTTP 404. */
export function custodyBadRequest(what: string, payloadKey: string): UpstreamError {
  return new UpstreamError('1400', `Bad request: invalid ${what}`, 400, { [payloadKey]: null });
}

export function custodyNotFound(what: string, payloadKey: string): UpstreamError {
  return new UpstreamError('1404', `Resource not found: ${what}`, 404, { [payloadKey]: null });
}
