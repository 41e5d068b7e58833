import { ALL_ROLES, REVIEWERS, type RoutePolicy } from './types';

/**
 * Who may call each BFF route, and how every object id in the request is checked
 * (architecture decision 1). A route missing here cannot be registered: the app refuses to boot.
 * Keys are `METHOD /path` exactly as the route declares them.
 */
export const policyTable: Record<string, RoutePolicy> = {
  'GET /healthz': { roles: 'public', objects: [], note: 'Liveness.' },
  'GET /readyz': { roles: 'public', objects: [], note: 'Readiness: store and upstream ping.' },
  'GET /api/config': { roles: 'public', objects: [], note: 'Whether the portal runs on the sandbox.' },
  'GET /api/openapi.json': { roles: 'public', objects: [], note: 'This API described.' },
  'GET /api/session': { roles: 'public', objects: [], note: 'The signed-in user, or 401.' },
  'POST /api/session': { roles: 'public', objects: [], note: 'Sign in (rate limited).' },
  'DELETE /api/session': { roles: 'public', objects: [], note: 'Sign out: revokes the session.' },

  'GET /api/offerings': {
    roles: ALL_ROLES,
    objects: [],
    note: 'Offerings are public to every signed-in user.',
  },
  'GET /api/offerings/:offeringId': {
    roles: ALL_ROLES,
    objects: [{ from: 'params', field: 'offeringId', kind: 'offering', check: 'any' }],
    note: 'One offering, public to every signed-in user.',
  },
};

export { REVIEWERS };
