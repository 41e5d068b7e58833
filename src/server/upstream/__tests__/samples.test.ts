import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema } from '../../../contract/accounts';
import { fundMovePageSchema, fundMoveSchema } from '../../../contract/custody';
import { offeringSchema } from '../../../contract/offerings';
import { tradeReceiptSchema } from '../../../contract/trades';
import { createUpstreamClient, type UpstreamClient } from '../client';
import { createTrade } from '../create-trade';
import { UpstreamError, type UpstreamErrorKind } from '../errors';
import { getAccount } from '../get-account';
import { getAllOffers } from '../get-all-offers';
import { getCustodyFundMove } from '../get-custody-fund-move';
import { getCustodyFundMoves } from '../get-custody-fund-moves';
import { tradePageSchema } from '../../../contract/holdings';
import { getTrades } from '../get-trades';
import { getExternalAccount } from '../get-external-account';
import { linkExternalAccount } from '../link-external-account';
import { wireOffering } from './fake-client';

/*
 * Every public real-world response sample (../shared/transact-samples, see its INDEX.md) of an
 * operation we parse is replayed through the real client against a local server. Placeholders
 * are replaced with realistic values; "partial" samples (objectContaining) are laid over a full
 * record of the documented shape, since the real body had at least those keys.
 */

const samplesDir = path.resolve(process.cwd(), '../shared/transact-samples');
const haveSamples = fs.existsSync(samplesDir);
if (!haveSamples) {
  console.info(`transact samples not found at ${samplesDir}; the sample replay tests are skipped`);
}

interface Sample {
  file: string;
  operation: string;
  direction: string;
  exactness: 'exact' | 'partial' | 'template';
  http?: { status?: number };
  body: Record<string, unknown>;
}

const ACCOUNT_ID = 'A10423567';
const REFERENCE = 'CFM-20241018-0001';

/** The account the live suite created before reading it back (real-world notes §4.1). */
const createdAccount = {
  accountId: ACCOUNT_ID,
  accountName: 'Test Account',
  type: 'individual',
  entityType: '',
  residentType: 'domestic_account',
  address1: '123 Main St',
  address2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'USA',
  email: 'investor@example.com',
  phone: '5125550100',
  taxID: '',
  kycStatus: 'Pending',
  kycDate: '',
  amlStatus: 'Pending',
  amlDate: '',
  suitabilityScore: '',
  suitabilityDate: '',
  suitabilityApprover: '',
  accreditedStatus: 'Pending',
  accreditedInvestor: '',
  accreditedInvestorDate: '',
  '506cLimit': '',
  accountTotalLimit: '',
  singleInvestmentLimit: '',
  associatedAC: '',
  syndicate: '',
  tags: '',
  notes: '',
  approvalStatus: 'Pending',
  approvalPrincipal: '',
  approvalLastReview: '',
  field1: '',
  field2: '',
  field3: '',
  createdDate: '2024-10-18 14:03:11',
  updatedDate: '0000-00-00 00:00:00',
};

const fullTradeDetail = {
  tradeId: '130',
  transactionId: '476693475244',
  transactionAmount: '10.00',
  transactionDate: '2024-10-18 14:05:00',
  transactionStatus: 'CREATED',
  RRApprovalStatus: 'Pending',
  RRName: '',
  RRApprovalDate: '',
  PrincipalApprovalStatus: 'Pending',
  PrincipalName: '',
  PrincipalDate: '',
};

/** A trades-collection row as live getTrade rows carry it (real-world notes §4.1). */
const fullTradeRow = {
  tradeId: '130',
  offeringId: '1452311',
  accountId: ACCOUNT_ID,
  transactionType: 'ACH',
  totalAmount: '10.00',
  totalShares: '1.000000',
  orderStatus: 'CREATED',
  createdDate: '2024-10-18 14:05:00',
  archived_status: '0',
};

function anyString(key: string): string {
  if (/amount/i.test(key)) return '250.000000';
  if (/date/i.test(key)) return '2024-10-18 14:03:11';
  if (key === 'accountNumber') return Buffer.from('000123456789').toString('base64');
  if (key === 'routingNumber') return '021000021';
  if (key === 'routingNumberStatus') return 'Verified';
  if (/status/i.test(key)) return 'Pending';
  if (key === 'errors') return '';
  return 'Sample text';
}

