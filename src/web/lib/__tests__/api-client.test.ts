import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiClientError,
  api,
  apiGetLines,
  apiRequest,
  getUnlessSignedOut,
  setSessionEndedHandler,
} from '../api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends the CSRF header, same-origin credentials, JSON and the idempotency key', async () => {
    const fetchMock = stubFetch(async () => json(200, { ok: true }));
    await api.post('/api/things', { body: { a: 1 }, idempotencyKey: 'key-1' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/things');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      'X-CSRF': '1',
      'Content-Type': 'application/json',
      'Idempotency-Key': 'key-1',
    });
  });

  it('parses the body with the given schema', async () => {
    stubFetch(async () => json(200, { n: 2 }));
    await expect(api.get('/api/n', { schema: z.object({ n: z.number() }) })).resolves.toEqual({
      n: 2,
    });
  });

  it('loads a schema given as a loader, and refuses what it refuses', async () => {
    const schema = z.object({ n: z.number() });
    const load = vi.fn(async () => schema);
    stubFetch(async () => json(200, { n: 2 }));
    await expect(api.get('/api/n', { schema: load })).resolves.toEqual({ n: 2 });
    expect(load).toHaveBeenCalledTimes(1);

    stubFetch(async () => json(200, { n: 'two' }));
    await expect(api.get('/api/n', { schema: load })).rejects.toMatchObject({
      code: 'bad_response',
    });
  });

  it('asking who is signed in: the signed-out answer comes as it is, told apart before the schema loads', async () => {
    stubFetch(async () => json(200, { signedIn: false }));
    const schema = z.object({ id: z.string() });
    const load = vi.fn(async () => schema);
    await expect(getUnlessSignedOut('/api/session', { schema: load })).resolves.toEqual({
      signedIn: false,
    });
    // Whether a session of this browser just ended comes with it (contract/signed-out).
    stubFetch(async () => json(200, { signedIn: false, ended: true }));
    await expect(getUnlessSignedOut('/api/session', { schema: load })).resolves.toEqual({
      signedIn: false,
      ended: true,
    });
    expect(load).not.toHaveBeenCalled();

    stubFetch(async () => json(200, { id: 'u1' }));
    await expect(getUnlessSignedOut('/api/session', { schema })).resolves.toEqual({ id: 'u1' });
    // A 401 is not an answer of this route: an error like any other refusal.
    stubFetch(async () => json(401, { error: { code: 'unauthenticated', message: 'Sign in.' } }));
    await expect(getUnlessSignedOut('/api/session', { schema })).rejects.toMatchObject({
      status: 401,
    });
    stubFetch(async () => json(403, { error: { code: 'forbidden', message: 'No.' } }));
    await expect(getUnlessSignedOut('/api/session', { schema })).rejects.toMatchObject({
      status: 403,
      message: 'No.',
    });
  });

  it('returns nothing for 204', async () => {
    stubFetch(async () => new Response(null, { status: 204 }));
    await expect(api.delete('/api/session')).resolves.toBeUndefined();
  });

  it('turns a BFF error into an ApiClientError with its message, fields and submitted', async () => {
    stubFetch(async () =>
      json(400, {
        error: {
          code: 'bad_request',
          message: 'Check the highlighted fields.',
          fields: [{ field: 'email', message: 'Email must be a valid email address' }],
          submitted: 'no',
          requestId: 'req-7',
        },
      }),
    );
    const error = await api.post('/api/session', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({
      status: 400,
      code: 'bad_request',
      message: 'Check the highlighted fields.',
      fields: [{ field: 'email', message: 'Email must be a valid email address' }],
      submitted: 'no',
      requestId: 'req-7',
    });
  });

  // A proxy's 503 may follow a connection reset after the request reached the BFF.
  it.each([500, 502, 503, 504])(
    'explains a gateway failure (%i, not the BFF’s own answer) on a write as an unknown outcome, and on a read as nothing sent',
    async (status) => {
      stubFetch(async () => new Response('<html>Gateway</html>', { status }));
      const error = (await apiRequest('POST', '/api/trades', { body: {} }).catch(
        (e: unknown) => e,
      )) as ApiClientError;
      expect(error.submitted).toBe('unknown');
      expect(error.message).toMatch(/may or may not have gone through/);
      const read = (await api.get('/api/offerings').catch((e: unknown) => e)) as ApiClientError;
      expect(read.submitted).toBe('no');
      expect(read.message).not.toMatch(/may or may not/);
    },
  );

  it('says the portal could not be reached, and for writes that the outcome is unknown', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const read = (await api.get('/api/offerings').catch((e: unknown) => e)) as ApiClientError;
    expect(read).toMatchObject({ status: 0, code: 'network', submitted: 'no' });
    expect(read.message).toMatch(/could not be reached/);
    expect(read.message).not.toMatch(/may or may not/);

    const write = (await api
      .post('/api/trades', { body: {} })
      .catch((e: unknown) => e)) as ApiClientError;
    expect(write).toMatchObject({ code: 'network', submitted: 'unknown' });
    expect(write.message).toMatch(/could not be reached.*may or may not have gone through/);
    expect(write.message).not.toMatch(/check your connection and try again/i);
  });

  it('says a create sent once (with its key) may have been sent and is not to be sent again as a new request', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const create = (await api
      .post('/api/accounts/A1/disbursements', { body: {}, idempotencyKey: 'k-1' })
      .catch((e: unknown) => e)) as ApiClientError;
    expect(create).toMatchObject({ code: 'network', submitted: 'unknown' });
    expect(create.message).toBe(
      'The portal could not be reached while your request was on its way, so it may have been sent. Do not send it again as a new request.',
    );
  });

  it('reports an answer that does not match the contract instead of passing it on', async () => {
    stubFetch(async () => json(200, { n: 'two' }));
    const error = (await api
      .get('/api/n', { schema: z.object({ n: z.number() }) })
      .catch((e: unknown) => e)) as ApiClientError;
    expect(error.code).toBe('bad_response');
  });

  it('lets an aborted request stay an abort', async () => {
    const controller = new AbortController();
    stubFetch(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    controller.abort();
    const error = await api.get('/api/n', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiClientError);
  });
});

