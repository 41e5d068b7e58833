// zod/mini: the web's API client reads these with the first error it meets; see ./session.
import * as z from 'zod/mini';
import { sessionEndReasons } from './signed-out';

/**
 * Whether a failed request changed anything upstream. `no`: nothing was sent or the upstream
 * refused it; `unknown`: it was sent and no answer came back (timeout, dropped connection), so
 * the user must check before trying again; `yes`: it was accepted (an error after acceptance).
 */
const submittedSchema = z.enum(['no', 'unknown', 'yes']);
export type Submitted = z.infer<typeof submittedSchema>;

/**
 * What a refusal (nothing submitted) is about, when the BFF knows. `request`: what was asked
 * breaks a rule, so the way on is to change it (`fields` names the fields when known). `state`:
 * something outside what the person entered refused it (an offering paused or closed for now, a
 * closed market, an account under review, a request already in process); it may pass, and
 * changing the request would not help. Absent: the cause is not known.
 */
const refusalSchema = z.enum(['request', 'state']);
export type Refusal = z.infer<typeof refusalSchema>;

const fieldIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

const errorCodeSchema = z.enum([
  'bad_request',
  'unauthenticated',
  'forbidden',
  /** A fresh second factor is needed for this request: prove one, then send it again. */
  'step_up_required',
  /** The request needs a second factor and the user has none yet: enrol one first. */
  'second_factor_enrolment_required',
  /** Only a fresh sign-in allows this (adding a first second factor): sign in again, then ask. */
  'reauthentication_required',
  'not_found',
  'conflict',
  'rate_limited',
  'upstream_rejected',
  'upstream_permission',
  'upstream_unavailable',
  /**
   * The portal's own access to the platform is wrong (its credentials refused, or a read that its
   * kind of credentials cannot make): nothing the person does, trying again included, helps
   * until an operator fixes the portal's settings.
   */
  'upstream_misconfigured',
  'upstream_timeout',
  'store_unavailable',
  'internal',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/**
 * A request that stands unsettled (being sent, or of unknown outcome), named by a refusal of a new
 * one of its kind: the register's words (contract/money-requests `standingRequestSchema`, which
 * this must equal; zod/mini here, as the rest of the error shape).
 */
const standingOnErrorSchema = z.object({
  reference: z.string(),
  kind: z.enum(['deposit', 'disbursement', 'investment', 'ira_supplement']),
  outcome: z.enum(['pending', 'held', 'created', 'refused', 'not_sent', 'unknown']),
  createdAt: z.string(),
  amount: z.nullable(z.string()),
  units: z.nullable(z.string()),
  offeringId: z.nullable(z.string()),
  /** The platform's id of one it accepted (trade id, fund move or disbursement request id). */
  upstreamId: z.optional(z.nullable(z.string())),
  /** How the money goes: a disbursement's type or an investment's payment method; null if not kept. */
  method: z.optional(z.nullable(z.string())),
});
export type StandingOnError = z.infer<typeof standingOnErrorSchema>;

export const apiErrorSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    fields: z.optional(z.array(fieldIssueSchema)),
    submitted: z.optional(submittedSchema),
    refusal: z.optional(refusalSchema),
    requestId: z.optional(z.string()),
    /**
     * A refusal of the portal's own before anything was sent: what to do, the sentence its message
     * ends with (the message is then "why. what to do."). The form shows that message alone; the
     * register and the timeline show the same two sentences.
     */
    nextStep: z.optional(z.string()),
    /** Our reference of a money request (the register), when one was opened. */
    reference: z.optional(z.string()),
    /**
     * A new deposit, disbursement or investment refused because these of its kind stand
     * unsettled for the account (and offering), or are the same request made moments ago (then
     * accepted or waiting for approval): name them in `additionalTo` to send it anyway.
     */
    standing: z.optional(z.array(standingOnErrorSchema)),
    /**
     * A 401 to a cookie whose session the store still holds, ended: why (./signed-out). Absent
     * when there was no cookie, or its token names no session the store knows.
     */
    sessionEnded: z.optional(z.enum(sessionEndReasons)),
  }),
});
/** The error of an error reply's body, as the BFF sends it and the web reads it. */
export type ApiError = z.infer<typeof apiErrorSchema>['error'];
