import { describe, expect, it } from 'vitest';
import { call, sandboxCalls, signIn, useHarness } from './harness';

/*
 * A request after the session ended (expired, ended from My sessions, the user disabled or changed
 * by an admin) is refused before any handler runs: the browser asks the person to sign in again
 * over the page, and a form shows what the refusal says.
 */

const h = useHarness();

describe('a request without a live session', () => {
  it('refuses a write after the session ended, saying nothing was sent or saved', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    await call(h.app, 'DELETE', '/api/session', { cookie });
    const calls = await sandboxCalls(h.sandboxUrl);
    const write = await call(h.app, 'POST', '/api/accounts/A1040000/disbursements', {
      cookie,
      headers: { 'idempotency-key': '6f1d2c3b-0a9e-4f8d-8c7b-6a5e4d3c2b1a' },
      body: { type: 'ach', amount: '12.50' },
    });
    expect(write.statusCode).toBe(401);
    expect(write.json().error).toMatchObject({
      code: 'unauthenticated',
      message: 'Your session had ended, so this was not sent or saved.',
      submitted: 'no',
    });
    // Answered before anything reached the platform.
    expect(await sandboxCalls(h.sandboxUrl)).toEqual(calls);
    // A read is told to sign in again, with nothing to say about sending.
    const read = await call(h.app, 'GET', '/api/accounts', { cookie });
    expect(read.statusCode).toBe(401);
    expect(read.json().error.message).toBe('Your session has ended. Please sign in again.');
  });
});
