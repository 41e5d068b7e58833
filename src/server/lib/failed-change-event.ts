import { fromUpstream, isUpstreamError } from './upstream-errors';

/** The object a change without an Idempotency-Key acts on, and the route it came through. */
export interface ChangeAsked {
  objectType: string;
  objectId: string;
  /** The action of the change's own audit event, written when the platform refuses it. */
  action: string;
  /** The route, as the audit log's `request_outcome_unknown` events name it. */
  route: string;
  /** What was asked, in words an admin reads (never a secret or a bank number). */
  details: Record<string, unknown>;
}

/**
 * The audit event of a change sent once, without an Idempotency-Key, that failed where it may
 * have reached the platform: refused by it (denied, with its words as the reason), or with its
 * answer lost (a timeout, a dropped connection, a 5xx, an answer that could not be read: the
 * platform may have made it), `request_outcome_unknown` of the object, as a money request's is,
 * so whoever reads the object's audit log finds who asked for what. A change surely never sent
 * (the circuit open, a check of the portal's own) changed nothing and is not an act on the
 * object: null.
 */
export function failedChangeEvent(asked: ChangeAsked, err: unknown) {
  const failure = isUpstreamError(err) ? fromUpstream(err) : null;
  const object = { objectType: asked.objectType, objectId: asked.objectId };
  if (failure?.extra.submitted === 'no') {
    if (failure.extra.refusedByPlatform !== true) return null;
    return {
      ...object,
      action: asked.action,
      outcome: 'denied' as const,
      reason: failure.message,
      details: asked.details,
    };
  }
  return {
    ...object,
    action: 'request_outcome_unknown',
    outcome: 'unknown' as const,
    details: { route: asked.route, code: failure?.code ?? 'internal', ...asked.details },
  };
}

/**
 * Writes the audit event of a failed change (failedChangeEvent), if it has one. The person is
 * told what became of the change even when the store cannot keep its event: that failure is
 * logged, and the change's own error goes on.
 */
export async function auditFailedChange(
  audit: (event: NonNullable<ReturnType<typeof failedChangeEvent>>) => Promise<void>,
  log: { error: (fields: object, message: string) => void },
  asked: ChangeAsked,
  err: unknown,
): Promise<void> {
  const event = failedChangeEvent(asked, err);
  if (!event) return;
  await audit(event).catch((auditErr: unknown) =>
    log.error(
      { err: auditErr, route: asked.route },
      'store unavailable: a failed change not audited',
    ),
  );
}
