import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/session';
import { policyTable } from '../policy/table';
import type { ObjectKind, RoutePolicy } from '../policy/types';
import { call, signIn, useHarness } from './harness';
import { routeExamples, type ObjectIds } from './route-examples';

/**
 * Every route of /api/openapi.json × every role × own and foreign object ids,
 * with the expected allow or deny derived from the policy table, asserted against the running BFF.
 * A route without a policy entry, or whose request cannot be built, fails the test.
 */
type Principal = 'anonymous' | Role;
const PRINCIPALS: Principal[] = ['anonymous', 'investor', 'issuer_staff', 'compliance', 'admin'];
const EMAIL: Record<Role, string> = {
  investor: 'investor@demo.test',
  issuer_staff: 'issuer@demo.test',
  compliance: 'compliance@demo.test',
  admin: 'admin@demo.test',
};

interface Case {
  route: string;
  principal: Principal;
  variant: 'own' | 'foreign' | 'none';
}

const cookies: Partial<Record<Role, string>> = {};
let openApiRoutes: string[] = [];

const h = useHarness({}, 120_000);
beforeAll(async () => {
  for (const role of Object.keys(EMAIL) as Role[]) cookies[role] = await signIn(h.app, EMAIL[role]);
  const doc = (await call(h.app, 'GET', '/api/openapi.json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  openApiRoutes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map(
      (m) => `${m.toUpperCase()} ${path.replace(/\{([A-Za-z]+)\}/g, ':$1')}`,
    ),
  );
}, 120_000);

/** The ids "own" for investor@ / issuer@ and "foreign" (investor2@'s accounts, the second issuer). */
function idsFor(variant: 'own' | 'foreign' | 'none'): ObjectIds {
  const inv = h.manifest.investors[variant === 'foreign' ? 1 : 0];
  const iss = h.manifest.issuers[variant === 'foreign' ? 1 : 0];
  return {
    account: inv.accountIds[0],
    issuer: iss.issuerId,
    offering: iss.offeringIds?.[0] ?? '',
    security: iss.securityIds?.[0] ?? '',
  };
}

/** What the policy says should happen: true = allowed (neither 401 nor 403). */
function expected(
  policy: RoutePolicy,
  principal: Principal,
  variant: Case['variant'],
): 'allow' | 401 | 403 {
  if (policy.roles === 'public') return 'allow';
  if (principal === 'anonymous') return 401;
  if (!policy.roles.includes(principal)) return 403;
  for (const rule of policy.objects) {
    if (rule.check === 'any' || principal === 'compliance' || principal === 'admin') continue;
    const owns = variant === 'own' && ownerRole(rule.kind) === principal;
    if (!owns) return 403;
  }
  return 'allow';
}

function ownerRole(kind: ObjectKind): Role {
  return kind === 'account' ? 'investor' : 'issuer_staff';
}

function buildRequest(routeKey: string, policy: RoutePolicy, variant: Case['variant']) {
  const [method, template] = routeKey.split(' ');
  const ids = idsFor(variant);
  const example = routeExamples[routeKey] ?? {};
  const params: Record<string, string> = { ...(example.params?.(ids) ?? {}) };
  const query: Record<string, string> = { ...(example.query?.(ids) ?? {}) };
  let body = example.body?.(ids);
  for (const rule of policy.objects) {
    const id = ids[rule.kind];
    if (rule.from === 'params') params[rule.field] = id;
    if (rule.from === 'query') query[rule.field] = id;
    if (rule.from === 'body') body = { ...(body as object), [rule.field]: id };
  }
  const path = template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (!(name in params))
      throw new Error(`${routeKey}: add an example value for :${name} in route-examples.ts`);
    return encodeURIComponent(params[name]);
  });
  if (method !== 'GET' && method !== 'DELETE' && body === undefined && !example.noBody) {
    throw new Error(`${routeKey}: add an example body in route-examples.ts`);
  }
  const qs = new URLSearchParams(query).toString();
  return { method, url: qs ? `${path}?${qs}` : path, body };
}

describe('authorization matrix', () => {
  it('every route in the OpenAPI document has a policy entry, and every entry a route', () => {
    expect([...openApiRoutes].sort()).toEqual(Object.keys(policyTable).sort());
  });

  it('every route × role × own/foreign ids gets the decision the policy table states', async () => {
    const cases: Case[] = [];
    for (const route of openApiRoutes) {
      const policy = policyTable[route];
      expect(policy, `${route} has no policy entry`).toBeDefined();
      const variants: Case['variant'][] = policy.objects.length ? ['own', 'foreign'] : ['none'];
      for (const principal of PRINCIPALS)
        for (const variant of variants) cases.push({ route, principal, variant });
    }

    const failures: string[] = [];
    let allowed = 0;
    for (const c of cases) {
      const policy = policyTable[c.route];
      if (c.route === 'DELETE /api/session' || c.route === 'POST /api/session') continue; // would end the test's own sessions
      const req = buildRequest(c.route, policy, c.variant);
      const want = expected(policy, c.principal, c.variant);
      const res = await call(h.app, req.method as 'GET', req.url, {
        cookie: c.principal === 'anonymous' ? undefined : cookies[c.principal],
        body: req.body,
        headers: { 'idempotency-key': randomUUID() },
      });
      const got = res.statusCode;
      // Allowed is neither refusal, public routes included: GET /api/session answers a visitor
      // with "signed out", not 401.
      const ok = want === 'allow' ? got !== 403 && got !== 401 : got === want;
      if (want === 'allow') allowed++;
      if (!ok)
        failures.push(
          `${c.route} as ${c.principal} (${c.variant} ids): expected ${want}, got ${got} ${res.body.slice(0, 120)}`,
        );
      // No answer of any route, to anyone, carries the upstream credentials: only the BFF holds them.
      const seen = `${JSON.stringify(res.headers)}\n${res.body}`;
      for (const [name, secret] of Object.entries(h.credentials))
        if (seen.includes(secret))
          failures.push(`${c.route} as ${c.principal}: answer holds ${name}`);
      if (want !== 'allow' && got === 403) {
        // A refusal never carries data: only the error object.
        expect(Object.keys(res.json())).toEqual(['error']);
      }
    }
    console.info(
      `authorization matrix: ${cases.length} cases (${allowed} allowed, ${cases.length - allowed} denied), ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
