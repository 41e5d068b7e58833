/** createIssuer (named in §4.16) and §4.6 createIssuerAccount. */
import { type Operation, ok } from '../context.js';
import { isCalendarDate, isInteger, oneOf } from '../http/params.js';
import { formatZoneless } from '../lib/time.js';
import { issuerNotFound } from './offerings.js';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export const createIssuer: Operation = {
  name: 'createIssuer',
  handle({ params, now }, ctx) {
    const { issuerName, firstName, lastName, email } = params.requiredAll(
      'issuerName',
      'firstName',
      'lastName',
      'email',
    );
    params.check('email', email, (v) => EMAIL.test(v), 'Invalid email');
    params.assertValid();
    const state = ctx.store.state;
    const issuerId = String(++state.counters.issuer);
    state.issuers[issuerId] = {
      issuerId,
      issuerName,
      firstName,
      lastName,
      email,
      phoneNumber: params.optional('phoneNumber'),
      issuerStatus: 'Pending',
      createdDate: formatZoneless(now),
      createdIpAddress: params.optional('createdIpAddress'),
    };
    ctx.store.changed();
    // Create calls answer `[true, [ {...} ]]` (real-world notes §4.1 createIssuer).
    return ok({ issuerDetails: [true, [{ issuerId, issuerStatus: 'Pending' }]] });
  },
};

/** Optional fields of §4.6 with their rules; request spells addressline1, the record addressLine1. */
export const createIssuerAccount: Operation = {
  name: 'createIssuerAccount',
  // The method its heading names (§4.6); another is refused, 405.
  methods: ['PUT'],
  handle({ params, now }, ctx) {
    const { issuerId, companyName, companyState, createdIpAddress, issuingCountry } =
      params.requiredAll(
        'issuerId',
        'companyName',
        'companyState',
        'createdIpAddress',
        'issuingCountry',
      );
    const o = (name: string) => params.optional(name);
    params.check('issuerId', issuerId, isInteger, 'Numeric values only');
    params.check(
      'companyState',
      companyState,
      (v) => /^[A-Za-z]{2}$/.test(v),
      'Two-letter state abbreviation',
    );
    params.check(
      'accountType',
      o('accountType'),
      oneOf('CHECKING', 'SAVINGS'),
      'Must be CHECKING or SAVINGS',
    );
    params.check(
      'entityType',
      o('entityType'),
      oneOf('LLC', 'LP', 'Corp', 'GP', 'Soleprop'),
      'Must be LLC, LP, Corp, GP or Soleprop',
    );
    params.check(
      'companyTaxID',
      o('companyTaxID'),
      (v) => /^\d{9}$/.test(v),
      '9 digits, no hyphens',
    );
    params.check(
      'socialSecurityNumber',
      o('socialSecurityNumber'),
      (v) => /^\d{3}-\d{2}-\d{4}$/.test(v),
      'Shape xxx-xx-xxxx',
    );
    params.check('dob', o('dob'), isCalendarDate, 'MM-DD-YYYY');
    params.check('residentUS', o('residentUS'), oneOf('Yes', 'No'), 'Yes or No');
    params.check('citizenUS', o('citizenUS'), oneOf('Yes', 'No'), 'Yes or No');
    params.assertValid();
    const state = ctx.store.state;
    if (!state.issuers[issuerId]) throw issuerNotFound();

    const record: Record<string, string> = {
      issuerId,
      companyName,
      companyState: companyState.toUpperCase(),
      companyTaxID: o('companyTaxID'),
      entityType: o('entityType'),
      issuingCountry,
      accountType: o('accountType'),
      accountMiddleInitial: o('accountMiddleInitial'),
      socialSecurityNumber: o('socialSecurityNumber'),
      dob: o('dob'),
      residentUS: o('residentUS'),
      citizenUS: o('citizenUS'),
      addressLine1: o('addressline1') || o('addressLine1'),
      addressLine2: o('addressline2') || o('addressLine2'),
      city: o('city'),
      zip: o('zip'),
      country: o('country'),
      additionalInfo: o('additionalInfo'),
      issuerStatus: 'Pending',
      createdDate: formatZoneless(now),
      createdIpAddress,
    };
    const accounts = (state.issuerAccounts[issuerId] ??= []);
    accounts.push(record);
    ctx.store.changed();
    // §2.4: keyed by a counter string; here the issuer's running count of issuer accounts.
    return ok({ 'Financial issuer details': { [String(accounts.length)]: [record] } });
  },
};
