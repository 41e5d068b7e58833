/** §4.10 getAccount, §4.11 searchAccount, §4.12 searchEntity, and createAccount for seeding. */
import { type Operation, ok } from '../context.js';
import { legacyNotFound } from '../http/errors.js';
import { formatZoneless } from '../lib/time.js';
import type { Account } from '../state/model.js';

/** §2.5: these appear in getAccount only. */
const GET_ACCOUNT_ONLY = ['archived_status', 'field1', 'field2', 'field3'];
const ACCOUNT_SEARCH_FIELDS = [
  'accountId',
  'accountName',
  'email',
  'city',
  'state',
  'zip',
  'tags',
  'phone',
  'type',
];
const ENTITY_SEARCH_FIELDS = [
  'partyId',
  'entityName',
  'entityType',
  'emailAddress',
  'primCity',
  'primState',
  'ein',
];

function matches(record: Record<string, string>, fields: string[], keyword: string): boolean {
  const needle = keyword.toLowerCase();
  return fields.some((field) => (record[field] ?? '').toLowerCase().includes(needle));
}

export const getAccount: Operation = {
  name: 'getAccount',
  handle({ params }, ctx) {
    const accountId = params.required('accountId');
    params.assertValid();
    const account = ctx.store.state.accounts[accountId];
    // Real traffic: unknown or malformed ids answer 148 (real-world notes §4.2 getAccount).
    if (!account) throw legacyNotFound('148', 'Account is not exist/active.');
    return ok({ accountDetails: { ...account } });
  },
};

export const searchAccount: Operation = {
  name: 'searchAccount',
  // The method its heading names (§4.11); another is refused, 405.
  methods: ['POST'],
  handle({ params }, ctx) {
    const keyword = params.required('searchKeyword');
    params.assertValid();
    const found = Object.values(ctx.store.state.accounts)
      .filter((account) => matches(account, ACCOUNT_SEARCH_FIELDS, keyword))
      .map((account) => {
        const row: Record<string, string> = { ...account };
        for (const field of GET_ACCOUNT_ONLY) delete row[field];
        return row;
      });
    return ok({ accountDetails: found });
  },
};

export const searchEntity: Operation = {
  name: 'searchEntity',
  // The method its heading names (§4.12); another is refused, 405.
  methods: ['POST'],
  handle({ params }, ctx) {
    const keyword = params.required('searchKeyword');
    params.assertValid();
    const found = Object.values(ctx.store.state.entities).filter((entity) =>
      matches(entity, ENTITY_SEARCH_FIELDS, keyword),
    );
    return ok({ entityDetails: found });
  },
};

export const createAccount: Operation = {
  name: 'createAccount',
  handle({ params, now }, ctx) {
    const accountName = params.required('accountRegistration');
    const type = params.required('type');
    const address1 = params.required('streetAddress1');
    const city = params.required('city');
    const state = params.required('state');
    const zip = params.required('zip');
    const country = params.required('country');
    params.check(
      'type',
      type,
      (v) => ['individual', 'entity'].includes(v.toLowerCase()),
      'Individual or Entity',
    );
    params.check('state', state, (v) => /^[A-Za-z]{2}$/.test(v), 'Two-letter state abbreviation');
    params.assertValid();
    const data = ctx.store.state;
    data.counters.account += 173;
    const accountId = `A${data.counters.account}`;
    const o = (name: string) => params.optional(name);
    const stamp = formatZoneless(now);
    const account: Account = {
      accountId,
      accountName,
      // Real traffic echoes the type as sent (kvl sends lower-case "individual").
      type,
      entityType: o('entityType'),
      residentType: o('domesticYN') || 'domestic_account',
      address1,
      address2: o('streetAddress2'),
      city,
      state,
      zip,
      country,
      email: o('email'),
      phone: o('phone'),
      taxID: o('taxID'),
      kycStatus: o('KYCstatus') || 'Pending',
      kycDate: stamp,
      amlStatus: o('AMLstatus') || 'Pending',
      amlDate: stamp,
      suitabilityScore: o('suitabilityScore'),
      suitabilityDate: o('suitabilityDate'),
      suitabilityApprover: o('suitabilityApprover'),
      accreditedStatus: o('AccreditedStatus') || 'Pending',
      accreditedInvestor: o('Allow'),
      accreditedInvestorDate: o('AIdate'),
      '506cLimit': o('506cLimit'),
      accountTotalLimit: o('accountTotalLimit'),
      singleInvestmentLimit: o('singleInvestmentLimit'),
      associatedAC: o('associatedAC'),
      syndicate: o('syndicate'),
      tags: o('tags'),
      notes: o('notes'),
      approvalStatus: o('approvalStatus') || 'Pending',
      approvalPrincipal: o('approvalPrincipal'),
      approvalLastReview: o('approvalLastReview'),
      archived_status: '0',
      field1: o('field1'),
      field2: o('field2'),
      field3: o('field3'),
      createdDate: stamp,
      updatedDate: stamp,
    };
    data.accounts[accountId] = account;
    ctx.store.changed();
    // A plain array, not a tuple, as live traffic shows for createAccount (real-world notes §4.1).
    return ok({ accountDetails: [{ accountId }] });
  },
};
