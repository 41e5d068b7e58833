/**
 * §4.7 addCustodyAccountSupplement, §4.15 GET /v3/custody/accounts/{accountId} and
 * linkExternalAccount (named in §4.16).
 */
import { type Operation, ok } from '../context.js';
import { SCOPES } from '../config.js';
import { UpstreamError, legacyNotFound } from '../http/errors.js';
import { oneOf } from '../http/params.js';
import { hash32 } from '../lib/prng.js';
import { linkBank } from '../domain/bank-linking.js';
import { formatZoneless } from '../lib/time.js';
import { requireCustodyAccount } from './custody-common.js';

const ACCOUNT_NOT_FOUND = () => legacyNotFound('148', 'Account is not exist/active.');
/** Legacy operations answer their refusals under HTTP 200 (errors.ts). */
const BANK_ALREADY_LINKED = () =>
  new UpstreamError('715', 'External bank account already linked for this account.');

/** §4.7 sends maritalStatus as a code; §2.11 answers it as text. */
const MARITAL_TEXT: Record<string, string> = { '1': 'not married', '2': 'married' };

const SUPPLEMENT_TEXT_FIELDS = [
  'appointmentOfInvestmentManager',
  'proxyVotingPreferences',
  'otherServices',
  'methodOfContributionOrFunding',
  'methodOfContributionTaxYear',
  'internationalAccountNumber',
  'bankFirmName1',
  'bankCountry1',
  'bankAccountName1',
  'bankAccountNumber1',
  'bankFirmName2',
  'bankCountry2',
  'bankAccountName2',
  'bankAccountNumber2',
] as const;

export const addCustodyAccountSupplement: Operation = {
  name: 'addCustodyAccountSupplement',
  // The method its heading names (§4.7); another is refused, 405.
  methods: ['POST'],
  handle({ params, now }, ctx) {
    const accountId = params.required('accountId');
    const maritalStatus = params.required('maritalStatus');
    const mailing = {
      mailingAddressLine1: params.required('mailingAddressLine1'),
      mailingAddressLine2: params.optional('mailingAddressLine2'),
      mailingCity: params.required('mailingCity'),
      mailingState: params.required('mailingState'),
      mailingZipCode: params.required('mailingZipCode'),
      mailingCountry: params.required('mailingCountry'),
    };
    params.check('maritalStatus', maritalStatus, oneOf('1', '2'), '1 = not married, 2 = married');
    params.check(
      'appointmentOfInvestmentManager',
      params.optional('appointmentOfInvestmentManager'),
      oneOf('1', '2'),
      'Must be 1 or 2',
    );
    params.check(
      'proxyVotingPreferences',
      params.optional('proxyVotingPreferences'),
      oneOf('1', '2', '3'),
      'Must be 1, 2 or 3',
    );
    const method = params.optional('methodOfContributionOrFunding');
    params.check(
      'methodOfContributionOrFunding',
      method,
      oneOf('1', '2', '3', '4', '5'),
      'Must be 1 to 5',
    );
    // §4.7: the tax year is required when the method is 2 (regular contribution).
    if (method === '2') params.required('methodOfContributionTaxYear');
    params.check(
      'methodOfContributionTaxYear',
      params.optional('methodOfContributionTaxYear'),
      (v) => /^\d{4}$/.test(v),
      'Tax year YYYY',
    );
    params.assertValid();

    const state = ctx.store.state;
    if (!state.accounts[accountId]) throw ACCOUNT_NOT_FOUND();
    const record: Record<string, string> = { accountId };
    for (const field of SUPPLEMENT_TEXT_FIELDS) record[field] = params.optional(field);
    record.maritalStatus = MARITAL_TEXT[maritalStatus];
    Object.assign(record, mailing);

    (state.supplements[accountId] ??= []).push(record);
    // The supplement is the first step of opening the custodial account: a request now exists.
    if (!state.custodyAccounts[accountId]) {
      const stamp = formatZoneless(now);
      state.custodyAccounts[accountId] = {
        accountId,
        requestId: `CR${(hash32(`custody:${accountId}`) % 900000) + 100000}`,
        status: 'Pending',
        relationship: null,
        restrictedStatus: 'No',
        restrictedReason: null,
        principalReviewBy: '',
        approvalDate: '',
        notes: '',
        createdDate: stamp,
        updatedDate: stamp,
      };
    }
    ctx.store.changed();
    return ok({ accountDetails: [record] }, 'Account added successfully.');
  },
};

export const getCustodyAccount: Operation = {
  name: 'getCustodyAccount',
  resourcePaths: ['/v3/custody/accounts/:accountId', '/index.php/v3/custody/accounts/:accountId'],
  methods: ['GET'],
  scope: SCOPES.custodyAccountRead,
  handle({ pathParams }, ctx) {
    const accountId = pathParams.accountId ?? '';
    requireCustodyAccount(ctx, accountId, 'custody_account');
    return ok({ custody_account: ctx.store.state.custodyAccounts[accountId] });
  },
};

export const linkExternalAccount: Operation = {
  name: 'linkExternalAccount',
  handle({ params, now, origin }, ctx) {
    const accountId = params.required('accountId');
    params.assertValid();
    const state = ctx.store.state;
    if (!state.accounts[accountId]) throw ACCOUNT_NOT_FOUND();
    // An account whose bank is linked already is refused with 715, the code public clients
    // branch on as "bank already linked" (real-world notes §4.1, §5). No public source shows its
    // statusDesc; this wording is the sandbox's own (docs/sandbox.md).
    if (state.externalLinks[accountId]) throw BANK_ALREADY_LINKED();
    // Real traffic answers the hosted bank-linking page's URL as a plain string (real-world notes
    // §4.1 linkExternalAccount). In the instant mode the page has nothing left to do.
    if (ctx.bankLinking.modeOf(accountId) === 'instant') {
      linkBank(state, accountId, now);
      ctx.store.changed();
      return ok({ accountDetails: `https://link.sandbox.invalid/external-account/${accountId}` });
    }
    const token = ctx.bankLinking.openPage(accountId);
    return ok({ accountDetails: `${origin}/__sandbox/bank-link/${token}` });
  },
};

const ACCOUNT_TYPES = ['Account', 'Issuer'];

/**
 * getExternalAccount: which bank an account's ACH transfers use (§4.5: "ACH transfers go to the
 * external account linked through linkExternalAccount"). Live traffic (real-world notes §4.1,
 * sample getExternalAccount__kvl-101) sends `types: "Account"` (the lower-case form gives 106)
 * and answers `accountId` at the top and the bank object inside `statusDesc`; no link gives
 * 149 "Investor External Account does not exist / Nickname mismatch.".
 */
export const getExternalAccount: Operation = {
  name: 'getExternalAccount',
  handle({ params }, ctx) {
    const types = params.required('types');
    const accountId = params.required('accountId');
    params.check('types', types, oneOf(...ACCOUNT_TYPES), 'Invalid types');
    params.assertValid();
    const state = ctx.store.state;
    if (!state.accounts[accountId]) throw ACCOUNT_NOT_FOUND();
    const link = state.externalLinks[accountId];
    if (!link) {
      throw legacyNotFound('149', 'Investor External Account does not exist / Nickname mismatch.');
    }
    return {
      body: {
        statusCode: '101',
        accountId,
        statusDesc: {
          AccountName: state.accounts[accountId].accountName,
          AccountNickName: link.bankName,
          AccountNumber: link.accountNumber,
          AccountRoutingNumber: link.routingNumber,
          accountType: 'Checking',
        },
      },
    };
  },
};
