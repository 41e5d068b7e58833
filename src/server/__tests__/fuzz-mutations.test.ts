import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { policyTable } from '../policy/table';
import { call, fuzzParameters, sandboxCalls, signIn, useHarness } from './harness';

/**
 * Every mutating route, a thousand generated inputs (wrong types, unicode,
 * injection strings, oversize bodies). Never a 5xx; a 400 always names a field; and whatever the
 * BFF refuses never reaches the upstream (the sandbox's call counter does not move).
 */
let routes: { method: string; path: string; properties: string[] }[] = [];
const cookies: Record<string, string> = {};

const nasty = fc.constantFrom(
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}',
  '../../etc/passwd',
  '\u0000',
  '𝕏𝕐ℤ 🤑 ﷽',
  'ＡＢＣ１２３',
  '1e309',
  '-0',
  'NaN',
  '0x1F',
  ' 12.5 ',
  '9'.repeat(400),
);
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);

// The route limits would answer most generated requests with 429 and hide the validation.
const h = useHarness({ limitScale: 1000 }, 120_000);
beforeAll(async () => {
  const doc = (await call(h.app, 'GET', '/api/openapi.json')).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: {
            content: Record<string, { schema: { properties?: Record<string, unknown> } }>;
          };
        }
      >
    >;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (method === 'get' || path === '/api/session') continue;
      const schema = op.requestBody?.content['application/json']?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        properties: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  routes = routes.sort((a, b) => a.path.localeCompare(b.path));
  for (const email of ['investor@demo.test', 'issuer@demo.test', 'compliance@demo.test']) {
    cookies[email] = await signIn(h.app, email);
  }
}, 120_000);

/** Fills path parameters with ids the signed-in user owns, so requests reach validation. */
function concretePath(path: string): string {
  const investor = h.manifest.investors[0];
  const issuer = h.manifest.issuers[0];
  return path
    .replace('{accountId}', investor.accountIds[0])
    .replace('{issuerId}', issuer.issuerId)
    .replace('{offeringId}', issuer.offeringIds?.[0] ?? '1')
    .replace('{securityId}', issuer.securityIds?.[0] ?? '1')
    .replace(/\{[A-Za-z]+\}/g, 'X1');
}

// 30 bodies a route from a fixed seed (harness.ts, fuzzParameters): fast-check's default of 100
// from a new seed each run took 24 s of the suite's critical path for 3,300 bodies.
const FUZZ = fuzzParameters(30);
const RUNS_PER_ROUTE = FUZZ.numRuns;

describe('generated bad input on every mutating route', () => {
  it('covers every mutating route of the policy table (sign-in has its own test)', () => {
    const fromTable = Object.keys(policyTable)
      .filter((key) => !key.startsWith('GET ') && !key.endsWith(' /api/session'))
      .map((key) => {
        const [method, path] = key.split(' ');
        return `${method} ${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
      })
      .sort((a, b) => a.split(' ')[1].localeCompare(b.split(' ')[1]) || a.localeCompare(b));
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(fromTable);
  });

  it('sign-in: never a 5xx, 400s name a field', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('email', 'password', 'x'), value),
        async (body) => {
          const res = await call(h.app, 'POST', '/api/session', { body });
          statuses.add(res.statusCode);
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode === 400)
            expect(res.json().error.fields?.length ?? 0).toBeGreaterThan(0);
        },
      ),
      FUZZ,
    );
    // The generated bodies reached validation (400), not only the CSRF or rate-limit gates.
    expect(statuses.has(400), [...statuses].join(', ')).toBe(true);
  });

  it('mutating routes: never a 5xx; refused input never reaches the upstream', async () => {
    let tried = 0;
    const validated = new Map<string, number>();
    for (const route of routes) {
      const keys = route.properties.length ? route.properties : ['x'];
      const body = fc.oneof(
        {
          weight: 6,
          arbitrary: fc.dictionary(fc.constantFrom(...keys, 'unexpected'), value, {
            maxKeys: keys.length + 1,
          }),
        },
        { weight: 1, arbitrary: value },
        { weight: 1, arbitrary: fc.constant({ [keys[0]]: 'A'.repeat(70_000) }) },
      );
      const who = route.path.includes('issuer')
        ? 'issuer@demo.test'
        : route.path.includes('compliance') || route.path.includes('personal-data')
          ? 'compliance@demo.test'
          : 'investor@demo.test';
      await fc.assert(
        fc.asyncProperty(body, fc.uuid(), async (payload, key) => {
          tried++;
          const before = await sandboxCalls(h.sandboxUrl);
          const res = await call(h.app, route.method as 'POST', concretePath(route.path), {
            cookie: cookies[who],
            body: payload,
            headers: { 'idempotency-key': key },
          });
          expect(
            res.statusCode,
            `${route.method} ${route.path} → ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          if (res.statusCode === 400) {
            validated.set(route.path, (validated.get(route.path) ?? 0) + 1);
            const after = await sandboxCalls(h.sandboxUrl);
            expect(after, `${route.method} ${route.path} sent a refused request upstream`).toEqual(
              before,
            );
            expect(res.json().error.message.length).toBeGreaterThan(0);
          }
        }),
        FUZZ,
      );
    }
    expect(tried).toBe(routes.length * RUNS_PER_ROUTE);
    // Every route's validation was reached: bodies were not all stopped by a gate before it.
    for (const route of routes) {
      expect(validated.get(route.path) ?? 0, `${route.method} ${route.path}`).toBeGreaterThan(0);
    }
    console.info(`fuzz: ${tried} generated bodies over ${routes.length} mutating routes`);
  }, 600_000);
});
