import { beforeAll, describe, expect, it } from 'vitest';
import { call, useHarness } from './harness';

/*
 * The API document states what each field of a reply holds, not only that it is text or a
 * number: a client reads the rule there (a reference's form, an instant's Z, a count that is
 * never negative), and the reply check of tests and development refuses a value that breaks it.
 */

type JsonSchema = {
  type?: string | string[];
  pattern?: string;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Operation = {
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let doc: Document;
const h = useHarness();
beforeAll(async () => {
  doc = (await call(h.app, 'GET', '/api/openapi.json')).json() as Document;
});

/** The branches a value may take: a nullable field's non-null one, a union's every one. */
function branches(schema: JsonSchema): JsonSchema[] {
  const union = schema.anyOf ?? schema.oneOf;
  if (!union) return schema.type === 'null' ? [] : [schema];
  return union.flatMap(branches);
}

/**
 * The schemas of one field of a route's success reply (200 or 201), at `path` (`[]` steps into a
 * list's items), through every branch of a union on the way.
 */
function field(method: string, url: string, path: string[]): JsonSchema[] {
  const responses = doc.paths[url]?.[method]?.responses ?? {};
  const success = responses['200'] ?? responses['201'];
  const reply = success?.content?.['application/json']?.schema;
  if (!reply) throw new Error(`no success reply documented for ${method} ${url}`);
  let at = branches(reply);
  for (const step of path) {
    at = at.flatMap((schema) => {
      const next = step === '[]' ? schema.items : schema.properties?.[step];
      return next ? branches(next) : [];
    });
  }
  if (at.length === 0) throw new Error(`${method} ${url}: no field ${path.join('.')}`);
  return at;
}

const REFERENCE = '^MR-[0-9A-Z]{10}$';

describe('the API document says what each reply field holds', () => {
  it('counts of a reconciliation pass are never negative', () => {
    const url = '/api/compliance/money-requests/reconcile';
    for (const count of [
      'examined',
      'created',
      'notSent',
      'stillUnknown',
      'notFoundYet',
      'unreadable',
      'foundAfterNotSent',
      'foundTwice',
      'inFlight',
    ]) {
      expect(field('post', url, [count]), count).toEqual([
        expect.objectContaining({ type: 'integer', minimum: 0 }),
      ]);
    }
  });

  it('our register reference is MR- and ten capitals or digits wherever a reply carries it', () => {
    const places: [string, string, string[]][] = [
      ['get', '/api/accounts/{accountId}/timeline', ['entries', '[]', 'reference']],
      ['get', '/api/accounts/{accountId}/timeline', ['entries', '[]', 'probableReference']],
      ['get', '/api/accounts/{accountId}/fund-moves', ['moves', '[]', 'portalReference']],
      ['get', '/api/disbursement-approvals', ['waiting', 'approvals', '[]', 'reference']],
      ['get', '/api/accounts/{accountId}/money-requests', ['requests', '[]', 'reference']],
      ['get', '/api/compliance/money-requests', ['requests', '[]', 'reference']],
      ['post', '/api/accounts/{accountId}/deposits', ['reference']],
      ['post', '/api/accounts/{accountId}/disbursements', ['reference']],
      ['post', '/api/offerings/{offeringId}/investments', ['reference']],
    ];
    for (const [method, url, path] of places) {
      for (const schema of field(method, url, path)) {
        expect(schema.pattern, `${url} ${path.join('.')}`).toBe(REFERENCE);
      }
    }
  });

  it('a held disbursement states its amount as a decimal', () => {
    expect(
      field('get', '/api/disbursement-approvals', ['waiting', 'approvals', '[]', 'amount']),
    ).toEqual([expect.objectContaining({ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' })]);
  });

  it('an audit event says when it happened as an instant in UTC', () => {
    expect(field('get', '/api/audit-events', ['events', '[]', 'at'])).toEqual([
      expect.objectContaining({ type: 'string', pattern: 'Z$' }),
    ]);
  });
});
