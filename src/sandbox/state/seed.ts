/**
 * Deterministic seed data (seeded PRNG). Identifiers, names and amounts are the same on every
 * reset; timestamps are laid out relative to the sandbox clock at seeding time so that pending
 * fund moves are still waiting for the next approval batch.
 */
import { Prng } from '../lib/prng.js';
import { fromMicros, toMicros } from '../lib/money.js';
import { DAY_MS, formatCalendarDate, formatZoneless } from '../lib/time.js';
import { lastBatchAtOrBefore } from '../domain/batch-schedule.js';
import type {
  Account,
  ApprovalStatus,
  CustodyAccount,
  DayHours,
  EntityParty,
  FundMove,
  FundMoveStatus,
  Issuer,
  LetterCase,
  Offering,
  SandboxState,
  Security,
  Trade,
  WeekHours,
} from './model.js';
import { WEEKDAYS } from './model.js';

const FIRST = [
  'Avery',
  'Jordan',
  'Morgan',
  'Riley',
  'Casey',
  'Taylor',
  'Jamie',
  'Quinn',
  'Drew',
  'Harper',
  'Rowan',
  'Sage',
  'Emerson',
  'Finley',
  'Reese',
  'Parker',
];
const LAST = [
  'Quinn',
  'Ellis',
  'Nakamura',
  'Okafor',
  'Lindqvist',
  'Moreno',
  'Patel',
  'Kowalski',
  'Hughes',
  'Delgado',
  'Brennan',
  'Fischer',
  'Adeyemi',
  'Sorensen',
];
const PLACES: readonly [string, string, string][] = [
  ['Denver', 'CO', '80202'],
  ['Boulder', 'CO', '80302'],
  ['Austin', 'TX', '78701'],
  ['Portland', 'OR', '97205'],
  ['Raleigh', 'NC', '27601'],
  ['Madison', 'WI', '53703'],
  ['Phoenix', 'AZ', '85004'],
  ['Boise', 'ID', '83702'],
];
const STREETS = [
  'Larimer St',
  'Pearl St',
  'Congress Ave',
  'Burnside St',
  'Fayetteville St',
  'State St',
  'Central Ave',
];
const BANKS = [
  'First Front Range Bank',
  'Mesa Credit Union',
  'Prairie National Bank',
  'Harbor Savings',
];
const ENTITY_TYPES = ['LLC', 'Trust', 'Corporation', 'LP'];
const REVIEW = ['Pending', 'Approved', 'Pending', 'Disapproved', 'Pending', 'Approved'];

/** Seed timestamps are spread backwards from the seed instant, rounded to the minute. */
function before(now: number, ms: number): number {
  return Math.floor((now - ms) / 60_000) * 60_000;
}

function standardHours(
  overrides: Partial<Record<(typeof WEEKDAYS)[number], Partial<DayHours>>> = {},
): WeekHours {
  const week = {} as WeekHours;
  for (const day of WEEKDAYS) {
    week[day] = {
      closed: false,
      startHour: 9,
      startMinute: 30,
      closeHour: 16,
      closeMinute: 0,
      ...overrides[day],
    };
  }
  return week;
}

export function seedState(now: number): SandboxState {
  const rng = new Prng('transact-sandbox-seed-v1');
  const state: SandboxState = {
    version: 1,
    seededAt: now,
    counters: {
      issuer: 1100,
      offering: 5200,
      trade: 300000,
      account: 0,
      entity: 0,
      fundMove: 70000000,
    },
    issuers: {},
    issuerAccounts: {},
    offerings: {},
    trades: [],
    accounts: {},
    entities: {},
    securities: [],
    globalHours: standardHours(),
    securityHours: {},
    fundMoves: {},
    disbursements: {},
    custodyAccounts: {},
    supplements: {},
    externalLinks: {},
    lifecycleAt: now,
    demo: { investors: [], limitedScopeAccountId: '' },
  };

  seedIssuers(state, now);
  const accounts = seedAccounts(state, rng, now);
  seedOfferingsAndTrades(state, rng, now, accounts);
  seedSecurities(state);
  seedCustody(state, rng, now, accounts);

  state.demo = {
    investors: [
      { name: 'Avery Quinn', accountIds: [accounts[0].accountId, accounts[1].accountId] },
      // Jordan Ellis's third and fourth accounts have no custody account (seedCustody gives one
      // to the first four accounts and every third), so an IRA can be requested for them, once
      // each (two journeys run side by side): every other demo account has its custody account,
      // and a request for one is refused (§4.7, §4.15). Like his first two, neither can invest
      // (AML not approved).
      {
        name: 'Jordan Ellis',
        accountIds: [2, 3, 8, 14].map((i) => accounts[i].accountId),
      },
    ],
    limitedScopeAccountId: accounts[0].accountId,
  };
  return state;
}

