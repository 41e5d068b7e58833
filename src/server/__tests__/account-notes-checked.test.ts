import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callSandbox, call, clearFaults, sandboxCallsOf, signIn, useHarness } from './harness';

/**
 * A reviewer's note is kept only on an account the platform holds: the account is read first
 * (getAccount, §4.10), and nothing is saved when it is unknown or cannot be read.
 */
let compliance: string;
const h = useHarness({}, 120_000);
beforeAll(async () => {
  compliance = await signIn(h.app, 'compliance@demo.test');
}, 120_000);
afterEach(async () => {
  await clearFaults(h.sandboxUrl);
});

const addNote = (accountId: string, body = 'Asked for a utility bill.') =>
  call(h.app, 'POST', `/api/accounts/${accountId}/notes`, { cookie: compliance, body: { body } });

const notesOn = (accountId: string) =>
  h.db.selectFrom('account_notes').selectAll().where('account_id', '=', accountId).execute();

describe('a note on an account', () => {
  it('on an account the platform does not know is refused as not found, naming it, and not saved', async () => {
    const unknown = 'A9999999';
    const before = await sandboxCallsOf(h.sandboxUrl, 'getAccount');
    const res = await addNote(unknown);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      code: 'not_found',
      submitted: 'no',
      message:
        'No account A9999999 exists on the platform. Nothing was saved: check the account id.',
    });
    expect(await sandboxCallsOf(h.sandboxUrl, 'getAccount')).toBeGreaterThan(before);
    expect(await notesOn(unknown)).toHaveLength(0);
    const added = await h.db
      .selectFrom('audit_events')
      .select('object_id')
      .where('action', '=', 'account_note_added')
      .where('object_id', '=', unknown)
      .execute();
    expect(added).toHaveLength(0);
  });

  it('when the platform cannot be asked, says so and saves nothing', async () => {
    const accountId = h.manifest.investors[0].accountIds[0];
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getAccount',
      httpStatus: 503,
      when: { accountId },
    });
    const res = await addNote(accountId, 'Checked while the platform was down.');
    expect(res.statusCode).toBe(503);
    const error = res.json().error;
    expect(error).toMatchObject({
      code: 'upstream_unavailable',
      submitted: 'no',
      nextStep: 'Nothing was saved; try again when the platform answers.',
    });
    expect(error.message).toMatch(
      new RegExp(`^The account ${accountId} could not be checked with the platform\\. `),
    );
    const notes = await notesOn(accountId);
    expect(notes.map((n) => n.body)).not.toContain('Checked while the platform was down.');
  });

  it('on an account the platform holds is saved', async () => {
    const accountId = h.manifest.investors[0].accountIds[0];
    const res = await addNote(accountId, 'Bill received; address matches.');
    expect(res.statusCode, res.body).toBe(201);
    expect((await notesOn(accountId)).map((n) => n.body)).toContain(
      'Bill received; address matches.',
    );
  });
});
