import type { SentIssuerAccount } from '../../contract/issuer-workspace';

/**
 * What a lost issuer-account save sent, as the BFF keeps it (the EIN masked, no SSN or date of
 * birth), with changes: each test names only what it is about.
 */
export const sentIssuerAccount = (
  overrides: Partial<SentIssuerAccount> = {},
): SentIssuerAccount => ({
  companyName: 'Blue Mesa Holdings LLC',
  companyState: 'CO',
  issuingCountry: 'US',
  accountType: null,
  entityType: 'LLC',
  maskedCompanyTaxId: '••-•••4321',
  accountMiddleInitial: null,
  maskedSocialSecurityNumber: null,
  dateOfBirthGiven: false,
  residentUs: null,
  citizenUs: null,
  addressLine1: null,
  addressLine2: null,
  city: 'Denver',
  zip: null,
  country: 'US',
  additionalInfo: null,
  ...overrides,
});
