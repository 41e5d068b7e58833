import type { z } from 'zod';
import type { EntityParty } from '../../contract/accounts';
import type { EntityView } from '../../contract/compliance';
import type { IssuerAccountRecord } from '../../contract/issuers';
import type {
  issuerAccountFormSchema,
  SavedIssuerAccount,
  SentIssuerAccount,
} from '../../contract/issuer-workspace';
import {
  maskDateOfBirth,
  type PersonalDataObjectType,
  type RevealableField,
} from '../../contract/personal-data';
import { maskSsn, maskTaxId } from '../../contract/rules/identity';
import type { UpstreamClient } from '../upstream/client';
import { getAccount } from '../upstream/get-account';
import { getCustodyFundMove } from '../upstream/get-custody-fund-move';
import { searchEntity } from '../upstream/search-entity';
import { HttpError } from './http-error';
import { isUpstreamError } from './upstream-errors';

/*
 * Personal data is masked on the way out for every role. Reviewers see
 * a value in clear only through POST /api/personal-data/reveal, which states a reason, is audited
 * and reads the value fresh from the upstream (never from what the browser sends).
 */

const masked = (value: string | null, mask: (v: string) => string) =>
  value === null ? null : mask(value);

// Accounts and fund moves are masked by toAccountView (routes/accounts.ts) and toFundMoveView
// (routes/custody.ts); entities and issuer accounts here.

export function toEntityView(entity: EntityParty): EntityView {
  const { ein, ...rest } = entity;
  return { ...rest, einMasked: masked(ein, maskTaxId) };
}

export function toSavedIssuerAccount(record: IssuerAccountRecord): SavedIssuerAccount {
  return {
    issuerId: record.issuerId,
    companyName: record.companyName,
    companyState: record.companyState,
    entityType: record.entityType,
    issuingCountry: record.issuingCountry,
    accountType: record.accountType,
    accountMiddleInitial: record.accountMiddleInitial,
    maskedCompanyTaxId: masked(record.companyTaxId, maskTaxId),
    maskedSocialSecurityNumber: masked(record.socialSecurityNumber, maskSsn),
    maskedDateOfBirth: masked(record.dateOfBirth, maskDateOfBirth),
    residentUs: record.residentUs,
    citizenUs: record.citizenUs,
    address: record.address,
    additionalInfo: record.additionalInfo,
    status: record.status,
    createdAt: record.createdAt,
    createdIp: record.createdIp,
  };
}

const given = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/**
 * A save of the issuer account as the portal keeps it while its outcome may be lost: what was
 * sent, the EIN and SSN masked to their last four digits, the date of birth only as given or not.
 */
export function toSentIssuerAccount(
  form: z.output<typeof issuerAccountFormSchema>,
): SentIssuerAccount {
  const taxId = given(form.companyTaxId);
  const ssn = given(form.socialSecurityNumber);
  return {
    companyName: form.companyName,
    companyState: form.companyState,
    issuingCountry: form.issuingCountry,
    accountType: given(form.accountType),
    entityType: given(form.entityType),
    maskedCompanyTaxId: taxId === null ? null : maskTaxId(taxId),
    accountMiddleInitial: given(form.accountMiddleInitial),
    maskedSocialSecurityNumber: ssn === null ? null : maskSsn(ssn),
    dateOfBirthGiven: given(form.dateOfBirth) !== null,
    residentUs: given(form.residentUs),
    citizenUs: given(form.citizenUs),
    addressLine1: given(form.addressLine1),
    addressLine2: given(form.addressLine2),
    city: given(form.city),
    zip: given(form.zip),
    country: given(form.country),
    additionalInfo: given(form.additionalInfo),
  };
}

/**
 * Reads one personal value fresh from the upstream; 404 when the record does not exist. With it,
 * the account the value belongs to (the account itself, or a fund move's account as the platform
 * answers it); none for an entity party, which belongs to no one account.
 */
export async function readPersonalValue(
  upstream: UpstreamClient,
  objectType: PersonalDataObjectType,
  objectId: string,
  field: RevealableField,
  /** A fund move's account (the reveal request's `accountId`), sent with its reference (§4.4). */
  accountId?: string,
): Promise<{ value: string | null; accountId?: string }> {
  switch (objectType) {
    case 'account': {
      const account = await getAccount(upstream, { accountId: objectId });
      return { value: account.taxId, accountId: objectId };
    }
    case 'entity': {
      // searchEntity is the only read of entity parties (§4.12); the party id is one of the
      // fields it matches, and only the exact id is taken.
      const { records: entities } = await searchEntity(upstream, { keyword: objectId });
      const entity = entities.find((e) => e.id === objectId);
      if (!entity)
        throw new HttpError('not_found', `Entity ${objectId} does not exist.`, { submitted: 'no' });
      return { value: entity.ein };
    }
    case 'fund_move': {
      const notFound = () =>
        new HttpError(
          'not_found',
          `No fund move ${objectId} was found${accountId ? ` on account ${accountId}` : ''}.`,
          { submitted: 'no' },
        );
      let move: Awaited<ReturnType<typeof getCustodyFundMove>>;
      try {
        move = await getCustodyFundMove(upstream, { referenceNumber: objectId, accountId });
      } catch (err) {
        // In the portal's words, as the fund move's own page says it: the platform's names the
        // reference and the account in its own way (§7).
        if (isUpstreamError(err) && err.kind === 'not_found') throw notFound();
        throw err;
      }
      // Asked with an account, the move must be that account's, as on its page (§4.4 leaves the
      // effect of accountId unstated): no bank number is shown under another account's name.
      if (accountId && move.accountId !== accountId) throw notFound();
      // The move's own account: the effect of the accountId sent with the reference is not
      // stated (§4.4), so the answer, not the request, says whose bank number this is.
      return {
        value: field === 'routingNumber' ? move.routingNumber : move.bankAccountNumber,
        accountId: move.accountId,
      };
    }
  }
}
