/**
 * The end of a failure when the BFF gave it an id (its log line's): what to do with it, in words,
 * rather than a bare "Support id" a person cannot place. A failure that may pass asks for support
 * only if it keeps happening; one that will not (a refusal) offers support for help with it. The
 * id is the whole of it, as support finds it in the logs; it is never translated.
 */
export function SupportReference({
  requestId,
  mayPass,
  supportNamed = false,
}: {
  requestId: string | undefined;
  /** Whether asking again may give another answer (mayPassOnRetry). */
  mayPass: boolean;
  /**
   * The words before already send the person to support (the portal's own access to the
   * platform set up wrong, upstream_misconfigured): only the reference is added.
   */
  supportNamed?: boolean;
}) {
  if (!requestId) return null;
  if (supportNamed) {
    return (
      <>
        {' '}
        Give support this reference: <span translate="no">{requestId}</span>.
      </>
    );
  }
  return (
    <>
      {' '}
      {mayPass ? 'If this keeps happening, contact' : 'For help with it, contact'} support and give
      them this reference: <span translate="no">{requestId}</span>.
    </>
  );
}
