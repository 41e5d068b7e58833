/**
 * The last-resort policy for a failed promise nobody awaited. Node ends the process on one by
 * default; here it is logged, with the error, and the portal keeps serving. Such a rejection is a
 * defect (each is fixed at its root: store/auth-epoch.ts, the session cache's look), but what it
 * abandoned is one read or write whose caller had already gone on: the store and the claims stay
 * consistent, since a money request's claim, outcome and register row are written in
 * transactions. Ending the process instead would cut every request in flight mid-answer, leaving
 * their outcomes unknown, and take the bundled sandbox and every signed-in person down with it.
 * A synchronous uncaught exception still ends the process, as Node intends: the code that threw
 * may have left memory half-changed.
 */
export function keepServingOnStrayRejections(log: {
  error(obj: object, msg: string): void;
}): () => void {
  const onRejection = (reason: unknown) => {
    log.error(
      { err: reason },
      'a failed promise nobody awaited (a defect to fix); the portal keeps serving',
    );
  };
  process.on('unhandledRejection', onRejection);
  return () => process.off('unhandledRejection', onRejection);
}
