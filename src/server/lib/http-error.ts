import type { ApiError, ErrorCode } from '../../contract/errors';
import type { SessionEndReason } from '../../contract/signed-out';

const statusOf: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  step_up_required: 403,
  second_factor_enrolment_required: 403,
  reauthentication_required: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  upstream_rejected: 422,
  upstream_permission: 502,
  upstream_unavailable: 503,
  upstream_misconfigured: 503,
  upstream_timeout: 504,
  store_unavailable: 503,
  internal: 500,
};

/** An error meant for the person in the browser: a plain sentence, never internals. */
export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /**
     * What the body says besides the message, in the contract's words (contract/errors: the
     * refusal, the fields, the standing requests), and what the BFF keeps for itself.
     */
    readonly extra: Pick<
      ApiError,
      'fields' | 'submitted' | 'refusal' | 'standing' | 'sessionEnded'
    > & {
      retryAfterSeconds?: number;
      /** Our reference of a money request (the register). */
      reference?: string | null;
      /**
       * The platform answered and refused it (a rejection, a missing permission, a record it does
       * not know): the request reached it, so the register records it as refused, not as never
       * sent. Not part of the answer's body.
       */
      refusedByPlatform?: boolean;
      /**
       * A platform refusal's reason on its own, in the portal's words: the register keeps it,
       * beside the outcome's own words, instead of the whole message. Not part of the body.
       */
      reason?: string;
      /**
       * A refusal of the portal's own before anything was sent: what to do, the sentence the
       * message ends with (notSentRefusal). The register keeps it beside the reason.
       */
      nextStep?: string;
      /** The HTTP status, when the code's own does not say it (415 for a body not sent as JSON). */
      status?: number;
    } = {},
  ) {
    super(message);
    this.status = extra.status ?? statusOf[code];
  }

  /** The reply's body: the contract's error shape (apiErrorSchema), which the web parses. */
  toBody(requestId?: string): { error: ApiError } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.extra.fields ? { fields: this.extra.fields } : {}),
        ...(this.extra.submitted ? { submitted: this.extra.submitted } : {}),
        ...(this.extra.refusal ? { refusal: this.extra.refusal } : {}),
        ...(this.extra.nextStep ? { nextStep: this.extra.nextStep } : {}),
        ...(this.extra.reference ? { reference: this.extra.reference } : {}),
        ...(this.extra.standing ? { standing: this.extra.standing } : {}),
        ...(this.extra.sessionEnded ? { sessionEnded: this.extra.sessionEnded } : {}),
        ...(requestId ? { requestId } : {}),
      },
    };
  }
}

/**
 * No live session (expired, ended from My sessions, the user disabled or changed by an admin).
 * Answered before any handler runs, so nothing reached the platform or the store: a write says
 * so, for the form that sent it to show while the person signs in again over it. `reason`, when
 * the store still holds the cookie's session, says why it ended (plugins/session sessionEndedOf).
 */
export const sessionEndedError = (method: string, reason?: SessionEndReason) =>
  new HttpError(
    'unauthenticated',
    method === 'GET' || method === 'HEAD'
      ? 'Your session has ended. Please sign in again.'
      : 'Your session had ended, so this was not sent or saved.',
    { submitted: 'no', ...(reason ? { sessionEnded: reason } : {}) },
  );

/**
 * A refusal of the portal's own, before anything was sent (409 unless given): one sentence pair,
 * why and what to do, the same words on the form, the timeline and the register. The outcome
 * ("Not submitted", "Not sent") already says that nothing was sent, so the pair does not.
 */
export function notSentRefusal(
  why: string,
  next: string,
  extra: Omit<HttpError['extra'], 'submitted' | 'reason' | 'nextStep'> = {},
  code: ErrorCode = 'conflict',
): HttpError {
  return new HttpError(code, `${why} ${next}`, {
    ...extra,
    submitted: 'no',
    reason: why,
    nextStep: next,
  });
}
