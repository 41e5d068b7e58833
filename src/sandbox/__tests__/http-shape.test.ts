/**
 * Every answer of the sandbox is in the document's shape (§1, §7: statusCode and statusDesc, both
 * strings), the framework's own answers included, and multipart POST bodies are accepted as real
 * traffic sends them (real-world notes §2).
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';

const env = useSandbox();

function expectDocumentShape(body: unknown) {
  expect(body).toMatchObject({ statusCode: expect.any(String), statusDesc: expect.any(String) });
}

async function raw(path: string, init: RequestInit = {}) {
  const response = await fetch(`${env.client.url}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
}

function multipart(fields: Record<string, string>, file?: { name: string; content: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('userfile0', new Blob([file.content]), file.name);
  return form;
}

describe('framework answers in the document shape', () => {
  it('an unknown path answers 404 with string codes', async () => {
    const r = await raw('/no/such/thing?x=1');
    expect(r.status).toBe(404);
    expectDocumentShape(r.body);
    expect(r.body.statusCode).toBe('404');
    expect(r.body.statusDesc).not.toContain('x=1');
  });

  it('an unknown legacy operation answers 404 with string codes', async () => {
    const r = await env.client.op('noSuchOperation');
    expect(r.status).toBe(404);
    expectDocumentShape(r.body);
  });

  it('a wrong method on a /v3/... resource answers 405 with string codes and Allow', async () => {
    const response = await fetch(`${env.client.url}/v3/offerings`, {
      method: 'DELETE',
      headers: { authorization: env.client.bearer() },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    const body = await response.json();
    expectDocumentShape(body);
    expect(body.statusCode).toBe('405');
  });

  it('an unsupported content type answers in the document shape, not a framework error', async () => {
    const r = await raw('/index.php/v3/getAllOffers', {
      method: 'POST',
      headers: { 'content-type': 'application/xml', authorization: env.client.bearer() },
      body: '<a/>',
    });
    expect(r.status).toBe(415);
    expectDocumentShape(r.body);
    expect(r.body.statusCode).toBe('415');
  });
});

describe('multipart bodies (real-world notes §2)', () => {
  it('a multipart POST is read like form fields, credentials in the body included', async () => {
    const { clientID, developerAPIKey } = env.client.bodyCredentials();
    const r = await raw('/index.php/v3/getAllOffers', {
      method: 'POST',
      body: multipart({ clientID, developerAPIKey }),
    });
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe('101');
    expect(Array.isArray(r.body.offeringDetails)).toBe(true);
  });

  it('multipart fields are parameters: a missing one is a 106, a file part is accepted', async () => {
    const missing = await raw('/index.php/v3/getOfferingPurchaseHistory', {
      method: 'POST',
      headers: { authorization: env.client.bearer() },
      body: multipart({}, { name: 'doc.pdf', content: 'pdf' }),
    });
    expect(missing.body.statusCode).toBe('106');
    const offerings = await env.client.op('getAllOffers');
    const offeringId = offerings.body.offeringDetails[0].offeringId as string;
    const found = await raw('/index.php/v3/getOfferingPurchaseHistory', {
      method: 'POST',
      headers: { authorization: env.client.bearer() },
      body: multipart({ offeringId }),
    });
    expect(found.body.statusCode).toBe('101');
  });

  it('a multipart PUT is refused with 103 under HTTP 404, as live traffic shows', async () => {
    const r = await raw('/index.php/v3/createIssuer', {
      method: 'PUT',
      headers: { authorization: env.client.bearer() },
      body: multipart({ issuerName: 'Acme' }),
    });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ statusCode: '103', statusDesc: expect.any(String) });
  });
});
