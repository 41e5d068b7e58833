/**
 * The contract's session schemas (contract/session.ts), loaded on their own: they run on zod's
 * core (16 KB gzip), which the sign-in page can be shown and used without. Its requests pass these
 * loaders as their schema, so the chunk arrives beside the answer it reads; a signed-in page loads
 * zod in any case. One contract is still what the browser and the BFF check against.
 */
const sessionContract = () => import('../../../../contract/session');

export const sessionSchema = () => sessionContract().then((module) => module.sessionSchema);
export const signInResultSchema = () =>
  sessionContract().then((module) => module.signInResultSchema);
export const portalConfigSchema = () =>
  sessionContract().then((module) => module.portalConfigSchema);
export const signInSchema = () => sessionContract().then((module) => module.signInSchema);