function seedIssuers(state: SandboxState, now: number): void {
  const issuers: [string, string, string, string][] = [
    ['Aspen Ridge Capital', 'Dana', 'Whitfield', 'dana@aspenridge.example'],
    ['Blue Mesa Holdings', 'Luis', 'Arroyo', 'luis@bluemesa.example'],
    ['Cedar Creek Labs', 'Priya', 'Raman', 'priya@cedarcreek.example'],
    ['Driftwood Energy', 'Tom', 'Becker', 'tom@driftwood.example'],
  ];
  issuers.forEach(([issuerName, firstName, lastName, email], i) => {
    const issuerId = String(++state.counters.issuer);
    const issuer: Issuer = {
      issuerId,
      issuerName,
      firstName,
      lastName,
      email,
      phoneNumber: `303555${String(1200 + i).padStart(4, '0')}`,
      issuerStatus: i === 3 ? 'Pending' : 'Approved',
      createdDate: formatZoneless(before(now, (400 - i * 20) * DAY_MS)),
      createdIpAddress: `10.20.0.${10 + i}`,
    };
    state.issuers[issuerId] = issuer;
  });
  // Issuer 1 already stored one issuer account, so the next one is keyed "2" (§2.4 counter keys).
  state.issuerAccounts['1101'] = [
    {
      issuerId: '1101',
      companyName: 'Aspen Ridge Capital LLC',
      companyState: 'CO',
      companyTaxID: '841234567',
      entityType: 'LLC',
      issuingCountry: 'USA',
      accountType: 'CHECKING',
      accountMiddleInitial: '',
      socialSecurityNumber: '',
      dob: '',
      residentUS: 'Yes',
      citizenUS: 'Yes',
      addressLine1: '1600 Larimer St',
      addressLine2: 'Suite 400',
      city: 'Denver',
      zip: '80202',
      country: 'USA',
      additionalInfo: '',
      issuerStatus: 'Pending',
      createdDate: formatZoneless(before(now, 380 * DAY_MS)),
      createdIpAddress: '10.20.0.10',
    },
  ];
}

