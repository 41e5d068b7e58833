import { describe, expect, it } from 'vitest';
import { offeringListSchema } from '../../contract/offerings';
import { policyTable } from '../policy/table';
import { routeKey } from '../routes/define';
import { call, callSandbox, sandboxCalls, signIn, useHarness } from './harness';

const h = useHarness();

describe('offerings through the BFF', () => {
  it('lists normalized offerings for a signed-in investor', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    const res = await call(h.app, 'GET', '/api/offerings', { cookie });
    expect(res.statusCode).toBe(200);
    const { offerings } = offeringListSchema.parse(res.json());
    expect(offerings.length).toBeGreaterThanOrEqual(8);
    for (const o of offerings) {
      expect(o.status).toBe(o.status.toLowerCase());
      expect(o.unitPrice).toMatch(/^\d+(\.\d+)?$/);
    }
  });

  it('filters by status, case-insensitively', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    const all = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie })).json(),
    );
    const status = all.offerings[0].status;
    const res = await call(h.app, 'GET', `/api/offerings?status=${status.toUpperCase()}`, {
      cookie,
    });
    const filtered = offeringListSchema.parse(res.json()).offerings;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((o) => o.status === status)).toBe(true);
  });

  it('filters by several statuses, comma-separated', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    const all = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie })).json(),
    ).offerings;
    const [first, second] = [...new Set(all.map((o) => o.status))];
    expect(second).toBeDefined();
    const res = await call(h.app, 'GET', `/api/offerings?status=${first},%20${second}`, { cookie });
    const filtered = offeringListSchema.parse(res.json()).offerings;
    expect(filtered.map((o) => o.id).sort()).toEqual(
      all
        .filter((o) => o.status === first || o.status === second)
        .map((o) => o.id)
        .sort(),
    );
  });

  it('answers one offering, and 404 for an unknown id', async () => {
    const cookie = await signIn(h.app, 'issuer@demo.test');
    const id = h.manifest.issuers[0].offeringIds![0];
    const one = await call(h.app, 'GET', `/api/offerings/${id}`, { cookie });
    expect(one.statusCode).toBe(200);
    expect(one.json().offering.id).toBe(id);
    const missing = await call(h.app, 'GET', '/api/offerings/999999999', { cookie });
    expect(missing.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await call(h.app, 'GET', '/api/offerings')).statusCode).toBe(401);
  });

  it('coalesces concurrent reads into one upstream call', async () => {
    const cookie = await signIn(h.app, 'investor2@demo.test');
    h.built.deps.offerings.invalidate();
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const replies = await Promise.all(
      Array.from({ length: 25 }, () => call(h.app, 'GET', '/api/offerings', { cookie })),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    // Header mode reads the GET offerings collection (§9); the sandbox's fit in one page.
    expect((await sandboxCalls(h.sandboxUrl)).offerings).toBe(1);
  });

  // §9 names the collection but §4.16 shows none of its payload: where the platform answers it
  // in another shape, the deprecated getAllOffers it replaces still lists the offerings.
  it('reads getAllOffers when the GET offerings collection answers in a shape it cannot read', async () => {
    const cookie = await signIn(h.app, 'investor2@demo.test');
    h.built.deps.offerings.invalidate();
    const before = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie })).json(),
    );
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'offerings',
      malformedJson: true,
      times: 1,
    });
    h.built.deps.offerings.invalidate();
    const res = await call(h.app, 'GET', '/api/offerings', { cookie });
    expect(res.statusCode).toBe(200);
    const after = offeringListSchema.parse(res.json());
    expect(after.offerings.map((o) => o.id).sort()).toEqual(
      before.offerings.map((o) => o.id).sort(),
    );
    expect(await sandboxCalls(h.sandboxUrl)).toMatchObject({ offerings: 1, getAllOffers: 1 });
    h.built.deps.offerings.invalidate();
  });

  // The GET collections carry permission scopes of their own (real-world notes §2, §5 rule 10):
  // a key without the offerings' scope is refused the collection, not getAllOffers.
  it('reads getAllOffers when the GET offerings collection is refused to the key (110)', async () => {
    const cookie = await signIn(h.app, 'investor2@demo.test');
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'offerings',
      statusCode: '110',
      times: 1,
    });
    h.built.deps.offerings.invalidate();
    const res = await call(h.app, 'GET', '/api/offerings', { cookie });
    expect(res.statusCode).toBe(200);
    expect(offeringListSchema.parse(res.json()).offerings.length).toBeGreaterThan(0);
    expect(await sandboxCalls(h.sandboxUrl)).toMatchObject({ offerings: 1, getAllOffers: 1 });
    h.built.deps.offerings.invalidate();
  });
});

describe('policy table', () => {
  it('has an entry for every registered route and nothing else', () => {
    const registered = h.built.routes.map(routeKey).sort();
    expect(Object.keys(policyTable).sort()).toEqual(registered);
  });

  it('unknown /api addresses answer 404 without data', async () => {
    const cookie = await signIn(h.app, 'admin@demo.test');
    const res = await call(h.app, 'GET', '/api/does-not-exist', { cookie });
    expect(res.statusCode).toBe(404);
    expect(Object.keys(res.json())).toEqual(['error']);
  });

  it('describes every route in /api/openapi.json with its policy', async () => {
    const res = await call(h.app, 'GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { 'x-policy'?: unknown }>> };
    let count = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        count++;
        expect(op['x-policy'], `${method} ${path}`).toBeDefined();
      }
    }
    expect(count).toBe(h.built.routes.length);
  });
});
