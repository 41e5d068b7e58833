import { z } from 'zod';
import type {
  AccountSupplement,
  AccountSupplementRequest,
  AssetHolding,
  ContributionMethod,
  InvestmentManagerChoice,
  MaritalStatus,
  ProxyVotingChoice,
} from '../../contract/custody';
import {
  contributionMethodLabels,
  investmentManagerLabels,
  proxyVotingLabels,
} from '../../contract/ira';
import { legacyWrite, type UpstreamClient, type UpstreamRequest } from './client';
import { sendAndDecode, looseObject, wireId, wireNonEmptyList, wireText } from './wire';

/* §4.7: the choices travel as numeric codes. */
const maritalCodes: Record<MaritalStatus, string> = { not_married: '1', married: '2' };
const investmentManagerCodes: Record<InvestmentManagerChoice, string> = {
  appoint: '1',
  not_now: '2',
};
const proxyVotingCodes: Record<ProxyVotingChoice, string> = {
  receive_all: '1',
  send_to_manager: '2',
  send_none: '3',
};
const contributionCodes: Record<ContributionMethod, string> = {
  transfer: '1',
  regular_contribution: '2',
  roth_conversion: '3',
  rollover: '4',
  sep_contribution: '5',
};

/** The IRA form's fields each parameter carries (the first holding is the current one). */
const supplementFieldsEntered: Readonly<Record<string, string>> = {
  maritalStatus: 'mailing.maritalStatus',
  mailingAddressLine1: 'mailing.line1',
  mailingAddressLine2: 'mailing.line2',
  mailingCity: 'mailing.city',
  mailingState: 'mailing.state',
  mailingZipCode: 'mailing.zipCode',
  mailingCountry: 'mailing.country',
  appointmentOfInvestmentManager: 'management.investmentManager',
  proxyVotingPreferences: 'management.proxyVoting',
  otherServices: 'management.otherServices',
  methodOfContributionOrFunding: 'funding.contributionMethod',
  methodOfContributionTaxYear: 'funding.contributionTaxYear',
  internationalAccountNumber: 'funding.internationalAccountNumber',
  bankFirmName1: 'funding.currentHolding.firmName',
  bankCountry1: 'funding.currentHolding.country',
  bankAccountName1: 'funding.currentHolding.accountName',
  bankAccountNumber1: 'funding.currentHolding.accountNumber',
  bankFirmName2: 'funding.secondHolding.firmName',
  bankCountry2: 'funding.secondHolding.country',
  bankAccountName2: 'funding.secondHolding.accountName',
  bankAccountNumber2: 'funding.secondHolding.accountNumber',
};

export function buildSupplementRequest(input: AccountSupplementRequest): UpstreamRequest {
  return { ...supplementWrite(input), fieldsEntered: supplementFieldsEntered };
}

function supplementWrite(input: AccountSupplementRequest): UpstreamRequest {
  const [first, second] = input.holdings ?? [];
  return legacyWrite('addCustodyAccountSupplement', {
    accountId: input.accountId,
    maritalStatus: maritalCodes[input.maritalStatus],
    mailingAddressLine1: input.mailingAddress.line1,
    mailingAddressLine2: input.mailingAddress.line2,
    mailingCity: input.mailingAddress.city,
    mailingState: input.mailingAddress.state,
    mailingZipCode: input.mailingAddress.zipCode,
    mailingCountry: input.mailingAddress.country,
    appointmentOfInvestmentManager:
      input.investmentManager && investmentManagerCodes[input.investmentManager],
    proxyVotingPreferences: input.proxyVoting && proxyVotingCodes[input.proxyVoting],
    otherServices: input.otherServices,
    methodOfContributionOrFunding:
      input.contributionMethod && contributionCodes[input.contributionMethod],
    methodOfContributionTaxYear: input.contributionTaxYear,
    internationalAccountNumber: input.internationalAccountNumber,
    bankFirmName1: first?.firmName ?? undefined,
    bankCountry1: first?.country ?? undefined,
    // §4.7's table lists an account name for the second holding only, but the answer (§2.11)
    // gives back bankAccountName1 beside the others of the first: sent, as the answer keeps it.
    bankAccountName1: first?.accountName ?? undefined,
    bankAccountNumber1: first?.accountNumber ?? undefined,
    bankFirmName2: second?.firmName ?? undefined,
    bankCountry2: second?.country ?? undefined,
    bankAccountName2: second?.accountName ?? undefined,
    bankAccountNumber2: second?.accountNumber ?? undefined,
  });
}

