/** §4.10 getAccount, §4.11 searchAccount, §4.12 searchEntity, §4.13-4.14 market hours, ping. */
import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';

const env = useSandbox();
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

describe('§4.10 getAccount', () => {
  it('§4.10 / §2.5: accountDetails is an object of strings including archived_status and field1-3', async () => {
    const r = await env.client.op('getAccount', { accountId: 'A1040000' });
    expect(r.body.statusCode).toBe('101');
    const a = r.body.accountDetails;
    expect(Array.isArray(a)).toBe(false);
    for (const key of [
      'accountId',
      'accountName',
      'type',
      'entityType',
      'residentType',
      'address1',
      'address2',
      'city',
      'state',
      'zip',
      'country',
      'phone',
      'taxID',
      'kycStatus',
      'kycDate',
      'amlStatus',
      'amlDate',
      'suitabilityScore',
      'suitabilityDate',
      'suitabilityApprover',
      'accreditedStatus',
      'accreditedInvestor',
      'accreditedInvestorDate',
      '506cLimit',
      'accountTotalLimit',
      'singleInvestmentLimit',
      'associatedAC',
      'syndicate',
      'tags',
      'notes',
      'approvalStatus',
      'approvalPrincipal',
      'approvalLastReview',
      'archived_status',
      'field1',
      'field2',
      'field3',
    ]) {
      expect(typeof a[key], key).toBe('string');
    }
    expect(a.accountName).toBe('Avery Quinn');
    expect(a.kycDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(a.accreditedInvestorDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });

  it('real-world: missing accountId → 106; unknown or malformed → 148', async () => {
    expect((await env.client.op('getAccount', {})).body.statusCode).toBe('106');
    expect((await env.client.op('getAccount', { accountId: 'invalid-account-id' })).body).toEqual({
      statusCode: '148',
      statusDesc: 'Account is not exist/active.',
    });
  });

  it('createAccount answers a plain accountDetails array and the account can be read back', async () => {
    const r = await env.client.op(
      'createAccount',
      {
        accountRegistration: 'New Investor',
        type: 'individual',
        streetAddress1: '9 Elm',
        city: 'Boise',
        state: 'ID',
        zip: '83702',
        country: 'USA',
      },
      { method: 'PUT' },
    );
    expect(r.body.statusCode).toBe('101');
    expect(r.body.accountDetails).toHaveLength(1);
    const { accountId } = r.body.accountDetails[0];
    expect(accountId).toMatch(/^A\d{7,8}$/);
    const read = await env.client.op('getAccount', { accountId });
    expect(read.body.accountDetails).toMatchObject({
      accountName: 'New Investor',
      type: 'individual',
      city: 'Boise',
      kycStatus: 'Pending',
    });
    expect(
      (await env.client.op('createAccount', { accountRegistration: 'x' })).body.statusCode,
    ).toBe('106');
  });
});

describe('§4.11 searchAccount', () => {
  it('§4.11 / §2.5: accountDetails is an array of every match, without getAccount-only fields', async () => {
    const r = await env.client.op('searchAccount', { searchKeyword: 'quinn' });
    expect(r.body.statusCode).toBe('101');
    const list = r.body.accountDetails;
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((a: { accountId: string }) => a.accountId)).toEqual(
      expect.arrayContaining(['A1040000', 'A1040173']),
    );
    for (const a of list) {
      expect(a).not.toHaveProperty('archived_status');
      expect(a).not.toHaveProperty('field1');
    }
    const none = await env.client.op('searchAccount', { searchKeyword: 'zzzz-no-match' });
    expect(none.body).toMatchObject({ statusCode: '101', accountDetails: [] });
  });

  it('§4.11: searchKeyword is required (106)', async () => {
    expect((await env.client.op('searchAccount', {})).body.statusCode).toBe('106');
  });
});

describe('§4.12 searchEntity', () => {
  it('§4.12 / §2.6: entityDetails with KYCstatus/AMLstatus capitalised as the document spells them', async () => {
    const r = await env.client.op('searchEntity', { searchKeyword: 'E' });
    expect(r.body.statusCode).toBe('101');
    const list = r.body.entityDetails;
    expect(list.length).toBeGreaterThanOrEqual(10);
    for (const e of list) {
      expect(Object.keys(e)).toEqual([
        'partyId',
        'domicile',
        'entityName',
        'entityType',
        'entityDesc',
        'ein',
        'primCountry',
        'primAddress1',
        'primAddress2',
        'primCity',
        'primState',
        'primZip',
        'emailAddress',
        'emailAddress2',
        'phone',
        'phone2',
        'totalAssets',
        'ownersAI',
        'KYCstatus',
        'AMLstatus',
        'AMLdate',
        'tags',
        'notes',
      ]);
      expect(e).not.toHaveProperty('kycStatus');
      expect(e.AMLdate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    }
    const ellis = await env.client.op('searchEntity', { searchKeyword: 'Ellis Ventures' });
    expect(ellis.body.entityDetails.map((e: { entityName: string }) => e.entityName)).toContain(
      'Ellis Ventures LLC',
    );
    expect((await env.client.op('searchEntity', {})).body.statusCode).toBe('106');
  });
});

describe('§4.13 getMarketHours', () => {
  it('§4.13 / §2.7: globalMarketHours with <day>closed (lower-case c) and unpadded hour strings, no weekend', async () => {
    const r = await env.client.op('getMarketHours', {}, { method: 'GET' });
    const hours = r.body.globalMarketHours;
    expect(Object.keys(hours)).toHaveLength(25);
    for (const day of DAYS) {
      expect(hours[`${day}closed`]).toBe('No');
      expect(hours).not.toHaveProperty(`${day}Closed`);
    }
    expect(hours).toMatchObject({
      mondayStartHours: '9',
      mondayStartMins: '30',
      mondayCloseHours: '16',
      mondayCloseMins: '0',
    });
    expect(Object.keys(hours).some((k) => k.startsWith('saturday') || k.startsWith('sunday'))).toBe(
      false,
    );
  });
});

describe('§4.14 updateSecurityMarketHours', () => {
  it('§4.14 / §2.8: request <day>HoursStart/End HH:mm, response <day>StartHours/StartMins unpadded, <day>Closed', async () => {
    const r = await env.client.op('updateSecurityMarketHours', {
      securityId: '10001',
      mondayHoursStart: '08:05',
      mondayHoursEnd: '15:30',
      tuesdayClosed: 'yes',
      wednesdayClosed: 'no',
    });
    expect(r.body.statusCode).toBe('101');
    const d = r.body.securityHoursDetails;
    expect(d.securityId).toBe('10001');
    expect(d).toMatchObject({
      mondayClosed: 'No',
      mondayStartHours: '8',
      mondayStartMins: '5',
      mondayCloseHours: '15',
      mondayCloseMins: '30',
      tuesdayClosed: 'Yes',
      wednesdayClosed: 'No',
    });
    expect(d).not.toHaveProperty('mondayclosed');
    for (const value of Object.values(d)) expect(typeof value).toBe('string');
    const read = await env.client.op('getSecurityMarketHours', { securityId: '10001' });
    expect(read.body.securityHoursDetails).toEqual(d);
  });

  it('§4.14: securityId is required; times must be HH:mm and come in pairs; closed yes excludes hours', async () => {
    expect((await env.client.op('updateSecurityMarketHours', {})).body.statusCode).toBe('106');
    expect(
      (await env.client.op('updateSecurityMarketHours', { securityId: '424242' })).body.statusCode,
    ).toBe('106');
    for (const bad of [
      { fridayHoursStart: '9:30', fridayHoursEnd: '16:00' },
      { fridayHoursStart: '25:00', fridayHoursEnd: '26:00' },
      { fridayHoursStart: '09:30' },
      { fridayHoursStart: '16:00', fridayHoursEnd: '09:30' },
      { fridayHoursStart: '09:30', fridayHoursEnd: '16:00', fridayClosed: 'yes' },
      { fridayClosed: 'maybe' },
    ]) {
      const r = await env.client.op('updateSecurityMarketHours', { securityId: '10002', ...bad });
      expect(r.body.statusCode, JSON.stringify(bad)).toBe('106');
    }
  });

  it('seed: several securities carry their own hours (closed days, early closes)', async () => {
    const r = await env.client.op('getSecurityMarketHours', { securityId: '10003' });
    expect(r.body.securityHoursDetails.fridayClosed).toBe('Yes');
  });
});

describe('ping (§4.16)', () => {
  it('answers 101 to authenticated callers and 103 otherwise', async () => {
    expect((await env.client.op('ping')).body).toEqual({ statusCode: '101', statusDesc: 'Ok' });
    expect((await env.client.op('ping', {}, { auth: 'none' })).body.statusCode).toBe('103');
  });
});
