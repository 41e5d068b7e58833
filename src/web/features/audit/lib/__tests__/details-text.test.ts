import { describe, expect, it } from 'vitest';
import { withTimeZones } from '../../../../testing/time-zones';
import { detailLabel, detailsText } from '../details-text';

withTimeZones({ viewer: 'America/Los_Angeles', platform: 'UTC' });

/*
 * The details the portal writes for each action (docs/audit-log.md lists them; the shapes are the
 * routes' own), and how a reviewer reads them on the audit log page.
 */
const written: [action: string, details: Record<string, unknown>, reads: string][] = [
  ['sign_in', { method: 'password' }, 'Method: password'],
  ['account_viewed', { read: 'GET /api/accounts/:accountId/fund-moves' }, 'Read: Fund moves'],
  ['account_viewed', { read: 'GET /api/disbursement-approvals' }, 'Read: Held disbursements'],
  [
    'fund_moves_viewed',
    { moves: 25, page: 2, accountIds: ['A1040000', 'A1040173'] },
    'Fund moves shown: 25; Page: 2; Accounts shown: A1040000, A1040173',
  ],
  [
    'sign_in',
    { method: 'oidc', reason: 'flow_used_or_expired', detail: 'state mismatch' },
    'Method: single sign-on; Reason: flow used or expired; Detail: state mismatch',
  ],
  [
    'sign_in',
    { method: 'password', reason: 'account_disabled' },
    'Method: password; Reason: the account is disabled',
  ],
  [
    'sign_in',
    { method: 'oidc', reason: 'account_disabled' },
    'Method: single sign-on; Reason: the account is disabled',
  ],
  [
    'sign_in',
    { method: 'password', reason: 'wrong_email_or_password' },
    'Method: password; Reason: the email or password is not correct',
  ],
  [
    'sign_in',
    {
      method: 'password',
      reason: 'too_many_failures_for_email',
      refusedAttempts: 10,
      refusedUntil: '2026-11-29T17:30:00.000Z',
    },
    'Method: password; Reason: too many failed sign-ins with this email: the password was not checked; Refused so far in this window: 10; Refused until: Nov 29, 2026, 9:30:00 AM PST',
  ],
  [
    'sign_in',
    { method: 'password', reason: 'too_many_from_address', refusedAttempts: 1 },
    'Method: password; Reason: too many sign-ins from this address: the password was not checked; Refused so far in this window: 1',
  ],
  [
    'sign_in',
    { secondFactor: 'verify', method: 'password' },
    'Second factor: to be proved; Method: password',
  ],
  [
    'second_factor',
    { method: 'totp', purpose: 'step_up' },
    'Method: authenticator app; Purpose: step-up',
  ],
  [
    'step_up',
    { secondFactor: 'recovery', purpose: 'sign_in' },
    'Second factor: recovery code; Purpose: sign-in',
  ],
  [
    'step_up_required',
    { for: 'POST /api/offerings/:offeringId/investments', reason: 'no_second_factor' },
    'For: POST /api/offerings/:offeringId/investments; Reason: no second factor yet',
  ],
  ['second_factor_added', { kind: 'passkey', factorId: 'f-1' }, 'Kind: passkey; Factor id: f-1'],
  ['second_factor_removed', { factorId: 'f-1' }, 'Factor id: f-1'],
  [
    'second_factor_reset',
    { email: 'ada@demo.test', removed: 2 },
    'Email: ada@demo.test; Second factors removed: 2',
  ],
  ['personal_data_reveal', { field: 'taxId' }, 'Field: Tax id'],
  ['personal_data_reveal', { field: 'routingNumber' }, 'Field: Routing number'],
  ['account_note_added', { noteId: 'n-7', length: 42 }, 'Note id: n-7; Length (characters): 42'],
  [
    'access_denied',
    { route: 'GET /api/accounts/:accountId', method: 'GET' },
    'Request: GET /api/accounts/:accountId; Method: GET',
  ],
  [
    'user_created',
    { email: 'newbie@demo.test', role: 'issuer_staff', password: false },
    'Email: newbie@demo.test; Role: Issuer staff; Password: no',
  ],
  [
    // As the store gives it back: the keys of a JSON column sorted, `to` before `from`.
    'user_role_changed',
    {
      to: 'investor',
      from: 'issuer_staff',
      email: 'investor2@demo.test',
      unlinked: [
        { kind: 'security', upstreamId: '10001' },
        { kind: 'issuer', upstreamId: '1101' },
      ],
    },
    'Role: Issuer staff → Investor; Email: investor2@demo.test; Links removed with the role: Security 10001, Issuer 1101',
  ],
  [
    'user_role_changed',
    { by: 'single_sign_on', from: 'investor', to: 'compliance', unlinked: [] },
    'By: single sign-on; Role: Investor → Compliance reviewer; Links removed with the role: none',
  ],
  [
    'user_unlinked',
    {
      roleChanged: { to: 'investor', from: 'issuer_staff' },
      userId: '8942ce19-0000-4000-8000-000000000000',
      email: 'investor2@demo.test',
    },
    'Role change: Issuer staff → Investor; User id: 8942ce19-0000-4000-8000-000000000000; Email: investor2@demo.test',
  ],
  [
    'user_linked',
    {
      heldBy: ['1101', '1102'],
      userId: '8942ce19-0000-4000-8000-000000000000',
      email: 'investor2@demo.test',
      confirmedSecurityOfOtherIssuer: true,
    },
    'Security linked to the staff of issuers: 1101, 1102; User id: 8942ce19-0000-4000-8000-000000000000; Email: investor2@demo.test; Admin confirmed the security is of this user’s issuer: yes',
  ],
  [
    'user_linked',
    { heldBy: ['1101'], confirmedSecurityOfOtherIssuer: true },
    'Security linked to the staff of issuer: 1101; Admin confirmed the security is of this user’s issuer: yes',
  ],
  [
    'user_linked',
    {
      userId: 'u-1',
      email: 'ada@demo.test',
      confirmedIssuerWithoutOfferings: true,
      by: 'command_line',
      operator: 'deploy',
      unchecked: true,
    },
    'User id: u-1; Email: ada@demo.test; Admin confirmed the issuer though no offering names it: yes; By: the command line (npm run users); Operator (system user): deploy; Linked without the platform’s check: yes',
  ],
  [
    'user_disabled',
    { email: 'leaver@demo.test', disabled: true },
    'Email: leaver@demo.test; Disabled: yes',
  ],
  ['user_password_set', { email: 'ada@demo.test' }, 'Email: ada@demo.test'],
  [
    'trade_created',
    { reference: 'MR-1', tradeId: 'T9', accountId: 'A1040000', units: '10', amount: '1250.5' },
    'Our reference: MR-1; Trade id: T9; Account: A1040000; Units: 10; Amount: $1,250.50',
  ],
  [
    'disbursement_held_for_approval',
    { approvalId: 'ap-1', reference: 'MR-2', amount: '100', type: 'ach' },
    'Approval id: ap-1; Our reference: MR-2; Amount: $100.00; Type: ACH',
  ],
  [
    'held_disbursement_sent',
    { reference: 'MR-3', amount: '2500', type: 'wire_international' },
    'Our reference: MR-3; Amount: $2,500.00; Type: International wire',
  ],
  [
    'disbursement_rejected',
    { approvalId: 'ap-1', reason: 'maker_cannot_check' },
    'Approval id: ap-1; Reason: the person who requested it cannot approve it',
  ],
  [
    'disbursement_approved',
    { approvalId: 'ap-1', maker: 'maker@demo.test', amount: '100' },
    'Approval id: ap-1; Requested by: maker@demo.test; Amount: $100.00',
  ],
  [
    'money_request_unknown',
    { route: 'POST /api/custody/disbursements', code: 'upstream_timeout', account: 'A1040000' },
    'Request: POST /api/custody/disbursements; What went wrong: the platform did not answer in time; Account: A1040000',
  ],
  [
    'money_request_settled',
    {
      settled: 'not_sent',
      upstreamId: null,
      kind: 'deposit',
      forUser: 'u-1',
      by: 'system',
      via: 'lease_expired',
    },
    'Settled as: not sent; Platform id: none; Kind: deposit; For user id: u-1; By: the portal; Via: the request’s lease ran out',
  ],
  [
    'money_request_settled',
    { settled: 'created', upstreamId: 'T77', by: 'f00d-0000', via: 'manual' },
    'Settled as: created; Platform id: T77; By: f00d-0000; Via: a reviewer, by hand',
  ],
  [
    'request_outcome_unknown',
    {
      route: 'PUT /api/issuer/:issuerId/account',
      reason: 'the instance holding the request stopped',
      owner: 'web-2',
      issuer: '1101',
    },
    'Request: PUT /api/issuer/:issuerId/account; Reason: the instance holding the request stopped; Instance: web-2; Issuer: 1101',
  ],
  [
    'request_outcome_unknown',
    {
      route: 'POST /api/issuers/:issuerId/issuer-account',
      code: 'upstream_timeout',
      issuer: '1102',
      sent: {
        companyName: 'Blue Mesa Holdings LLC',
        companyState: 'CO',
        maskedCompanyTaxId: '••-•••4321',
      },
    },
    'Request: Issuer account save; What went wrong: the platform did not answer in time; Issuer: 1102; What was sent (company name Blue Mesa Holdings LLC, company state CO, company EIN (masked) ••-•••4321)',
  ],
  [
    'request_outcome_unknown',
    // A save as toSentIssuerAccount keeps it, the JSON column's keys sorted: what was not given
    // is said once, and each key reads as the form labels it.
    {
      code: 'upstream_timeout',
      issuer: '1101',
      route: 'POST /api/issuers/:issuerId/issuer-account',
      sent: {
        accountMiddleInitial: null,
        accountType: null,
        additionalInfo: null,
        addressLine1: '100 Main St',
        addressLine2: null,
        citizenUs: 'yes',
        city: null,
        companyName: 'Aspen Ridge Capital',
        companyState: 'CO',
        country: null,
        dateOfBirthGiven: false,
        entityType: 'LLC',
        issuingCountry: 'US',
        maskedCompanyTaxId: '••-•••6789',
        maskedSocialSecurityNumber: null,
        residentUs: null,
        zip: null,
      },
    },
    'What went wrong: the platform did not answer in time; Issuer: 1101; Request: Issuer account save; What was sent (address line 1 100 Main St, US citizen yes, company name Aspen Ridge Capital, company state CO, entity type LLC, issuing country US, company EIN (masked) ••-•••6789; not given: middle initial, account type, additional information, address line 2, city, country, date of birth, SSN (masked), US resident, ZIP code)',
  ],
  [
    'money_requests_reconciled',
    { examined: 3, created: 1, notSent: 1, stillUnknown: 1, inFlight: 0 },
    'Examined: 3; Created: 1; Not sent: 1; Still unknown: 1; In flight: 0',
  ],
  [
    'issuer_account_attempts_settled',
    { settled: 'stored', attempts: ['req-1', 'req-2'] },
    'Settled as: stored; Saves settled (support ids): req-1, req-2',
  ],
  [
    'audit_export',
    // What the reviewer typed in the user filter is kept as typed, underscores and all.
    {
      filters: { user: 'ada_l', action: 'user_linked', from: '2026-11-01' },
      rows: 12,
      truncated: false,
    },
    'Filters (user ada_l, action User linked, from 2026-11-01); Rows: 12; Cut at the export limit: no',
  ],
  [
    'audit_export',
    { filters: {}, rows: 0, truncated: false },
    'Filters: none; Rows: 0; Cut at the export limit: no',
  ],
  [
    'audit_events_pruned',
    { deleted: 40, before: '2025-11-27T11:28:43.000Z', by: 'housekeeping' },
    'Deleted: 40; Before: Nov 27, 2025, 3:28:43 AM PST; By: housekeeping',
  ],
  [
    'security_hours_updated',
    {
      tuesday: { before: '09:30–16:00 ET', after: 'closed' },
      wednesday: { before: null, after: '11:00–12:30 ET' },
    },
    'Tuesday: 9:30 AM – 4:00 PM ET → closed; Wednesday: not read → 11:00 AM – 12:30 PM ET',
  ],
  ['security_hours_updated', { unchanged: true }, 'Unchanged: yes'],
  [
    'security_hours_attempt_settled',
    {
      settled: 'not_saved',
      attempts: ['97a288fc-0c1e-4f55-9d43-1b2f1c3e4d5a'],
      asked: { thursday: '11:45–16:00 ET' },
      held: { thursday: '10:00–14:00 ET' },
    },
    'Settled as: not saved; Saves settled (support ids): 97a288fc-0c1e-4f55-9d43-1b2f1c3e4d5a; Hours asked for (Thursday 11:45 AM – 4:00 PM ET); Hours the platform held (Thursday 10:00 AM – 2:00 PM ET)',
  ],
  [
    'request_outcome_unknown',
    {
      route: 'PUT /api/securities/:securityId/market-hours',
      code: 'upstream_unavailable',
      security: '10001',
      // As the store's JSON column gives them back, sorted by name: read in week order.
      asked: {
        friday: '09:30–16:00 ET',
        monday: '09:00–16:00 ET',
        thursday: '09:30–16:00 ET',
        tuesday: 'closed',
        wednesday: '11:00–16:00 ET',
      },
    },
    'Request: Trading hours change; What went wrong: the platform could not be reached; Security: 10001; Hours asked for (Monday 9:00 AM – 4:00 PM ET, Tuesday closed, Wednesday 11:00 AM – 4:00 PM ET, Thursday 9:30 AM – 4:00 PM ET, Friday 9:30 AM – 4:00 PM ET)',
  ],
  [
    'security_hours_updated',
    {
      friday: { before: '09:30–16:00 ET', after: 'closed' },
      monday: { before: '09:30–16:00 ET', after: '08:00–12:00 ET' },
    },
    'Monday: 9:30 AM – 4:00 PM ET → 8:00 AM – 12:00 PM ET; Friday: 9:30 AM – 4:00 PM ET → closed',
  ],
];