function substitute(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => substitute(item, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, k)]));
  }
  if (typeof value !== 'string') return value;
  if (value === '<var:account>') return createdAccount;
  if (/^<var:.*accountId>$/i.test(value)) return ACCOUNT_ID;
  if (/^<var:.*referenceNumber>$/i.test(value)) return REFERENCE;
  if (value === '<any:String>') return anyString(key);
  if (value === '<any:Number>') return 3;
  if (value.startsWith('<match:')) return key === 'tradeId' ? '130' : 'A12345678';
  if (value === '<anything>') return '1452311';
  if (value.startsWith('<env:')) return 'echoed-secret';
  if (value.startsWith('<var:')) return 'V123';
  return value;
}

/** Lays a partial record over a full one of the documented shape. */
function completePartial(sample: Sample, body: Record<string, unknown>): Record<string, unknown> {
  if (sample.exactness !== 'partial') return body;
  const out = { ...body };
  if (Array.isArray(out.offeringDetails)) {
    out.offeringDetails = out.offeringDetails.map((row) => ({
      ...wireOffering('1452311'),
      ...(row as object),
    }));
  }
  if (Array.isArray(out.trades)) {
    out.trades = out.trades.map((row) => ({ ...fullTradeRow, ...(row as object) }));
  }
  if (Array.isArray(out.purchaseDetails)) {
    const [flag, rows] = out.purchaseDetails as [boolean, object[]];
    out.purchaseDetails = [flag, rows.map((row) => ({ ...fullTradeDetail, ...row }))];
  }
  return out;
}

type Replay = (client: UpstreamClient) => Promise<unknown>;

/** Operations the portal parses, with the call and the contract its result must satisfy. */
const replays: Record<
  string,
  { call: Replay; check: (result: unknown, body: Record<string, unknown>) => void }
> = {
  getAccount: {
    call: (client) => getAccount(client, { accountId: ACCOUNT_ID }),
    check: (result, body) => {
      const account = accountSchema.parse(result);
      const raw = body.accountDetails as Record<string, string>;
      expect(account.id).toBe(raw.accountId);
      expect(account.reviews.kyc.status).toBe(raw.kycStatus?.toLowerCase() ?? null);
    },
  },
  createTrade: {
    call: (client) =>
      createTrade(client, {
        accountId: ACCOUNT_ID,
        offeringId: '1452311',
        units: '1',
        paymentMethod: 'wire',
      }),
    check: (result) => {
      const receipt = tradeReceiptSchema.parse(result);
      expect(receipt.tradeId).toMatch(/^[0-9]+$/);
      expect(['created', 'pending']).toContain(receipt.status);
    },
  },
  getAllOffers: {
    call: (client) => getAllOffers(client),
    check: (result) => {
      const { offerings, skipped } = result as { offerings: unknown; skipped: unknown[] };
      expect(offeringSchema.array().parse(offerings).length).toBeGreaterThan(0);
      expect(skipped).toEqual([]);
    },
  },
  getCustodyFundMove: {
    call: (client) =>
      getCustodyFundMove(client, { referenceNumber: REFERENCE, accountId: ACCOUNT_ID }),
    check: (result) => {
      const move = fundMoveSchema.parse(result);
      expect(move).toMatchObject({
        accountId: ACCOUNT_ID,
        referenceNumber: REFERENCE,
        amount: '250',
      });
      expect(move.bankAccountNumber).toBe('000123456789');
      // The live generation's fundStatus is the approval step (real-world notes §4.1).
      expect(move.approvalStatus).toBe('pending');
    },
  },
  getCustodyFundMoveHistory: {
    call: (client) => getCustodyFundMoves(client, { accountId: ACCOUNT_ID }),
    check: (result, body) => {
      const page = fundMovePageSchema.parse(result);
      expect(page.moves.length).toBe((body.custodyTransactions as unknown[]).length);
      expect((result as { skipped: unknown[] }).skipped).toEqual([]);
      expect(page.moves.every((move) => move.accountId === ACCOUNT_ID)).toBe(true);
    },
  },
  getExternalAccount: {
    call: (client) => getExternalAccount(client, { accountId: ACCOUNT_ID }),
    check: (result, body) => {
      const bank = result as { accountNumber: string | null; routingNumber: string | null };
      const raw = body.statusDesc as Record<string, string>;
      expect(bank.accountNumber).toBe(raw.AccountNumber);
      expect(bank.routingNumber).toBe(raw.AccountRoutingNumber);
    },
  },
  linkExternalAccount: {
    call: (client) => linkExternalAccount(client, { accountId: ACCOUNT_ID }),
    // The mock answers "someurl": not an http(s) link, so none is passed on.
    check: (result) => expect(result).toEqual({ linkUrl: null }),
  },
  'GET /v3/trades': {
    call: (client) => getTrades(client, { offset: 1, limit: 2 }),
    check: (result, body) => {
      const page = tradePageSchema.parse(result);
      expect(page.trades.length).toBe((body.trades as unknown[]).length);
      expect(page.trades[0].tradeId).toMatch(/^[0-9]+$/);
      const pagination = body.pagination as { endIndex?: number } | undefined;
      if (pagination) expect(page.endIndex).toBe(pagination.endIndex);
    },
  },
};
// The same reads under their names before the 2024-10-18 rename (real-world notes §4.1).
replays.getFundCustodyAccount = replays.getCustodyFundMove;
replays.getFundCustodyAccountHistory = replays.getCustodyFundMoveHistory;

