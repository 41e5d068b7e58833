import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { StandingOnError } from '../../contract/errors';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * The money forms ask first for the account's requests that stand unsettled (`unsettled=true`)
 * and for those accepted moments ago (`recent=true`): unless a test says otherwise, there are
 * none. Other reads of the list fall through to the test's own handlers.
 */
const noUnsettledRequests = http.get('/api/accounts/:accountId/money-requests', ({ request }) => {
  const params = new URL(request.url).searchParams;
  return params.get('unsettled') === 'true' || params.get('recent') === 'true'
    ? HttpResponse.json({ requests: [], total: 0, offset: 0, limit: 20 })
    : undefined;
});

/**
 * The disbursement review reads the account's disbursements of the last 24 hours toward the
 * second approval: unless a test says otherwise, none.
 */
const noEarlierDisbursements = http.get(
  '/api/accounts/:accountId/disbursements/approval-total',
  () => HttpResponse.json({ earlier: '0', heldSignIn: false }),
);

/** My investments asks for the investor's standing investments: unless a test says otherwise, none. */
const noStandingInvestments = http.get('/api/money-requests', () =>
  HttpResponse.json({ requests: [], total: 0, offset: 0, limit: 100, recentlyEnded: [] }),
);

/**
 * The public settings every signed-in frame reads (whom to contact for support among them): a
 * portal on the sandbox with no support contact set, unless a test says otherwise.
 */
const plainPortalConfig = http.get('/api/config', () =>
  HttpResponse.json({ sandbox: true, platformTimeZone: 'UTC', singleSignOn: null }),
);

/** The BFF as the browser sees it, answered by MSW handlers at the BFF's own URLs (docs/bff-api.md). */
export const bff = setupServer(
  noUnsettledRequests,
  noEarlierDisbursements,
  noStandingInvestments,
  plainPortalConfig,
);

/**
 * Starts the mock BFF for this test file; a request no handler answers fails the test. MSW's own
 * 'error' strategy only fails the request (the page then shows its error state, which a test may
 * never look at): the requests are also kept, and the test that made them fails at its end.
 */
export function startMockBff() {
  const unanswered: string[] = [];
  beforeAll(() =>
    bff.listen({
      onUnhandledRequest: (request, print) => {
        unanswered.push(`${request.method} ${new URL(request.url).pathname}`);
        print.error();
      },
    }),
  );
  afterEach(() => {
    bff.resetHandlers();
    const missed = unanswered.splice(0);
    if (missed.length > 0) {
      throw new Error(`The mock BFF had no handler for: ${[...new Set(missed)].join(', ')}`);
    }
  });
  afterAll(() => bff.close());
}

export interface RecordedRequest {
  body: unknown;
  idempotencyKey: string | null;
  csrf: string | null;
}

/** An answer of the BFF, or the connection dropped before any answer came. */
export type Answer = Response | 'dropped';

/**
 * A route answering each request with the next of `answers` (the last one repeats), and
 * recording what the browser sent: body (undefined when there is none, as for a DELETE) and
 * headers.
 */
export function mockRoute(
  method: 'post' | 'put' | 'delete',
  path: string,
  ...answers: Answer[]
): RecordedRequest[] {
  const sent: RecordedRequest[] = [];
  bff.use(
    http[method](path, async ({ request }) => {
      const text = await request.text();
      sent.push({
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
        idempotencyKey: request.headers.get('Idempotency-Key'),
        csrf: request.headers.get('X-CSRF'),
      });
      const answer = answers[Math.min(sent.length, answers.length) - 1];
      return answer === 'dropped' ? HttpResponse.error() : answer.clone();
    }),
  );
  return sent;
}

/** A POST route: see `mockRoute`. */
export const mockPost = (path: string, ...answers: Answer[]) => mockRoute('post', path, ...answers);

/** The BFF's error body (docs/bff-api.md, Errors). */
export function errorAnswer(
  status: number,
  error: {
    code: string;
    message: string;
    submitted?: 'no' | 'unknown' | 'yes';
    refusal?: 'request' | 'state';
    /** A refusal of the BFF's own: what to do, the sentence its message ends with. */
    nextStep?: string;
    fields?: { field: string; message: string }[];
    requestId?: string;
    /** Our reference of a money request the register holds. */
    reference?: string;
    /** Requests standing unsettled that refused this one. */
    standing?: StandingOnError[];
  },
): Response {
  return HttpResponse.json({ error: { requestId: 'req-test-1', ...error } }, { status });
}

export const okAnswer = (body: JsonBodyType, status = 201): Response =>
  HttpResponse.json(body, { status });
