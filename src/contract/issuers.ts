import { z } from 'zod';
import { postalAddressSchema } from './accounts';
import { isoDateSchema, localDateTimeSchema } from './money';
import { lowerCaseStatusSchema } from './status';

/**
 * The wire layer's input for createIssuerAccount (interface document §4.6), built from the form
 * that `contract/rules/identity.ts` has already checked, so it carries no rules of its own.
 */
export interface IssuerAccountRequest {
  issuerId: string;
  companyName: string;
  /** Two-letter state code. */
  companyState: string;
  issuingCountry: string;
  /** IP address of the person making the request, for the upstream's records. */
  requesterIp: string;
  accountType?: 'checking' | 'savings';
  entityType?: 'LLC' | 'LP' | 'Corp' | 'GP' | 'Soleprop';
  /** Nine digits, no hyphens. */
  companyTaxId?: string;
  accountMiddleInitial?: string;
  /** `123-45-6789`. */
  socialSecurityNumber?: string;
  /** ISO `YYYY-MM-DD`. */
  dateOfBirth?: string;
  residentUs?: boolean;
  citizenUs?: boolean;
  address?: {
    line1?: string;
    line2?: string;
    city?: string;
    zip?: string;
    country?: string;
  };
  additionalInfo?: string;
}

/** An issuer account record as the upstream stored it (interface document §2.4). */
export const issuerAccountRecordSchema = z.object({
  issuerId: z.string(),
  companyName: z.string().nullable(),
  companyState: z.string().nullable(),
  companyTaxId: z.string().nullable(),
  entityType: z.string().nullable(),
  issuingCountry: z.string().nullable(),
  /** Lower case: checking or savings. */
  accountType: z.string().nullable(),
  accountMiddleInitial: z.string().nullable(),
  /** Sensitive: the BFF masks it. */
  socialSecurityNumber: z.string().nullable(),
  dateOfBirth: isoDateSchema.nullable(),
  residentUs: z.boolean().nullable(),
  citizenUs: z.boolean().nullable(),
  /** No state of its own: the company's state is companyState (§2.4). */
  address: postalAddressSchema.omit({ state: true }),
  additionalInfo: z.string().nullable(),
  /** Lower case; value seen: pending. */
  status: lowerCaseStatusSchema.nullable(),
  createdAt: localDateTimeSchema.nullable(),
  createdIp: z.string().nullable(),
});
export type IssuerAccountRecord = z.infer<typeof issuerAccountRecordSchema>;
