import { z } from 'zod';
import { isoDateSchema, localDateTimeSchema } from './money';
import { lowerCaseStatusSchema } from './status';

export const companyTaxIdSchema = z
  .string()
  .regex(/^\d{9}$/, 'Tax ID must be 9 digits, no hyphens');
export const socialSecurityNumberSchema = z
  .string()
  .regex(/^\d{3}-\d{2}-\d{4}$/, 'SSN must look like 123-45-6789');
export const usStateSchema = z.string().regex(/^[A-Z]{2}$/, 'Use the two-letter state code');

/** A request to store an issuer's financial account details (interface document §4.6). */
export const issuerAccountRequestSchema = z.object({
  issuerId: z.string().regex(/^\d+$/, 'Issuer id must be numeric'),
  companyName: z.string().min(1, 'Company name is required'),
  companyState: usStateSchema,
  issuingCountry: z.string().min(1, 'Country is required'),
  /** IP address of the person making the request, for the upstream's records. */
  requesterIp: z.string().min(1),
  accountType: z.enum(['checking', 'savings']).optional(),
  entityType: z.enum(['LLC', 'LP', 'Corp', 'GP', 'Soleprop']).optional(),
  companyTaxId: companyTaxIdSchema.optional(),
  accountMiddleInitial: z.string().max(1).optional(),
  socialSecurityNumber: socialSecurityNumberSchema.optional(),
  dateOfBirth: isoDateSchema.optional(),
  residentUs: z.boolean().optional(),
  citizenUs: z.boolean().optional(),
  address: z
    .object({
      line1: z.string().optional(),
      line2: z.string().optional(),
      city: z.string().optional(),
      zip: z.string().optional(),
      country: z.string().optional(),
    })
    .optional(),
  additionalInfo: z.string().optional(),
});
export type IssuerAccountRequest = z.infer<typeof issuerAccountRequestSchema>;

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
  address: z.object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    zip: z.string().nullable(),
    country: z.string().nullable(),
  }),
  additionalInfo: z.string().nullable(),
  /** Lower case; value seen: pending. */
  status: lowerCaseStatusSchema.nullable(),
  createdAt: localDateTimeSchema.nullable(),
  createdIp: z.string().nullable(),
});
export type IssuerAccountRecord = z.infer<typeof issuerAccountRecordSchema>;