describe('the details of an audit event, as a reviewer reads them', () => {
  it.each(written)('%s reads in words', (_action, details, reads) => {
    expect(detailsText(details)).toBe(reads);
  });

  it('never shows JSON: a key or a shape it does not know still reads as words', () => {
    const text = detailsText({
      someNewKey: { nested_thing: [{ a: 1, b: { c: true } }], empty: [] },
      another_flag: false,
      list: ['x', { y: null }],
    });
    expect(text).toBe(
      'Some new key (nested thing a 1, b c yes, empty none); Another flag: no; List: x, not given: y',
    );
    for (const [, details] of written) expect(detailsText(details)).not.toMatch(/[{}[\]"]/);
  });

  it('labels keys it does not know by their words', () => {
    expect(detailLabel('stillUnknown')).toBe('Still unknown');
    expect(detailLabel('owner_instance')).toBe('Owner instance');
  });

  it('names a settling reviewer and the user a request was for by their addresses, not ids', () => {
    const reviewer = '69065b58-d3e5-472b-9e87-f377bbb37d91';
    const investor = '4fd8738a-250b-4bcc-85c5-0b38db01ed92';
    const settled = { by: reviewer, via: 'manual', forUser: investor, settled: 'not_sent' };
    expect(
      detailsText({ ...settled, forUserEmail: 'investor@demo.test' }, 'compliance@demo.test'),
    ).toBe(
      'By: compliance@demo.test; Via: a reviewer, by hand; Settled as: not sent; For user: investor@demo.test',
    );
    // Without the address beside it, the id is all there is to show.
    expect(detailsText(settled)).toBe(
      `By: ${reviewer}; Via: a reviewer, by hand; For user id: ${investor}; Settled as: not sent`,
    );
    // The portal's own settling names no person: it stays in words, whoever the event names.
    expect(detailsText({ by: 'system', via: 'lease_expired' }, 'compliance@demo.test')).toBe(
      'By: the portal; Via: the request’s lease ran out',
    );
  });

  it('names a request whose outcome is unknown as what it was, not by its route', () => {
    expect(
      detailsText(
        {
          code: 'upstream_unavailable',
          route: 'POST /api/offerings/:offeringId/investments',
          offering: '5206',
        },
        'investor@demo.test',
      ),
    ).toBe(
      'What went wrong: the platform could not be reached; Request: Investment request; Offering: 5206',
    );
    expect(detailsText({ route: 'POST /api/accounts/:accountId/ira-supplement' })).toBe(
      'Request: IRA request',
    );
  });

  it('reads no details as nothing', () => {
    expect(detailsText(null)).toBe('');
  });
});