const expectedKinds: Record<string, UpstreamErrorKind> = {
  '103': 'misconfigured',
  '148': 'not_found',
  '1400': 'rejected',
  '1404': 'not_found',
};

/**
 * The names samples use for the operations the portal calls (one module per operation in this
 * folder): the same, or the live names of real-world notes §2 and §4.1.
 */
const sampleNames: Record<string, string[]> = {
  getCustodyFundMoves: ['getCustodyFundMoveHistory', 'getFundCustodyAccountHistory'],
  getCustodyFundMove: ['getCustodyFundMove', 'getFundCustodyAccount'],
  getCustodyAccount: ['GET /v3/custody/accounts/{id}'],
  offerings: ['GET /v3/offerings'],
  trades: ['GET /v3/trades'],
};

/** Every operation name a module of src/server/upstream sends. */
function operationsThePortalUses(): string[] {
  const dir = path.resolve(__dirname, '..');
  const names = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    // Declared as `operation: 'name'`, or through legacyRead('name', …) / legacyWrite('name', …).
    for (const match of text.matchAll(/(?:operation: |legacy(?:Read|Write)\()'([A-Za-z]+)'/g)) {
      names.add(match[1]);
    }
  }
  return [...names];
}

function loadAllResponses(): Sample[] {
  if (!haveSamples) return [];
  return fs
    .readdirSync(samplesDir)
    .filter((file) => file.endsWith('.json'))
    .map(
      (file) =>
        ({ file, ...JSON.parse(fs.readFileSync(path.join(samplesDir, file), 'utf8')) }) as Sample,
    )
    .filter((sample) => sample.direction === 'response');
}

const allResponses = loadAllResponses();
const samples = allResponses.filter((sample) => sample.operation in replays);
let server: http.Server;
let current: { status: number; body: unknown } = { status: 200, body: {} };
let client: UpstreamClient;

beforeAll(async () => {
  if (!haveSamples) return;
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(current.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(current.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createUpstreamClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tapiv3`,
    clientId: 'sample-client',
    apiKey: 'echoed-secret',
    auth: 'header',
    readRetries: 0,
  });
});

afterAll(async () => {
  if (!haveSamples) return;
  client.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('real-world samples (../shared/transact-samples)', () => {
  it.skipIf(!haveSamples)('finds samples for every parsed operation that has some', () => {
    const operations = new Set(samples.map((sample) => sample.operation));
    for (const name of [
      'getAccount',
      'createTrade',
      'getAllOffers',
      'getCustodyFundMove',
      'getCustodyFundMoveHistory',
      'GET /v3/trades',
    ]) {
      expect(operations).toContain(name);
    }
  });

  it.skipIf(!haveSamples)(
    'replays every response sample of every operation the portal uses',
    () => {
      const used = new Set(
        operationsThePortalUses().flatMap((name) => sampleNames[name] ?? [name]),
      );
      expect(used.size).toBeGreaterThan(10);
      const ofUsed = allResponses.filter((sample) => used.has(sample.operation));
      const missing = ofUsed.filter((sample) => !(sample.operation in replays));
      expect(missing.map((sample) => sample.file)).toEqual([]);
      expect(samples.length).toBe(ofUsed.length);
    },
  );

  for (const sample of samples) {
    it.skipIf(!haveSamples)(`${sample.file} (${sample.exactness})`, async () => {
      const body = completePartial(sample, substitute(sample.body) as Record<string, unknown>);
      current = { status: sample.http?.status ?? 200, body };
      const replay = replays[sample.operation];
      const statusCode = String(body.statusCode);
      if (statusCode === '101') {
        const result = await replay.call(client);
        expect(JSON.stringify(result)).not.toContain('echoed-secret');
        replay.check(result, body);
      } else {
        const error = await replay.call(client).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UpstreamError);
        expect(error).toMatchObject({
          kind: expectedKinds[statusCode] ?? 'rejected',
          statusCode,
          submitted: 'no',
        });
      }
    });
  }
});
