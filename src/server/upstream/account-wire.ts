import { z } from 'zod';
import type { Account } from '../../contract/accounts';
import {
  looseObject,
  unreadableAsNull,
  wireId,
  wireLocalDateTime,
  wireOptionalDecimal,
  wireReviewDate,
  wireStatus,
  wireText,
  wireYesNo,
} from './wire';

const reviewDate = unreadableAsNull(wireReviewDate);

/**
 * The account record of getAccount and searchAccount (§2.5). Keys are matched loosely because
 * their casing drifts between calls (`KYCstatus` in createAccount, `kycStatus` here: real-world
 * notes §4.1).
 */
export const rawAccountShape = {
  accountId: wireId,
  accountName: wireText,
  type: wireStatus,
  entityType: wireText,
  residentType: wireText,
  address1: wireText,
  address2: wireText,
  city: wireText,
  state: wireText,
  zip: wireText,
  country: wireText,
  email: wireText,
  phone: wireText,
  taxID: wireText,
  kycStatus: wireStatus,
  // A review's date only dates its status, which is what the pages act on. §2.5 gives these
  // dates two different formats; a value in neither, or an impossible day, reads as not stated
  // instead of failing the account, its review page and every list that holds it.
  kycDate: reviewDate,
  amlStatus: wireStatus,
  amlDate: reviewDate,
  suitabilityScore: wireText,
  // §2.5 gives this field, the three limits and archived_status no format ("All fields are
  // strings"); the portal only shows them, so an odd value reads as not stated rather than
  // failing the account and every page that reads it.
  suitabilityDate: unreadableAsNull(wireLocalDateTime),
  suitabilityApprover: wireText,
  accreditedStatus: wireStatus,
  // Read so the record's shape is checked, not passed on: its meaning is unknown (contract/accounts.ts).
  accreditedInvestor: wireText,
  accreditedInvestorDate: reviewDate,
  '506cLimit': unreadableAsNull(wireOptionalDecimal),
  accountTotalLimit: unreadableAsNull(wireOptionalDecimal),
  singleInvestmentLimit: unreadableAsNull(wireOptionalDecimal),
  associatedAC: wireText,
  syndicate: wireText,
  tags: wireText,
  notes: wireText,
  approvalStatus: wireStatus,
  approvalPrincipal: wireText,
  approvalLastReview: reviewDate,
  // getAccount only; "0"/"1" like the trade rows' archived_status.
  archived_status: unreadableAsNull(wireYesNo),
  field1: wireText,
  field2: wireText,
  field3: wireText,
  createdDate: wireLocalDateTime,
  updatedDate: wireLocalDateTime,
};

/** The account record, its keys matched loosely (looseObject). */
export const rawAccountSchema = looseObject(rawAccountShape);

export function normalizeAccount(raw: z.output<typeof rawAccountSchema>): Account {
  return {
    id: raw.accountId,
    name: raw.accountName,
    type: raw.type,
    entityType: raw.entityType,
    residentType: raw.residentType,
    address: {
      line1: raw.address1,
      line2: raw.address2,
      city: raw.city,
      state: raw.state,
      zip: raw.zip,
      country: raw.country,
    },
    email: raw.email,
    phone: raw.phone,
    taxId: raw.taxID,
    reviews: {
      kyc: { status: raw.kycStatus, date: raw.kycDate },
      aml: { status: raw.amlStatus, date: raw.amlDate },
      accreditation: {
        status: raw.accreditedStatus,
        date: raw.accreditedInvestorDate,
      },
      approval: {
        status: raw.approvalStatus,
        date: raw.approvalLastReview,
        principal: raw.approvalPrincipal,
      },
    },
    suitability: {
      score: raw.suitabilityScore,
      date: raw.suitabilityDate,
      approver: raw.suitabilityApprover,
    },
    limits: {
      rule506c: raw['506cLimit'],
      accountTotal: raw.accountTotalLimit,
      singleInvestment: raw.singleInvestmentLimit,
    },
    associatedAccount: raw.associatedAC,
    syndicate: raw.syndicate,
    tags: raw.tags,
    notes: raw.notes,
    archived: raw.archived_status,
    customFields: [raw.field1, raw.field2, raw.field3],
    createdAt: raw.createdDate,
    updatedAt: raw.updatedDate,
  };
}