function seedAccounts(state: SandboxState, rng: Prng, now: number): Account[] {
  const list: Account[] = [];
  const fixedNames = ['Avery Quinn', 'Avery Quinn Roth IRA', 'Jordan Ellis', 'Ellis Ventures LLC'];
  for (let i = 0; i < 52; i++) {
    const accountId = `A${1040000 + i * 173}`;
    state.counters.account = 1040000 + i * 173;
    const isEntity = i === 3 || (i > 3 && i % 5 === 0);
    const person = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
    const entityName = `${rng.pick(LAST)} ${rng.pick(['Partners', 'Holdings', 'Family Trust', 'Capital'])}`;
    const accountName = fixedNames[i] ?? (isEntity ? entityName : person);
    const [city, st, zip] = rng.pick(PLACES);
    const created = before(now, rng.int(30, 700) * DAY_MS + rng.int(0, 86_000) * 1000);
    // The demo investor's accounts have settled reviews, so the money journeys (invest, link a
    // bank, deposit, disburse) run on them; every other account cycles through the statuses.
    const review = (offset: number) => (i < 2 ? 'Approved' : REVIEW[(i + offset) % REVIEW.length]);
    const account: Account = {
      accountId,
      accountName,
      type: isEntity ? 'Entity' : 'Individual',
      entityType: isEntity ? rng.pick(ENTITY_TYPES) : '',
      residentType: rng.chance(0.9) ? 'domestic_account' : 'international_account',
      address1: `${rng.int(100, 9999)} ${rng.pick(STREETS)}`,
      address2: rng.chance(0.3) ? `Unit ${rng.int(1, 40)}` : '',
      city,
      state: st,
      zip,
      country: 'USA',
      email: `${accountName.toLowerCase().replace(/[^a-z]+/g, '.')}@mail.example`,
      phone: `720555${rng.digits(4)}`,
      taxID: rng.digits(9),
      kycStatus: review(0),
      kycDate: formatZoneless(created + DAY_MS),
      amlStatus: review(1),
      amlDate: formatZoneless(created + DAY_MS),
      suitabilityScore: String(rng.int(1, 10)),
      suitabilityDate: formatZoneless(created + 2 * DAY_MS),
      suitabilityApprover: 'Compliance Desk',
      accreditedStatus: review(2),
      accreditedInvestor: rng.chance(0.5) ? 'Yes' : 'No',
      accreditedInvestorDate: formatCalendarDate(created + 3 * DAY_MS),
      '506cLimit': '',
      accountTotalLimit: '',
      singleInvestmentLimit: '',
      associatedAC: '',
      syndicate: '',
      tags: i < 4 ? 'demo' : '',
      notes: '',
      approvalStatus: review(3),
      approvalPrincipal: 'R. Alvarez',
      approvalLastReview: formatCalendarDate(created + 4 * DAY_MS),
      archived_status: '0',
      field1: '',
      field2: '',
      field3: '',
      createdDate: formatZoneless(created),
      updatedDate: formatZoneless(created + 4 * DAY_MS),
    };
    state.accounts[accountId] = account;
    list.push(account);
    if (isEntity) addEntityParty(state, rng, { accountName, entityType: account.entityType });
  }
  // A few entity parties without accounts (searchEntity covers every entity party).
  for (let i = 0; i < 6; i++) {
    const name = `${rng.pick(LAST)} ${rng.pick(['Foundation', 'Ventures LP', 'Industries Inc', 'Ranch LLC'])}`;
    addEntityParty(state, rng, { accountName: name, entityType: rng.pick(ENTITY_TYPES) });
  }
  return list;
}

