import { beforeAll, expect, it } from 'vitest';
import { savedIssuerAccountResultSchema } from '../../contract/issuer-workspace';
import { announcePresence } from '../store/instances';
import { createUser, link } from '../store/users';
import {
  breakStore,
  call,
  callSandbox,
  issuerSaveInFlight,
  sandboxCalls,
  signIn,
  useHarness,
} from './harness';

/*
 * An issuer account save (createIssuerAccount §4.6, which only creates: a second save adds a
 * second record) while the store fails or the BFF stops: the person and the page always know
 * what became of it.
 */
let cookie: string;
let issuerId: string;

const h = useHarness({ spool: true }, 120_000);
beforeAll(async () => {
  cookie = await signIn(h.app, 'issuer@demo.test');
  issuerId = h.manifest.issuers[0].issuerId;
}, 120_000);

const account = {
  companyName: 'Blue Mesa Holdings LLC',
  issuingCountry: 'US',
  companyState: 'CO',
  checkedNoIssuerAccount: true,
};
const url = () => `/api/issuers/${issuerId}/issuer-account`;
const save = (key: string) =>
  call(h.app, 'POST', url(), { cookie, body: account, headers: { 'idempotency-key': key } });
const stateOf = async () =>
  savedIssuerAccountResultSchema.parse((await call(h.app, 'GET', url(), { cookie })).json());

it('the platform saved it while the store was down: the receipt, and the page shows it saved, not "lost its answer"', async () => {
  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
  await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
    operation: 'createIssuerAccount',
    latencyMs: 400,
    times: 1,
  });
  const key = 'issuer-outage-save-0001';
  const pending = save(key);
  for (;;) {
    if (((await sandboxCalls(h.sandboxUrl)).createIssuerAccount ?? 0) > 0) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  const restore = breakStore(h.db, [
    'transaction',
    'selectFrom',
    'insertInto',
    'updateTable',
    'deleteFrom',
  ]);
  let res;
  try {
    res = await pending;
  } finally {
    restore();
  }
  // What the platform answered, never "may or may not have been submitted".
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().records.length).toBeGreaterThan(0);
  expect(h.readSpool()).toContain('Blue Mesa Holdings LLC');

  // The store is back, the spool not replayed yet: the page shows the account saved, and
  // nothing to settle.
  const state = await stateOf();
  expect(state.saved?.records).toEqual(res.json().records);
  expect(state.unsettled).toEqual([]);
  const audits = await h.db
    .selectFrom('audit_events')
    .select('action')
    .where('object_id', '=', issuerId)
    .where('action', 'in', ['issuer_account_create', 'request_outcome_unknown'])
    .execute();
  expect(audits).toEqual([{ action: 'issuer_account_create' }]);

  // The housekeeping pass's replay changes nothing more; a retry of the key gets the receipt,
  // and a new save is refused as already saved. One call only.
  await h.built.deps.spool.replay(h.db);
  expect((await stateOf()).saved?.records).toEqual(res.json().records);
  const retry = await save(key);
  expect(retry.statusCode).toBe(201);
  expect(retry.json()).toEqual(res.json());
  const another = await save('issuer-outage-save-0002');
  expect(another.statusCode).toBe(409);
  expect(another.json().error.message).toMatch(/already saved/);
  expect((await sandboxCalls(h.sandboxUrl)).createIssuerAccount).toBe(1);
});

it('while another instance is mid-save, the page reads the save on its way (not the blank form), and a second save is refused once, without "try again"', async () => {
  const other = h.manifest.issuers[1].issuerId;
  const email = 'issuer-crash@example.test';
  const password = 'issuer-staff-password-2026';
  const userId = await createUser(h.db, { email, name: email, role: 'issuer_staff', password });
  await link(h.db, userId, 'issuer', other);
  const staff = await signIn(h.app, email, password);
  // The save as another instance holds it: claimed, its call on its way, its lease not run out
  // yet, with what it sent (masked). That instance is alive: one that is gone has no call on its
  // way, and its save reads as lost at once (store/instances.ts).
  const saving = await announcePresence(h.db, 'the-saving-instance');
  const at = new Date();
  await issuerSaveInFlight(h.db, {
    userId,
    issuerId: other,
    key: 'issuer-crash-save-00001',
    instance: 'the-saving-instance',
    at,
    leaseMs: 15_000,
    sent: { ...sentOf, companyName: 'Blue Mesa Holdings LLC' },
  });

  const read = await call(h.app, 'GET', `/api/issuers/${other}/issuer-account`, { cookie: staff });
  expect(savedIssuerAccountResultSchema.parse(read.json())).toEqual({
    saved: null,
    unsettled: [],
    sending: [
      {
        at: at.toISOString(),
        by: email,
        requestId: null,
        sent: { ...sentOf, companyName: 'Blue Mesa Holdings LLC' },
      },
    ],
  });

  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
  const second = await call(h.app, 'POST', `/api/issuers/${other}/issuer-account`, {
    cookie: staff,
    body: account,
    headers: { 'idempotency-key': 'issuer-crash-save-00002' },
  });
  expect(second.statusCode).toBe(409);
  // The portal's own sentence pair, said once: the form adds nothing ("correct it and try
  // again" would invite the second record §4.6 warns of).
  const why =
    'Another save of this issuer account is on its way to the platform, which may create it; nothing was sent for this one.';
  const next = 'Do not save it again: its outcome shows on this page in a moment.';
  expect(second.json().error).toMatchObject({
    submitted: 'no',
    message: `${why} ${next}`,
    nextStep: next,
  });
  expect((await sandboxCalls(h.sandboxUrl)).createIssuerAccount ?? 0).toBe(0);
  await saving.close();
});

/** What the portal keeps of a save of `account`: nothing personal to mask in it. */
const sentOf = {
  companyName: 'Blue Mesa Holdings LLC',
  companyState: 'CO',
  issuingCountry: 'US',
  accountType: null,
  entityType: null,
  maskedCompanyTaxId: null,
  accountMiddleInitial: null,
  maskedSocialSecurityNumber: null,
  dateOfBirthGiven: false,
  residentUs: null,
  citizenUs: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  zip: null,
  country: null,
  additionalInfo: null,
};
