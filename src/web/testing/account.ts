import type { AccountView } from '../../contract/account-views';

const noReview = { status: null, date: null };

/**
 * An account as the BFF answers it (`GET /api/accounts/:id`), every optional field empty and no
 * review recorded, with changes: each test names only what it is about.
 */
export const accountView = (overrides: Partial<AccountView> = {}): AccountView => ({
  id: 'A1040000',
  name: 'Avery Quinn',
  type: 'individual',
  entityType: null,
  residentType: null,
  address: { line1: null, line2: null, city: null, state: null, zip: null, country: null },
  email: null,
  phone: null,
  taxIdMasked: null,
  taxIdKind: 'ssn',
  reviews: {
    kyc: noReview,
    aml: noReview,
    accreditation: { ...noReview },
    approval: { ...noReview, principal: null },
  },
  suitability: { score: null, date: null, approver: null },
  limits: { rule506c: null, accountTotal: null, singleInvestment: null },
  associatedAccount: null,
  syndicate: null,
  tags: null,
  notes: null,
  archived: null,
  customFields: [null, null, null],
  createdAt: null,
  updatedAt: null,
  ...overrides,
});

/** An account's own address, which the IRA request offers as its mailing address. */
export const mainStreet: AccountView['address'] = {
  line1: '12 Main St',
  line2: null,
  city: 'Denver',
  state: 'CO',
  zip: '80202',
  country: 'US',
};