function addEntityParty(
  state: SandboxState,
  rng: Prng,
  account: { accountName: string; entityType: string },
): void {
  const partyId = `E${7100000 + ++state.counters.entity * 31}`;
  const [city, st, zip] = rng.pick(PLACES);
  const entity: EntityParty = {
    partyId,
    domicile: 'U.S. Citizen',
    entityName: account.accountName,
    entityType: account.entityType,
    entityDesc: `${account.entityType} investing in private offerings`,
    ein: `${rng.digits(2)}-${rng.digits(7)}`,
    primCountry: 'USA',
    primAddress1: `${rng.int(100, 9999)} ${rng.pick(STREETS)}`,
    primAddress2: '',
    primCity: city,
    primState: st,
    primZip: zip,
    emailAddress: `office@${account.accountName.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
    emailAddress2: '',
    phone: `303555${rng.digits(4)}`,
    phone2: '',
    totalAssets: String(rng.int(1, 40) * 250000),
    ownersAI: rng.chance(0.5) ? 'Yes' : 'No',
    // §2.6 spells these KYCstatus/AMLstatus (accounts say kycStatus/amlStatus).
    KYCstatus: rng.pick(['Pending', 'Approved', 'Manual Review']),
    AMLstatus: rng.pick(['Pending', 'Approved']),
    AMLdate: formatCalendarDate(Date.UTC(2024, rng.int(0, 11), rng.int(1, 28))),
    tags: '',
    notes: '',
  };
  state.entities[partyId] = entity;
}

interface OfferingPlan {
  issuerId: string;
  issueName: string;
  status: string;
  unitPrice: string;
  trades: number;
  /** Shares left after the seeded trades. */
  leftShares: number;
}

const OFFERINGS: OfferingPlan[] = [
  {
    issuerId: '1101',
    issueName: 'Aspen Ridge Growth Fund I',
    status: 'Approved',
    unitPrice: '10.00',
    trades: 2100,
    leftShares: 400000,
  },
  {
    issuerId: '1101',
    issueName: 'Aspen Ridge Series B',
    status: 'Pending',
    unitPrice: '25.00',
    trades: 0,
    leftShares: 200000,
  },
  {
    issuerId: '1101',
    issueName: 'Aspen Ridge Income Notes 2023',
    status: 'closed',
    unitPrice: '100.00',
    trades: 260,
    leftShares: 0,
  },
  {
    issuerId: '1102',
    issueName: 'Blue Mesa Solar Partners',
    status: 'Approved',
    unitPrice: '5.00',
    trades: 240,
    leftShares: 150000,
  },
  {
    issuerId: '1102',
    issueName: 'Blue Mesa Storage',
    status: 'Closed',
    unitPrice: '20.00',
    trades: 150,
    leftShares: 1200,
  },
  {
    issuerId: '1103',
    issueName: 'Cedar Creek Seed Round',
    status: 'Open',
    unitPrice: '2.50',
    trades: 120,
    leftShares: 80000,
  },
  {
    issuerId: '1103',
    issueName: 'Cedar Creek Bridge Notes',
    status: 'Pending',
    unitPrice: '1000.00',
    trades: 0,
    leftShares: 500,
  },
  {
    issuerId: '1104',
    issueName: 'Driftwood Wells Unit 7',
    status: 'Approved',
    unitPrice: '50.00',
    trades: 80,
    leftShares: 25,
  },
  {
    issuerId: '1104',
    issueName: 'Driftwood Royalty Trust',
    status: 'PENDING',
    unitPrice: '12.00',
    trades: 0,
    leftShares: 10000,
  },
];

function seedOfferingsAndTrades(
  state: SandboxState,
  rng: Prng,
  now: number,
  accounts: Account[],
): void {
  for (const plan of OFFERINGS) {
    const offeringId = String(++state.counters.offering);
    const start = before(now, rng.int(60, 200) * DAY_MS);
    const tradeShares: number[] = [];
    for (let i = 0; i < plan.trades; i++) tradeShares.push(rng.int(1, 400));
    const sold = tradeShares.reduce((sum, n) => sum + n, 0);
    const total = sold + plan.leftShares;
    const price = toMicros(plan.unitPrice);
    const target = price * BigInt(total);
    const offering: Offering = {
      issuerId: plan.issuerId,
      offeringId,
      issueName: plan.issueName,
      issueType: 'Equity',
      targetAmount: fromMicros(target),
      minAmount: fromMicros(price * 10n),
      maxAmount: fromMicros(target),
      unitPrice: fromMicros(price),
      totalShares: fromMicros(BigInt(total) * 1_000_000n),
      remainingShares: fromMicros(BigInt(plan.leftShares) * 1_000_000n),
      startDate: formatCalendarDate(start),
      endDate: formatCalendarDate(start + 365 * DAY_MS),
      offeringStatus: plan.status,
      offeringText: `${plan.issueName}: a private placement under Regulation D.`,
      stampingText: 'Subject to the subscription agreement.',
      createdDate: formatZoneless(start - 7 * DAY_MS),
      createdIPAddress: '10.20.1.5',
    };
    state.offerings[offeringId] = offering;
    tradeShares.forEach((shares, i) => {
      const account = i < 3 ? accounts[i % 2] : rng.pick(accounts);
      const purchased = start + Math.floor(((now - start) * (i + 1)) / (plan.trades + 1));
      const trade: Trade = {
        tradeId: String(++state.counters.trade),
        transactionId: rng.digits(12),
        accountId: account.accountId,
        offeringId,
        transactionType: rng.pick(['ACH', 'WIRE', 'ACH', 'CHECK']),
        totalShares: fromMicros(BigInt(shares) * 1_000_000n),
        totalAmount: fromMicros(price * BigInt(shares)),
        purchaseDate: formatZoneless(purchased),
        transactionStatus: rng.pick(['CREATED', 'FUNDED', 'SETTLED', 'SETTLED']),
      };
      state.trades.push(trade);
    });
  }
}

function seedSecurities(state: SandboxState): void {
  const securities: Security[] = [
    {
      securityId: 10001,
      securityName: 'Aspen Ridge Class A',
      issuerId: '1101',
      offeringId: '5203',
      basePriceCents: 10450,
    },
    {
      securityId: 10002,
      securityName: 'Aspen Ridge Growth Units',
      issuerId: '1101',
      offeringId: '5201',
      basePriceCents: 1125,
    },
    {
      securityId: 10003,
      securityName: 'Aspen Ridge Preferred',
      issuerId: '1101',
      offeringId: null,
      basePriceCents: 2590,
    },
    {
      securityId: 20001,
      securityName: 'Blue Mesa Storage Units',
      issuerId: '1102',
      offeringId: '5205',
      basePriceCents: 2140,
    },
    {
      securityId: 20002,
      securityName: 'Blue Mesa Common',
      issuerId: '1102',
      offeringId: null,
      basePriceCents: 735,
    },
    {
      securityId: 30001,
      securityName: 'Cedar Creek Common',
      issuerId: '1103',
      offeringId: null,
      basePriceCents: 310,
    },
  ];
  state.securities = securities;
  state.securityHours = {
    '10001': standardHours(),
    '10002': standardHours({ friday: { closeHour: 13, closeMinute: 0 } }),
    '10003': standardHours({ friday: { closed: true } }),
    '20001': standardHours({
      monday: { startHour: 10, startMinute: 0 },
      wednesday: { closed: true },
    }),
    '20002': standardHours({ thursday: { closeHour: 15, closeMinute: 45 } }),
    '30001': standardHours(),
  };
}

interface MovePlan {
  status: FundMoveStatus;
  approval: ApprovalStatus;
  letterCase?: LetterCase;
}

/**
 * Seeded moves of these statuses, each with the approval the lifecycle gives a move of its status
 * (domain/lifecycle.ts): pending until the batch, declined with the move, approved for every move
 * sent on.
 */
function movePlans(...plans: (FundMoveStatus | [FundMoveStatus, LetterCase])[]): MovePlan[] {
  return plans.map((plan) => {
    const [status, letterCase] = typeof plan === 'string' ? [plan] : plan;
    const approval = status === 'pending' || status === 'declined' ? status : 'approved';
    return { status, approval, letterCase };
  });
}

/** Investor 1's moves show every status and approval value, in the letter cases §3 mentions. */
const INVESTOR_ONE_MOVES = movePlans(
  ['pending', 'title'],
  ['pending', 'lower'],
  ['submitted', 'lower'],
  ['settled', 'upper'],
  ['settled', 'lower'],
  ['settled', 'title'],
  ['returned', 'lower'],
  ['voided', 'title'],
  ['declined', 'lower'],
);
const INVESTOR_TWO_MOVES = movePlans('pending', 'settled', 'settled', 'returned', 'declined');
const OTHER_MOVES = movePlans(
  'settled',
  'settled',
  'settled',
  'submitted',
  'pending',
  'voided',
  'declined',
  'returned',
);

function seedCustody(state: SandboxState, rng: Prng, now: number, accounts: Account[]): void {
  const lastBatch = lastBatchAtOrBefore(now);
  const custodyHolders = accounts.filter((_, i) => i < 4 || i % 3 === 0).slice(0, 20);
  custodyHolders.forEach((account, index) => {
    const created = before(now, (300 - index) * DAY_MS);
    const custody: CustodyAccount = {
      accountId: account.accountId,
      requestId: `CR${String(880000 + index * 7)}`,
      status: 'Approved',
      relationship: index % 4 === 1 ? 'Beneficiary' : null,
      restrictedStatus: index === 7 ? 'Yes' : 'No',
      restrictedReason: index === 7 ? 'Pending documentation' : null,
      principalReviewBy: 'R. Alvarez',
      approvalDate: formatZoneless(created + 2 * DAY_MS),
      notes: '',
      createdDate: formatZoneless(created),
      updatedDate: formatZoneless(created + 2 * DAY_MS),
    };
    state.custodyAccounts[account.accountId] = custody;
    const link = {
      accountId: account.accountId,
      bankName: rng.pick(BANKS),
      accountNumber: rng.digits(10),
      routingNumber: `1020${rng.digits(5)}`,
      linkedDate: formatZoneless(created + DAY_MS),
    };
    // Avery Quinn's Roth IRA (the second demo account) starts without a linked bank, so linking
    // one through linkExternalAccount can be shown; every other custody account has one. The
    // link is drawn either way so the rest of the seed stays the same.
    if (index !== 1) state.externalLinks[account.accountId] = link;

    const plans =
      index < 2
        ? INVESTOR_ONE_MOVES
        : index < 4
          ? INVESTOR_TWO_MOVES
          : OTHER_MOVES.slice(0, rng.int(3, 8));
    const pendingCount = plans.filter((p) => p.approval === 'pending').length;
    let pendingSeen = 0;
    plans.forEach((plan, i) => {
      let createdAt: number;
      let approvedAt: number | null = null;
      if (plan.approval === 'pending') {
        // Created after the last batch, so the next 4:00 PM batch decides it (§3, §8).
        pendingSeen++;
        createdAt = lastBatch + Math.floor(((now - lastBatch) * pendingSeen) / (pendingCount + 1));
      } else if (plan.status === 'submitted') {
        createdAt = lastBatch - (3 + i) * 3_600_000;
        approvedAt = lastBatch;
      } else {
        createdAt = lastBatch - (2 + i * 3 + rng.int(0, 2)) * DAY_MS - rng.int(1, 6) * 3_600_000;
        approvedAt = plan.approval === 'approved' ? lastBatchAtOrBefore(createdAt + DAY_MS) : null;
      }
      addSeedMove(state, rng, account, plan, createdAt, approvedAt, now);
    });
  });
}

function addSeedMove(
  state: SandboxState,
  rng: Prng,
  account: Account,
  plan: MovePlan,
  createdAt: number,
  approvedAt: number | null,
  now: number,
): void {
  const referenceNumber = `CFM${++state.counters.fundMove}`;
  const encoded = rng.chance(0.5);
  const accountDigits = rng.digits(10);
  const routingDigits = `1070${rng.digits(5)}`;
  const updatedAt =
    plan.status === 'pending' ? createdAt : Math.min(now, (approvedAt ?? createdAt) + DAY_MS);
  const move: FundMove = {
    referenceNumber,
    accountId: account.accountId,
    bankName: rng.chance(0.2) ? null : rng.pick(BANKS),
    amount: fromMicros(BigInt(rng.int(5, 400) * 250) * 1_000_000n),
    // §2.9: accountNumber empty or base64; routingNumber plain digits or base64.
    accountNumber: encoded ? Buffer.from(accountDigits).toString('base64') : '',
    routingNumber: encoded ? Buffer.from(routingDigits).toString('base64') : routingDigits,
    accountName: encoded ? account.accountName : '',
    description: rng.pick([
      'Deposit for subscription',
      'Monthly contribution',
      'Initial funding',
      'IRA transfer',
    ]),
    approvalStatus: plan.approval,
    status: plan.status,
    routingNumberStatus: 'Verified',
    errors:
      plan.status === 'returned'
        ? 'R01 Insufficient funds'
        : plan.status === 'declined'
          ? 'Declined by review'
          : '',
    createdAt,
    updatedAt: Math.max(createdAt, updatedAt),
    approvedAt,
    letterCase: plan.letterCase ?? rng.pick<LetterCase>(['lower', 'title', 'upper']),
  };
  state.fundMoves[referenceNumber] = move;
}
