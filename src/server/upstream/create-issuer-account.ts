import { z } from 'zod';
import type { IssuerAccountRecord, IssuerAccountRequest } from '../../contract/issuers';
import { legacyWrite, type UpstreamClient, type UpstreamRequest } from './client';
import {
  isPlainObject,
  sendAndDecode,
  formatUsDate,
  looseObject,
  unreadableAsNull,
  wireId,
  wireList,
  wireLocalDateTime,
  wireStatus,
  wireText,
  wireUsDate,
  wireYesNo,
} from './wire';

function yesNo(value: boolean | undefined): string | undefined {
  return value === undefined ? undefined : value ? 'Yes' : 'No';
}

/** §4.6: PUT, like every create call (real-world notes §2). The address keys are lower-case l. */
function buildIssuerAccountRequest(input: IssuerAccountRequest): UpstreamRequest {
  return {
    ...issuerAccountWrite(input),
    // The issuer account form's fields; the issuer comes from the page, the address from us.
    fieldsEntered: {
      companyName: 'companyName',
      companyState: 'companyState',
      issuingCountry: 'issuingCountry',
      accountType: 'accountType',
      entityType: 'entityType',
      companyTaxID: 'companyTaxId',
      accountMiddleInitial: 'accountMiddleInitial',
      socialSecurityNumber: 'socialSecurityNumber',
      dob: 'dateOfBirth',
      residentUS: 'residentUs',
      citizenUS: 'citizenUs',
      addressline1: 'addressLine1',
      addressline2: 'addressLine2',
      city: 'city',
      zip: 'zip',
      country: 'country',
      additionalInfo: 'additionalInfo',
    },
  };
}

function issuerAccountWrite(input: IssuerAccountRequest): UpstreamRequest {
  return legacyWrite(
    'createIssuerAccount',
    {
      issuerId: input.issuerId,
      companyName: input.companyName,
      companyState: input.companyState,
      createdIpAddress: input.requesterIp,
      issuingCountry: input.issuingCountry,
      accountType: input.accountType?.toUpperCase(),
      entityType: input.entityType,
      companyTaxID: input.companyTaxId,
      accountMiddleInitial: input.accountMiddleInitial,
      socialSecurityNumber: input.socialSecurityNumber,
      dob: input.dateOfBirth === undefined ? undefined : formatUsDate(input.dateOfBirth),
      residentUS: yesNo(input.residentUs),
      citizenUS: yesNo(input.citizenUs),
      addressline1: input.address?.line1,
      addressline2: input.address?.line2,
      city: input.address?.city,
      zip: input.address?.zip,
      country: input.address?.country,
      additionalInfo: input.additionalInfo,
    },
    'PUT',
  );
}

const rawIssuerAccountSchema = looseObject({
  issuerId: wireId,
  companyName: wireText,
  companyState: wireText,
  companyTaxID: wireText,
  entityType: wireText,
  issuingCountry: wireText,
  accountType: wireStatus,
  accountMiddleInitial: wireText,
  socialSecurityNumber: wireText,
  // §2.4 gives the answer's fields no format (MM-DD-YYYY is §4.6's rule for the request): those
  // the portal only shows read as not stated when odd, rather than turning a save the platform
  // accepted into one of unknown outcome, which no read can settle (§4.6).
  dob: unreadableAsNull(wireUsDate),
  residentUS: unreadableAsNull(wireYesNo),
  citizenUS: unreadableAsNull(wireYesNo),
  addressLine1: wireText,
  addressLine2: wireText,
  city: wireText,
  zip: wireText,
  country: wireText,
  additionalInfo: wireText,
  issuerStatus: wireStatus,
  createdDate: unreadableAsNull(wireLocalDateTime),
  createdIpAddress: wireText,
});

type RawIssuerAccount = z.output<typeof rawIssuerAccountSchema>;

/**
 * §2.4: an object keyed by a counter string, each value an array of records. A tuple or a
 * plain list is accepted too; records come out in counter order.
 */
const counterKeyedRecords = z.preprocess((input) => {
  if (!isPlainObject(input)) return input;
  const entries = Object.entries(input).sort(
    ([a], [b]) => Number(a) - Number(b) || a.localeCompare(b),
  );
  return entries.flatMap(([, value]) => (Array.isArray(value) ? value : [value]));
}, wireList(rawIssuerAccountSchema));

const rawIssuerAccountAnswerSchema = looseObject({
  'Financial issuer details': counterKeyedRecords,
});

function normalizeIssuerAccount(raw: RawIssuerAccount): IssuerAccountRecord {
  return {
    issuerId: raw.issuerId,
    companyName: raw.companyName,
    companyState: raw.companyState,
    companyTaxId: raw.companyTaxID,
    entityType: raw.entityType,
    issuingCountry: raw.issuingCountry,
    accountType: raw.accountType,
    accountMiddleInitial: raw.accountMiddleInitial,
    socialSecurityNumber: raw.socialSecurityNumber,
    dateOfBirth: raw.dob,
    residentUs: raw.residentUS,
    citizenUs: raw.citizenUS,
    address: {
      line1: raw.addressLine1,
      line2: raw.addressLine2,
      city: raw.city,
      zip: raw.zip,
      country: raw.country,
    },
    additionalInfo: raw.additionalInfo,
    status: raw.issuerStatus,
    createdAt: raw.createdDate,
    createdIp: raw.createdIpAddress,
  };
}

/** Every record the answer holds, in counter order (usually one). */
export async function createIssuerAccount(
  client: UpstreamClient,
  input: IssuerAccountRequest,
): Promise<IssuerAccountRecord[]> {
  const request = buildIssuerAccountRequest(input);
  return sendAndDecode(client, request, rawIssuerAccountAnswerSchema, (raw) =>
    raw['Financial issuer details'].map(normalizeIssuerAccount),
  );
}