/**
 * §2.11: maritalStatus is sent as a code and returned as text (married); the code itself is
 * accepted too. Other text (Divorced, Widowed: §2.11 gives one example only) reads as null, as
 * the other choices' do (wireChoice), rather than a guess: the platform has accepted the request,
 * and failing the receipt over it would make an accepted request one of unknown outcome.
 */
const wireMaritalStatus = wireText.transform((value): MaritalStatus | null => {
  if (value === null) return null;
  const text = value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (text === '2' || text === 'married') return 'married';
  if (text === '1' || ['not married', 'unmarried', 'single'].includes(text)) return 'not_married';
  return null;
});

/**
 * The other choices come back as codes or as text (§2.11 says so for maritalStatus and is silent
 * about the rest): the code, our word or its label all read back as our word; anything else is
 * null, since the request has already been recorded and only the receipt would be lost.
 */
function wireChoice<T extends string>(codes: Record<T, string>, labels: Record<T, string>) {
  return wireText.transform((value): T | null => {
    if (value === null) return null;
    const text = value
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ' ');
    for (const key of Object.keys(codes) as T[]) {
      if (
        text === codes[key] ||
        text === key.replace(/_/g, ' ') ||
        text === labels[key].toLowerCase()
      ) {
        return key;
      }
    }
    return null;
  });
}

const rawSupplementSchema = looseObject({
  accountId: wireId,
  appointmentOfInvestmentManager: wireChoice(investmentManagerCodes, investmentManagerLabels),
  proxyVotingPreferences: wireChoice(proxyVotingCodes, proxyVotingLabels),
  otherServices: wireText,
  methodOfContributionOrFunding: wireChoice(contributionCodes, contributionMethodLabels),
  methodOfContributionTaxYear: wireText,
  internationalAccountNumber: wireText,
  bankFirmName1: wireText,
  bankCountry1: wireText,
  bankAccountName1: wireText,
  bankAccountNumber1: wireText,
  bankFirmName2: wireText,
  bankCountry2: wireText,
  bankAccountName2: wireText,
  bankAccountNumber2: wireText,
  maritalStatus: wireMaritalStatus,
  mailingAddressLine1: wireText,
  mailingAddressLine2: wireText,
  mailingCity: wireText,
  mailingState: wireText,
  mailingZipCode: wireText,
  mailingCountry: wireText,
});

/** `accountDetails` is an array here (§2.11), like searchAccount and unlike getAccount. */
const rawSupplementAnswerSchema = z.object({
  accountDetails: wireNonEmptyList(rawSupplementSchema, 'no account details'),
});

function holding(
  firmName: string | null,
  country: string | null,
  accountName: string | null,
  accountNumber: string | null,
): AssetHolding[] {
  return [firmName, country, accountName, accountNumber].some((value) => value !== null)
    ? [{ firmName, country, accountName, accountNumber }]
    : [];
}

/** The supplement as the platform recorded it (§2.11), under the contract's names. */
const normalizeSupplement = (details: z.output<typeof rawSupplementSchema>): AccountSupplement => ({
  accountId: details.accountId,
  maritalStatus: details.maritalStatus,
  mailingAddress: {
    line1: details.mailingAddressLine1,
    line2: details.mailingAddressLine2,
    city: details.mailingCity,
    state: details.mailingState,
    zipCode: details.mailingZipCode,
    country: details.mailingCountry,
  },
  investmentManager: details.appointmentOfInvestmentManager,
  proxyVoting: details.proxyVotingPreferences,
  otherServices: details.otherServices,
  contributionMethod: details.methodOfContributionOrFunding,
  contributionTaxYear: details.methodOfContributionTaxYear,
  internationalAccountNumber: details.internationalAccountNumber,
  holdings: [
    ...holding(
      details.bankFirmName1,
      details.bankCountry1,
      details.bankAccountName1,
      details.bankAccountNumber1,
    ),
    ...holding(
      details.bankFirmName2,
      details.bankCountry2,
      details.bankAccountName2,
      details.bankAccountNumber2,
    ),
  ],
});

export async function addCustodyAccountSupplement(
  client: UpstreamClient,
  input: AccountSupplementRequest,
): Promise<AccountSupplement> {
  const request = buildSupplementRequest(input);
  return sendAndDecode(client, request, rawSupplementAnswerSchema, (raw) =>
    normalizeSupplement(raw.accountDetails[0]),
  );
}
