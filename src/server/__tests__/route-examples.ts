/**
 * A valid request for every route whose path, query or body needs more than the object ids the
 * policy table names, so the authorization matrix reaches the ownership check (input is validated
 * before ownership, and an invalid request would be refused for the wrong reason).
 */
export type ObjectIds = { account: string; issuer: string; offering: string; security: string };

export interface RouteExample {
  params?: (ids: ObjectIds) => Record<string, string>;
  query?: (ids: ObjectIds) => Record<string, string>;
  body?: (ids: ObjectIds) => unknown;
  /** The route takes no body. */
  noBody?: boolean;
}

export const routeExamples: Record<string, RouteExample> = {};