describe("apiGetLines (the order book's NDJSON reply)", () => {
  /** A reply whose body arrives in exactly these pieces of text. */
  const streamed = (pieces: string[]) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
          controller.close();
        },
      }),
      { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } },
    );
  const line = z.object({ n: z.number() });

  it('hands over each line once, in order, however the pieces cut them', async () => {
    const long = 'x'.repeat(50_000);
    const lines = [{ n: 1 }, { n: 2, pad: long }, { n: 3 }, { n: 4 }];
    const text = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n\n`;
    // Cuts inside a line, on a newline, several lines in one piece, the last line without one.
    const cuts = [3, 4, 30, 25_000, 25_001, text.length - 9, text.length - 1];
    const pieces = [0, ...cuts].map((from, i) => text.slice(from, [...cuts, text.length][i]));
    expect(pieces.join('')).toBe(text);
    stubFetch(async () => streamed(pieces));
    const got: number[] = [];
    await apiGetLines('/api/lines', { schema: line, onLine: (l) => got.push(l.n) });
    expect(got).toEqual([1, 2, 3, 4]);

    stubFetch(async () => streamed(['{"n":1}\n{"n"', ':2}']));
    const last: number[] = [];
    await apiGetLines('/api/lines', { schema: line, onLine: (l) => last.push(l.n) });
    expect(last).toEqual([1, 2]);
  });

  it('tells a refusal past the limit of days at once with its Retry-After, for the page to wait its turn', async () => {
    const busy = json(429, {
      error: { code: 'rate_limited', message: 'Two days loading.', submitted: 'no' },
    });
    busy.headers.set('Retry-After', '1');
    stubFetch(async () => busy);
    await expect(
      apiGetLines('/api/lines', { schema: line, onLine: () => undefined }),
    ).rejects.toMatchObject({ status: 429, retryAfterSeconds: 1 });
    // A date form, or none, gives no number of seconds to wait.
    const dated = json(429, { error: { code: 'rate_limited', message: 'Later.' } });
    dated.headers.set('Retry-After', 'Wed, 21 Oct 2026 07:28:00 GMT');
    stubFetch(async () => dated);
    const error = await apiGetLines('/api/lines', { schema: line, onLine: () => undefined }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: undefined });
  });

  it('refuses a line that is not JSON or not the schema', async () => {
    stubFetch(async () => streamed(['{"n":1}\n{"n":', '"two"}\n']));
    await expect(
      apiGetLines('/api/lines', { schema: line, onLine: () => undefined }),
    ).rejects.toMatchObject({ code: 'bad_response' });
    stubFetch(async () => streamed(['{"n":1}\nnot json\n']));
    await expect(
      apiGetLines('/api/lines', { schema: line, onLine: () => undefined }),
    ).rejects.toMatchObject({ code: 'bad_response' });
  });
});

describe('a session that ended while a signed-in page is open', () => {
  const ended = () => json(401, { error: { code: 'unauthenticated', message: 'Ended.' } });

  it('a write tells the signed-in layout and fails at once: it is never sent again by itself', async () => {
    const told: { write: boolean }[] = [];
    const stop = setSessionEndedHandler(async (what) => {
      told.push(what);
      return true;
    });
    try {
      const fetchMock = stubFetch(async () => ended());
      await expect(api.post('/api/things', { body: { a: 1 } })).rejects.toMatchObject({
        status: 401,
        submitted: 'no',
      });
      expect(told).toEqual([{ write: true }]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('a read waits for the same person to sign in again, then goes once more', async () => {
    // Each read refused for the ended session, waiting for its answer: the same person or not.
    const waiting: ((same: boolean) => void)[] = [];
    const stop = setSessionEndedHandler(
      () => new Promise<boolean>((resolve) => waiting.push(resolve)),
    );
    try {
      const answers = [ended(), json(200, { n: 2 })];
      const fetchMock = stubFetch(async () => answers.shift()!);
      const read = api.get('/api/n');
      await vi.waitFor(() => expect(waiting).toHaveLength(1));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      waiting[0]!(true);
      await expect(read).resolves.toEqual({ n: 2 });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      // Someone else signed in: the read fails, and is not sent for them.
      const again = stubFetch(async () => ended());
      const other = api.get('/api/n');
      await vi.waitFor(() => expect(waiting).toHaveLength(2));
      waiting[1]!(false);
      await expect(other).rejects.toMatchObject({ status: 401 });
      expect(again).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('a wrong password at sign-in is the form’s own error, not an ended session', async () => {
    const told = vi.fn(async () => true);
    const stop = setSessionEndedHandler(told);
    try {
      stubFetch(async () => ended());
      await expect(
        api.post('/api/session', { body: { email: 'a@b.c', password: 'x' }, signingIn: true }),
      ).rejects.toMatchObject({ status: 401 });
      expect(told).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
