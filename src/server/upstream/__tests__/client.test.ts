import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUpstreamClient, type UpstreamClientConfig } from '../client';
import { cleanUpstreamText, UpstreamError } from '../errors';
import { getCustodyAccount } from '../get-custody-account';
import { getAccount } from '../get-account';
import { getSecurityMarketHours } from '../get-security-market-hours';
import { createTrade } from '../create-trade';
import { createCustodyFundDisbursement } from '../create-custody-fund-disbursement';
import { fundCustodyAccount } from '../fund-custody-account';
import { createIssuerAccount } from '../create-issuer-account';
import { addCustodyAccountSupplement } from '../add-custody-account-supplement';

/*
 * Client behaviour against a real local HTTP server (127.0.0.1, port 0): credentials (§5),
 * retries for reads only, timeouts, the breaker and error mapping (§7; real-world notes §2, §5).
 */

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Handler = (seen: Seen, res: http.ServerResponse, req: http.IncomingMessage) => void;

let server: http.Server;
let baseUrl: string;
let handler: Handler;
let seen: Seen[] = [];
let active = 0;
let maxActive = 0;
const clients: { close(): void }[] = [];

const CLIENT_ID = 'client-7f3a';
const API_KEY = 'key-5ecret-9b1d';

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      active += 1;
      maxActive = Math.max(maxActive, active);
      res.on('close', () => (active -= 1));
      handler(entry, res, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tapiv3`;
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  seen = [];
  maxActive = 0;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function logCapture() {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  return {
    lines,
    logger: {
      info: (obj: object, msg?: string) => lines.push({ level: 'info', obj, msg }),
      warn: (obj: object, msg?: string) => lines.push({ level: 'warn', obj, msg }),
      error: (obj: object, msg?: string) => lines.push({ level: 'error', obj, msg }),
    },
  };
}

function makeClient(overrides: Partial<UpstreamClientConfig> = {}) {
  const log = logCapture();
  const client = createUpstreamClient({
    baseUrl,
    clientId: CLIENT_ID,
    apiKey: API_KEY,
    auth: 'header',
    timeoutMs: 1_000,
    retryBaseMs: 1,
    logger: log.logger,
    ...overrides,
  });
  clients.push(client);
  return { client, log };
}

const read = { operation: 'getAccount', method: 'POST', effect: 'read' } as const;
const orderRead = { operation: 'getOrder', method: 'POST', effect: 'read' } as const;
let accounts = 0;
/** A read of another account each time: a failure of its own, as the breaker counts them. */
const readOfAnother = () => ({ ...read, body: { accountId: `A${(accounts += 1)}` } });
const write = { operation: 'createTrade', method: 'POST', effect: 'write' } as const;

describe('credentials (interface document §5)', () => {
  it('header form: Bearer <clientID>:<apiKey>, nothing in the body or the URL, legacy path (§4, §5 rule 2)', async () => {
    handler = (_s, res) => json(res, 200, { statusCode: '101', statusDesc: 'Ok' });
    const { client } = makeClient();
    await client.send({ ...read, body: { accountId: 'A1' } });
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('/tapiv3/index.php/v3/getAccount');
    expect(seen[0].headers.authorization).toBe(`Bearer ${CLIENT_ID}:${API_KEY}`);
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ accountId: 'A1' });
  });

  it('body form: clientID and developerAPIKey in the body, no header (§5 rule 4)', async () => {
    handler = (_s, res) => json(res, 200, { statusCode: '101', statusDesc: 'Ok' });
    const { client } = makeClient({ auth: 'body' });
    await client.send({ ...read, body: { accountId: 'A1' } });
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(JSON.parse(seen[0].body)).toEqual({
      accountId: 'A1',
      clientID: CLIENT_ID,
      developerAPIKey: API_KEY,
    });
  });

  it('form encoding on request, credentials still never in the URL', async () => {
    handler = (_s, res) => json(res, 200, { statusCode: '101', statusDesc: 'Ok' });
    const { client } = makeClient({ auth: 'body' });
    await client.send({
      ...read,
      encoding: 'form',
      body: { accountId: 'A 1' },
      query: { limit: 2 },
    });
    expect(seen[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(seen[0].body);
    expect(form.get('accountId')).toBe('A 1');
    expect(form.get('developerAPIKey')).toBe(API_KEY);
    expect(seen[0].url).toBe('/tapiv3/index.php/v3/getAccount?limit=2');
    expect(seen[0].url).not.toContain(API_KEY);
  });

  it('body form refuses GET operations without calling (§5 rule 6)', async () => {
    handler = (_s, res) => json(res, 200, { statusCode: '101' });
    const { client, log } = makeClient({ auth: 'body' });
    const error = await getCustodyAccount(client, { accountId: 'A1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind: 'misconfigured', submitted: 'no' });
    expect((error as Error).message).toMatch(/header credentials/);
    expect(seen).toHaveLength(0);
    expect(log.lines.some((line) => line.level === 'error')).toBe(true);
  });

  it('header form GET goes to /v3/custody/accounts/{id} without a body (§4.15)', async () => {
    handler = (_s, res) =>
      json(res, 200, {
        statusCode: '101',
        statusDesc: 'Ok',
        custody_account: {
          accountId: 'A1',
          requestId: 'R1',
          status: 'Approved',
          restrictedStatus: 'No',
        },
      });
    const { client } = makeClient();
    const account = await getCustodyAccount(client, { accountId: 'A1' });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/tapiv3/v3/custody/accounts/A1',
      body: '',
    });
    expect(account.status).toBe('approved');
  });
});

describe('scrubbing echoed credentials (real-world notes §4.3, §6)', () => {
  it('removes developerAPIKey/clientID/clientId anywhere and masks the key in text', async () => {
    handler = (_s, res) =>
      json(res, 200, {
        statusCode: '101',
        statusDesc: 'Ok',
        clientID: CLIENT_ID,
        ACHDetails: {
          accountId: 'A1',
          developerAPIKey: API_KEY,
          clientId: CLIENT_ID,
          note: `key ${API_KEY}`,
        },
        rows: [{ developerAPIKey: API_KEY, id: '1' }],
      });
    const { client } = makeClient();
    const payload = await client.send(read);
    expect(JSON.stringify(payload)).not.toContain(API_KEY);
    expect(payload).toEqual({
      statusCode: '101',
      statusDesc: 'Ok',
      ACHDetails: { accountId: 'A1', note: 'key [redacted]' },
      rows: [{ id: '1' }],
    });
  });
});

describe('status codes (§7; real-world notes §2, §5)', () => {
  it('103 means our configuration is wrong: logged at error level, the user sent to support', async () => {
    handler = (_s, res) =>
      json(res, 200, {
        statusCode: '103',
        statusDesc: 'Invalid Developer Key/Client ID OR Developer Key not Active',
      });
    const { client, log } = makeClient();
    const error = (await client.send(read).catch((e: unknown) => e)) as UpstreamError;
    expect(error).toMatchObject({ kind: 'misconfigured', submitted: 'no', statusCode: '103' });
    // Trying again cannot help until an operator fixes the key: never "in a moment".
    expect(error.userMessage).toBe(
      'The portal’s access to the platform is not set up correctly. Please contact support.',
    );
    expect(log.lines.find((line) => line.level === 'error')?.msg).toMatch(/credentials/);
    expect(seen).toHaveLength(1);
  });

  it('a write answered 103 has an unknown outcome: check before trying again (§5 rule 8, §7 say no more)', async () => {
    handler = (_s, res) =>
      json(res, 200, {
        statusCode: '103',
        statusDesc: 'Invalid Developer Key/Client ID OR Developer Key not Active',
      });
    const { client } = makeClient();
    const refusedWrite = (await client.send(write).catch((e: unknown) => e)) as UpstreamError;
    expect(refusedWrite).toMatchObject({
      kind: 'misconfigured',
      submitted: 'unknown',
      statusCode: '103',
    });
    expect(refusedWrite.userMessage).toBe(
      'The platform refused the portal’s access, which the portal’s operators must fix, so we cannot tell whether this reached it. Check whether it took effect before sending it again, and contact support.',
    );
    expect(refusedWrite.userMessage).not.toMatch(/Nothing was submitted|try again in a moment/);
    // Sent once: a write is never repeated by the client.
    expect(seen).toHaveLength(1);
  });

  it('a refusal says what it is about: its code, and the fields of ours it names (real-world notes §5)', async () => {
    const { client } = makeClient();
    const trade = {
      accountId: 'A1',
      offeringId: '7',
      units: '10',
      paymentMethod: 'ach',
    } as const;
    const refusalOf = async (body: Record<string, unknown>) => {
      handler = (_s, res) => json(res, 200, body);
      return (await createTrade(client, trade).catch((e: unknown) => e)) as UpstreamError;
    };
    // A parameter the person entered: about the request, on its field.
    const units = await refusalOf({
      statusCode: '106',
      statusDesc: 'Data/parameter missing',
      'Error(s)':
        '<br />transactionUnits&nbsp;&nbsp; : Requested units exceed remaining shares (5)',
    });
    expect(units).toMatchObject({ kind: 'rejected', submitted: 'no', refusal: 'request' });
    expect(units.fields).toEqual([
      { field: 'units', message: 'Requested units exceed remaining shares (5)' },
    ]);
    // Only a parameter the person did not enter (the offering comes from the page): a state.
    const closed = await refusalOf({
      statusCode: '106',
      statusDesc: 'Data/parameter missing',
      'Error(s)': '<br />offeringId&nbsp;&nbsp; : Offering is closed',
    });
    expect(closed).toMatchObject({ kind: 'rejected', refusal: 'state' });
    expect(closed.fields).toBeUndefined();
    // Words before a colon that name no parameter of the request name nothing the person
    // entered either: nothing they could change is known to be wrong.
    expect(
      await refusalOf({
        statusCode: '106',
        statusDesc: 'Data/parameter missing',
        'Error(s)': '<br />Note&nbsp;&nbsp; : the request could not be read',
      }),
    ).toMatchObject({ refusal: 'state' });
    // A code for a state.
    expect(
      await refusalOf({ statusCode: '210', statusDesc: 'ACH request already sent this trade.' }),
    ).toMatchObject({ refusal: 'state' });
  });

  it('a write answered under HTTP 200 with a code of no known meaning has an unknown outcome (§7 shows no other code)', async () => {
    const trade = { accountId: 'A1', offeringId: '7', units: '10', paymentMethod: 'ach' } as const;
    const answeredWith = async (status: number, body: Record<string, unknown>) => {
      handler = (_s, res) => json(res, status, body);
      const { client } = makeClient();
      return (await createTrade(client, trade).catch((e: unknown) => e)) as UpstreamError;
    };
    // Nothing says it was left undone: check before sending it again, never "nothing changed".
    const unknown = await answeredWith(200, { statusCode: '999', statusDesc: 'Something else' });
    expect(unknown).toMatchObject({ kind: 'bad_response', submitted: 'unknown' });
    expect(unknown.userMessage).not.toMatch(/nothing was changed/);
    expect(unknown.userMessage).toMatch(/could not understand/);
    // The same code naming a parameter it could not accept is a refusal of that parameter.
    expect(
      await answeredWith(200, {
        statusCode: '999',
        'Error(s)': '<br />transactionUnits&nbsp;&nbsp; : Must be a positive number',
      }),
    ).toMatchObject({ kind: 'rejected', submitted: 'no', refusal: undefined });
    // Words before a colon that name no parameter of the request name nothing refused.
    for (const words of ['Note : the request could not be read', 'Transaction : queued']) {
      expect(
        await answeredWith(200, { statusCode: '999', 'Error(s)': `<br />${words}` }),
      ).toMatchObject({ kind: 'bad_response', submitted: 'unknown' });
    }
    // Under a 4xx status the platform says the request itself was refused: no known cause.
    const refused = await answeredWith(400, { statusCode: '999', statusDesc: 'Something else' });
    expect(refused).toMatchObject({ kind: 'rejected', submitted: 'no' });
    expect(refused.refusal).toBeUndefined();
  });

  it('a read answered with a code of no known meaning is refused: nothing can have moved', async () => {
    handler = (_s, res) => json(res, 200, { statusCode: '999', statusDesc: 'Something else' });
    const { client } = makeClient();
    await expect(client.send(read)).rejects.toMatchObject({ kind: 'rejected', submitted: 'no' });
  });

  it('a refused disbursement or deposit puts what it names on the form field, and the account on its state', async () => {
    const { client } = makeClient();
    const refusal = (errors: string) => {
      handler = (_s, res) =>
        json(res, 200, {
          statusCode: '106',
          statusDesc: 'Data/parameter missing',
          'Error(s)': errors,
        });
    };
    refusal('<br />accountId&nbsp;&nbsp; : No external account linked for ACH');
    const noBank = (await createCustodyFundDisbursement(client, {
      type: 'ach',
      accountId: 'A1',
      amount: '10',
    }).catch((e: unknown) => e)) as UpstreamError;
    // The account comes from the page: nothing in the request is to change.
    expect(noBank).toMatchObject({ kind: 'rejected', refusal: 'state' });
    expect(noBank.fields).toBeUndefined();

    refusal('<br />bankAccountId&nbsp;&nbsp; : Account number is not valid');
    const wire = (await createCustodyFundDisbursement(client, {
      type: 'wire_domestic',
      accountId: 'A1',
      amount: '10',
      bankId: '021000021',
      bankAccountId: '123456789',
    }).catch((e: unknown) => e)) as UpstreamError;
    expect(wire).toMatchObject({ refusal: 'request' });
    expect(wire.fields).toEqual([
      { field: 'bankAccountId', message: 'Account number is not valid' },
    ]);

    refusal('<br />amount&nbsp;&nbsp; : Amount exceeds the limit');
    const deposit = (await fundCustodyAccount(client, {
      accountId: 'A1',
      amount: '10',
    }).catch((e: unknown) => e)) as UpstreamError;
    expect(deposit).toMatchObject({ refusal: 'request' });
    expect(deposit.fields).toEqual([{ field: 'amount', message: 'Amount exceeds the limit' }]);
  });

  it("a refused issuer account or IRA request puts what it names on the form field, and the page's ids on its state", async () => {
    const { client } = makeClient();
    const refusedWith = async (errors: string, call: () => Promise<unknown>) => {
      handler = (_s, res) =>
        json(res, 200, {
          statusCode: '106',
          statusDesc: 'Data/parameter missing',
          'Error(s)': errors,
        });
      return (await call().catch((e: unknown) => e)) as UpstreamError;
    };
    const issuerAccount = () =>
      createIssuerAccount(client, {
        issuerId: '1120',
        companyName: 'Acme Holdings LLC',
        companyState: 'DE',
        issuingCountry: 'US',
        requesterIp: '127.0.0.1',
        companyTaxId: '123456789',
      });
    const taxId = await refusedWith(
      '<br />companyTaxID&nbsp;&nbsp; : Invalid tax id',
      issuerAccount,
    );
    expect(taxId).toMatchObject({ refusal: 'request' });
    expect(taxId.fields).toEqual([{ field: 'companyTaxId', message: 'Invalid tax id' }]);
    const issuer = await refusedWith(
      '<br />issuerId&nbsp;&nbsp; : Issuer is not approved',
      issuerAccount,
    );
    expect(issuer).toMatchObject({ refusal: 'state' });

    const supplement = () =>
      addCustodyAccountSupplement(client, {
        accountId: 'A1',
        maritalStatus: 'married',
        mailingAddress: {
          line1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zipCode: '73301',
          country: 'US',
        },
        holdings: [{ firmName: 'Old Bank', accountNumber: '12345678' }],
      });
    const zip = await refusedWith(
      '<br />mailingZipCode&nbsp;&nbsp; : Invalid zip code',
      supplement,
    );
    expect(zip.fields).toEqual([{ field: 'mailing.zipCode', message: 'Invalid zip code' }]);
    const firm = await refusedWith('<br />bankFirmName1&nbsp;&nbsp; : Unknown firm', supplement);
    expect(firm.fields).toEqual([
      { field: 'funding.currentHolding.firmName', message: 'Unknown firm' },
    ]);
    const account = await refusedWith(
      '<br />accountId&nbsp;&nbsp; : Account is closed',
      supplement,
    );
    expect(account).toMatchObject({ refusal: 'state' });
  });

  it('110 on the custody account read names custody_account.read.pii_medium (§5 rule 10)', async () => {
    handler = (_s, res) =>
      json(res, 200, { statusCode: '110', statusDesc: 'You do not have the required permissions' });
    const { client } = makeClient();
    await expect(getCustodyAccount(client, { accountId: 'A1' })).rejects.toMatchObject({
      kind: 'permission',
      permission: 'custody_account.read.pii_medium',
      submitted: 'no',
    });
  });

  it('106 under HTTP 200 with HTML in Error(s) becomes a clean rejection (real-world notes §5)', async () => {
    handler = (_s, res) =>
      json(res, 200, {
        'Error(s)':
          '<br />tradeIdu0026nbsp;u0026nbsp; : Missing<br />accountIdu0026nbsp;u0026nbsp; : Missing',
        statusCode: '106',
        statusDesc: 'Data/parameter missing',
      });
    const { client } = makeClient();
    const error = (await client.send(write).catch((e: unknown) => e)) as UpstreamError;
    expect(error).toMatchObject({
      kind: 'rejected',
      statusCode: '106',
      submitted: 'no',
      httpStatus: 200,
    });
    // The log reads the code, never the platform's words (they may echo what was sent); the
    // person reads that it reached the platform, was refused and changed nothing, and what it
    // named.
    expect(error.userMessage).toBe(
      'The platform refused it; nothing was changed. It did not accept tradeId: Missing; accountId: Missing.',
    );
    expect(error.reason).toBe('It did not accept tradeId: Missing; accountId: Missing.');
    expect(error.message).toBe('createTrade: 106: refused');
    expect(error.upstreamText).toContain('Data/parameter missing');
    // The words are not among what a logger writes of an error (its enumerable properties).
    const written = Object.keys(error);
    for (const words of ['userMessage', 'reason', 'fields', 'upstreamText']) {
      expect(written).not.toContain(words);
    }
    expect(written).toEqual(expect.arrayContaining(['kind', 'operation', 'statusCode']));
  });

  it("a bare 106 names nothing the person entered: a state, in the portal's words, never its statusDesc (real-world notes §5)", async () => {
    handler = (_s, res) =>
      json(res, 200, { statusCode: '106', statusDesc: 'Data/parameter missing' });
    const { client } = makeClient();
    const error = (await fundCustodyAccount(client, {
      accountId: 'A1',
      amount: '63.00',
    }).catch((e: unknown) => e)) as UpstreamError;
    expect(error).toMatchObject({ kind: 'rejected', submitted: 'no', refusal: 'state' });
    expect(error.userMessage).toBe(
      'The platform refused it; nothing was changed. It named nothing in the request that it could not accept.',
    );
    expect(error.userMessage).not.toMatch(/Data\/parameter missing|Nothing was submitted/);
    // A number the platform writes with six decimals reads as a person writes it.
    handler = (_s, res) =>
      json(res, 200, {
        statusCode: '106',
        statusDesc: 'Data/parameter missing',
        'Error(s)': '<br />amount&nbsp;&nbsp; : Must be at most 5.000000 or 12.500000, not 100.50',
      });
    const amount = (await fundCustodyAccount(client, {
      accountId: 'A1',
      amount: '100.50',
    }).catch((e: unknown) => e)) as UpstreamError;
    expect(amount.fields).toEqual([
      { field: 'amount', message: 'Must be at most 5 or 12.5, not 100.50' },
    ]);
    expect(amount.reason).toBe('It did not accept amount: Must be at most 5 or 12.5, not 100.50.');
    // A code real traffic shows is said in the portal's words.
    handler = (_s, res) =>
      json(res, 200, { statusCode: '210', statusDesc: 'ACH request already sent this trade.' });
    const sent = (await client.send(write).catch((e: unknown) => e)) as UpstreamError;
    expect(sent.userMessage).toBe(
      'The platform refused it; nothing was changed. Its reason: the ACH request for this trade was already sent.',
    );
  });

  it('14xx with HTTP 4xx and a null payload: 1404 → not_found, 1400 → rejected (real-world notes §2)', async () => {
    handler = (s, res) =>
      s.body.includes('missing')
        ? json(res, 404, {
            statusCode: '1404',
            statusDesc: 'Resource not found: account ID does not exist',
            custodyTransaction: null,
          })
        : json(res, 400, {
            statusCode: '1400',
            statusDesc: 'Bad request: invalid account ID',
            custodyTransaction: null,
          });
    const { client } = makeClient();
    await expect(client.send({ ...read, body: { accountId: 'missing' } })).rejects.toMatchObject({
      kind: 'not_found',
      statusCode: '1404',
      httpStatus: 404,
    });
    await expect(client.send({ ...read, body: { accountId: 'bad' } })).rejects.toMatchObject({
      kind: 'rejected',
      statusCode: '1400',
      httpStatus: 400,
    });
    // 4xx answers are not retried: the upstream answered.
    expect(seen).toHaveLength(2);
  });

  it('148 (account not found) is not_found; a number statusCode is read as text (§7)', async () => {
    handler = (_s, res) =>
      json(res, 200, { statusCode: 148, statusDesc: 'Account is not exist/active.' });
    const { client } = makeClient();
    await expect(getAccount(client, { accountId: 'A0' })).rejects.toMatchObject({
      kind: 'not_found',
      statusCode: '148',
      userMessage: 'Not found: Account is not exist/active.',
    });
  });

  it('getSecurityMarketHours: a 106 naming securityId is "no such security" (not_found); one naming nothing stays rejected (real-world notes §4.2, §5)', async () => {
    handler = (s, res) =>
      json(
        res,
        200,
        s.body.includes('"999"')
          ? {
              statusCode: '106',
              statusDesc: 'Data/parameter missing',
              'Error(s)': '<br />securityIdu0026nbsp;u0026nbsp; : Security does not exist',
            }
          : { statusCode: '106', statusDesc: 'Data/parameter missing' },
      );
    const { client } = makeClient();
    await expect(getSecurityMarketHours(client, '999')).rejects.toMatchObject({
      kind: 'not_found',
      statusCode: '106',
      submitted: 'no',
      userMessage: 'Not found: no security 999 exists on the platform.',
    });
    await expect(getSecurityMarketHours(client, '42')).rejects.toMatchObject({
      kind: 'rejected',
      statusCode: '106',
    });
  });

  it('malformed JSON is bad_response with the raw body logged redacted and truncated', async () => {
    const raw = `{"statusCode":"101","developerAPIKey":"${API_KEY}", ${'x'.repeat(5000)}`;
    handler = (_s, res) => json(res, 200, raw);
    const { client, log } = makeClient();
    await expect(client.send(read)).rejects.toMatchObject({
      kind: 'bad_response',
      submitted: 'no',
    });
    const line = log.lines.find((entry) => entry.level === 'error');
    const rawBody = (line?.obj as { rawBody: string }).rawBody;
    expect(rawBody).toContain('"statusCode":"101"');
    expect(rawBody).not.toContain(API_KEY);
    expect(rawBody.length).toBeLessThan(2100);
    expect(seen).toHaveLength(1);
  });

  it('a write whose answer cannot be understood has an unknown outcome', async () => {
    handler = (_s, res) => json(res, 200, '<html>oops</html>');
    const { client } = makeClient();
    await expect(client.send(write)).rejects.toMatchObject({
      kind: 'bad_response',
      submitted: 'unknown',
    });
  });

  it('cleans entities, proper and mangled', () => {
    expect(cleanUpstreamText('partyId&nbsp;&nbsp; : Missing')).toBe('partyId: Missing');
    expect(cleanUpstreamText('issuerId : u0026nbsp;Numeric values only')).toBe(
      'issuerId: Numeric values only',
    );
    expect(cleanUpstreamText('<b>A &amp; B</b> &#39;x&#39;')).toBe("A & B 'x'");
  });
});

describe('retries, timeouts and dropped connections (architecture decisions 9, 10)', () => {
  it('retries a read after a 5xx and succeeds', async () => {
    let count = 0;
    handler = (_s, res) => {
      count += 1;
      if (count === 1) json(res, 503, 'busy');
      else json(res, 200, { statusCode: '101', statusDesc: 'Ok' });
    };
    const { client } = makeClient();
    await expect(client.send(read)).resolves.toMatchObject({ statusCode: '101' });
    expect(seen).toHaveLength(2);
    expect(client.stats()).toMatchObject({ calls: 2, retries: 1, inFlight: 0 });
  });

  it('a read that times out is retried readRetries times, then fails with submitted "no"', async () => {
    handler = () => {
      /* never answers */
    };
    const { client } = makeClient({ timeoutMs: 80, readRetries: 2 });
    const error = (await client.send(read).catch((e: unknown) => e)) as UpstreamError;
    expect(error).toMatchObject({ kind: 'timeout', submitted: 'no' });
    expect(seen).toHaveLength(3);
  });

  it('a write is never retried: 5xx gives unavailable with an unknown outcome', async () => {
    handler = (_s, res) => json(res, 502, { statusCode: '500' });
    const { client } = makeClient({ readRetries: 3 });
    await expect(client.send(write)).rejects.toMatchObject({
      kind: 'unavailable',
      submitted: 'unknown',
    });
    expect(seen).toHaveLength(1);
  });

  it('what the person is told: a retry only where nothing can have moved', async () => {
    handler = (_s, res) => json(res, 502, { statusCode: '500' });
    const { client } = makeClient({ readRetries: 0 });
    const failedWrite = (await client.send(write).catch((e: unknown) => e)) as UpstreamError;
    // Money may have moved: the one advice is to check, never to try again.
    expect(failedWrite.userMessage).toBe(
      'The service is unavailable right now. We could not confirm whether your request was submitted; check before trying again.',
    );
    const failedRead = (await client.send(read).catch((e: unknown) => e)) as UpstreamError;
    // A read submits nothing, so it does not speak of submitting.
    expect(failedRead.userMessage).toBe(
      'The service is unavailable right now. Please try again in a moment.',
    );
    handler = (_s, res) => json(res, 200, { statusCode: '106', statusDesc: 'Invalid amount' });
    const refusedRead = (await client.send(read).catch((e: unknown) => e)) as UpstreamError;
    expect(refusedRead.userMessage).toBe(
      'The platform refused the request. It named nothing in the request that it could not accept.',
    );
  });

  it('a write that times out after sending is "unknown", sent once', async () => {
    handler = () => {};
    const { client } = makeClient({ timeoutMs: 80 });
    const error = (await client.send(write).catch((e: unknown) => e)) as UpstreamError;
    expect(error).toMatchObject({ kind: 'timeout', submitted: 'unknown' });
    expect(error.userMessage).toMatch(/could not confirm/);
    expect(seen).toHaveLength(1);
  });

  it('a write still queued for a connection when it times out is "no", and is never sent', async () => {
    // One connection, held by a first write the server does not answer yet: the second write
    // waits in the pool, times out there, and must not go out once the connection frees up.
    let release = () => {};
    handler = (s, res) => {
      if (s.body.includes('held')) release = () => json(res, 200, { statusCode: '101' });
      else json(res, 200, { statusCode: '101' });
    };
    const { client } = makeClient({ maxSockets: 1, timeoutMs: 1_000 });
    const held = client.send({ ...write, body: { note: 'held' }, timeoutMs: 5_000 });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    const queued = (await client
      .send({ ...write, body: { note: 'queued' }, timeoutMs: 50 })
      .catch((e: unknown) => e)) as UpstreamError;
    expect(queued).toMatchObject({ kind: 'timeout', submitted: 'no' });
    release();
    await held;
    // A later read goes out on the freed connection; the queued write went before it or never.
    await client.send({ ...read, body: { note: 'after' } });
    expect(seen.map((s) => JSON.parse(s.body) as { note: string })).toEqual([
      { note: 'held' },
      { note: 'after' },
    ]);
  });

  it('an answer over 10 MB is not read to its end: a bad response, and a write stays "unknown"', async () => {
    handler = (_s, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"statusCode":"101","padding":"${'x'.repeat(11 * 1024 * 1024)}"}`);
    };
    // The size bound is what is tried, not the timeout: on a busy machine 11 MB can take longer
    // than the other tests' second to arrive, and a timeout is another outcome.
    const { client, log } = makeClient({ timeoutMs: 60_000 });
    await expect(client.send(write)).rejects.toMatchObject({
      kind: 'bad_response',
      submitted: 'unknown',
    });
    expect(log.lines.some((l) => l.level === 'error')).toBe(true);
  });
  it('a write whose connection drops after sending is "unknown"', async () => {
    handler = (_s, _res, req) => req.socket.destroy();
    const { client } = makeClient();
    await expect(client.send(write)).rejects.toMatchObject({
      kind: 'unavailable',
      submitted: 'unknown',
    });
    expect(seen).toHaveLength(1);
  });

  it('a write refused before connecting is "no"', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { client } = makeClient({ baseUrl: `http://127.0.0.1:${port}` });
    await expect(client.send(write)).rejects.toMatchObject({
      kind: 'unavailable',
      submitted: 'no',
    });
  });

  it('a write after the client closed is "no", sent nothing, and leaves no timer behind', async () => {
    // A destroyed pool (at shutdown) refuses inside dispatch: the refusal must read as a
    // transport failure before connecting, not as an unexplained error with its timeout still set.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { client } = makeClient();
      client.close();
      // Nothing was sent: the portal's sentence pair, why and what to do, each also on its own
      // for the register, and no "Nothing was submitted" (the outcome says so).
      await expect(client.send(write)).rejects.toMatchObject({
        kind: 'unavailable',
        submitted: 'no',
        userMessage:
          'The service could not be reached. Nothing in your request needs to change: send it again in a moment.',
        reason: 'The service could not be reached.',
        nextStep: 'Nothing in your request needs to change: send it again in a moment.',
      });
      expect(vi.getTimerCount()).toBe(0);
      expect(seen).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most maxSockets requests in flight, at most half of them one operation’s, and reports in-flight calls', async () => {
    // The server holds every answer until the test opens the gate, so the bound is seen while
    // it holds: two requests of each operation reach the server, the other eight wait in the
    // client.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    handler = (_s, res) => void gate.then(() => json(res, 200, { statusCode: '101' }));
    const { client } = makeClient({ maxSockets: 4 });
    const calls = [
      ...Array.from({ length: 6 }, () => client.send(read)),
      ...Array.from({ length: 6 }, () => client.send(orderRead)),
    ];
    await vi.waitFor(() => expect(seen).toHaveLength(4));
    expect(client.stats().inFlight).toBe(12);
    expect(active).toBe(4);
    expect(seen.filter((s) => s.url.endsWith('/getOrder'))).toHaveLength(2);
    open();
    await Promise.all(calls);
    expect(maxActive).toBe(4);
    expect(client.stats()).toMatchObject({ calls: 12, inFlight: 0 });
  });

  it('an operation that answers slowly holds at most half the connections: another operation’s call goes out at once', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    handler = (s, res) =>
      s.url.endsWith('/getOrder')
        ? void gate.then(() => json(res, 200, { statusCode: '101' }))
        : json(res, 200, { statusCode: '101' });
    const { client } = makeClient({ maxSockets: 4, timeoutMs: 5_000 });
    const slow = Array.from({ length: 8 }, () => client.send(orderRead));
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    // Every getOrder call is still waiting; the account read finds a connection and its answer.
    await expect(client.send(read)).resolves.toMatchObject({ statusCode: '101' });
    expect(seen.filter((s) => s.url.endsWith('/getOrder'))).toHaveLength(2);
    open();
    await Promise.all(slow);
    expect(seen.filter((s) => s.url.endsWith('/getOrder'))).toHaveLength(8);
  });

  it('a call still waiting for a connection slot when its time is up fails unsent, and its breaker does not count it', async () => {
    let release = () => {};
    handler = (s, res) => {
      if (s.body.includes('held')) release = () => json(res, 200, { statusCode: '101' });
      else json(res, 200, { statusCode: '101' });
    };
    // One connection, so one slot for getOrder: held by a first call the server keeps waiting.
    // A circuit that counted the second call's wait would open on it (one failure in one call).
    const { client } = makeClient({
      maxSockets: 1,
      readRetries: 0,
      breaker: { failureRate: 0.5, windowMs: 1_000, minimumRps: 1, halfOpenAfterMs: 2_000 },
    });
    const held = client.send({ ...orderRead, body: { note: 'held' }, timeoutMs: 5_000 });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    const queued = (await client
      .send({ ...orderRead, body: { note: 'queued' }, timeoutMs: 50 })
      .catch((e: unknown) => e)) as UpstreamError;
    expect(queued).toMatchObject({ kind: 'timeout', submitted: 'no' });
    expect(client.stats().breakers.getOrder).toBe('closed');
    release();
    await held;
    expect(seen.map((s) => JSON.parse(s.body) as { note: string })).toEqual([{ note: 'held' }]);
  });
});

describe('circuit breakers, one per operation', () => {
  // Only Date is faked: sockets and the local server run as usual, the breaker's clock moves.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const breaker = { failureRate: 0.5, windowMs: 1_000, minimumRps: 3, halfOpenAfterMs: 2_000 };

  it('opens on a failure rate over the window, fails fast, half-opens after the pause and closes on success', async () => {
    let healthy = false;
    handler = (_s, res) =>
      healthy ? json(res, 200, { statusCode: '101' }) : json(res, 500, 'down');
    const { client, log } = makeClient({ readRetries: 0, breaker });
    // Three calls make the minimum volume of the window (3 per second over 1 s); all failed.
    for (let i = 0; i < 3; i += 1) {
      await expect(client.send(readOfAnother())).rejects.toMatchObject({ kind: 'unavailable' });
    }
    expect(client.stats().breakers.getAccount).toBe('open');
    await expect(client.send(read)).rejects.toMatchObject({
      kind: 'circuit_open',
      submitted: 'no',
    });
    expect(seen).toHaveLength(3);
    expect(log.lines.some((l) => l.msg === 'breaker getAccount open')).toBe(true);

    vi.setSystemTime(Date.now() + 2_001);
    // A failed probe opens the circuit again.
    await expect(client.send(readOfAnother())).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(client.send(read)).rejects.toMatchObject({ kind: 'circuit_open' });

    vi.setSystemTime(Date.now() + 2_001);
    healthy = true;
    const payload = await client.send(read);
    expect(payload).toMatchObject({ statusCode: '101' });
    // The verdict on the answer (here: it matches) settles the probe.
    client.reportAnswer?.(payload, true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(client.stats().breakers.getAccount).toBe('closed');
    expect(log.lines.some((l) => l.msg === 'breaker getAccount closed')).toBe(true);
    expect(seen).toHaveLength(5);
  });

  it('a read whose retry finds the circuit opened by timeouts says it timed out, not that the service is unavailable', async () => {
    handler = () => {
      /* never answers */
    };
    // Two reads' timed-out attempts make the window's volume (2 per second over 1 s), both
    // failed; the first read's retries are the same call again, counted once.
    const { client } = makeClient({
      timeoutMs: 80,
      readRetries: 2,
      breaker: { ...breaker, minimumRps: 2 },
    });
    await expect(client.send(readOfAnother())).rejects.toMatchObject({ kind: 'timeout' });
    expect(seen).toHaveLength(3);
    const error = (await client.send(readOfAnother()).catch((e: unknown) => e)) as UpstreamError;
    expect(seen).toHaveLength(4);
    expect(error).toMatchObject({ kind: 'timeout', submitted: 'no' });
    expect(error.userMessage).toBe(
      'The service did not answer in time. Please try again in a moment.',
    );
  });

  it('a call refused by a circuit its timeouts opened says the service has not been answering in time', async () => {
    handler = () => {
      /* never answers */
    };
    const { client } = makeClient({ timeoutMs: 80, readRetries: 0, breaker });
    for (let i = 0; i < 3; i += 1) {
      await expect(client.send(readOfAnother())).rejects.toMatchObject({ kind: 'timeout' });
    }
    const refused = (await client.send(read).catch((e: unknown) => e)) as UpstreamError;
    expect(refused).toMatchObject({ kind: 'circuit_open', submitted: 'no' });
    expect(refused.userMessage).toBe(
      'The service has not been answering in time. Please try again in a moment.',
    );
  });

  it('stays closed while most calls succeed: a partly failing operation keeps serving', async () => {
    let n = 0;
    handler = (_s, res) =>
      (n += 1) % 3 === 0 ? json(res, 500, 'down') : json(res, 200, { statusCode: '101' });
    const { client } = makeClient({ readRetries: 0, breaker });
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => client.send(read)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(8);
    expect(client.stats().breakers.getAccount).toBe('closed');
  });

  it('a failing operation never short-circuits another one', async () => {
    handler = (s, res) =>
      s.url.endsWith('/createTrade')
        ? json(res, 503, 'down')
        : json(res, 200, { statusCode: '101' });
    const { client } = makeClient({ readRetries: 0, breaker });
    for (let i = 0; i < 4; i += 1) await client.send(write).catch(() => {});
    expect(client.stats().breakers.createTrade).toBe('open');
    await expect(client.send(read)).resolves.toMatchObject({ statusCode: '101' });
    expect(client.stats().breakers.getAccount).toBe('closed');
  });

  it('counts answers that do not match the document as failures', async () => {
    // A 101 answer without the account object getAccount must carry (§4.10).
    handler = (_s, res) => json(res, 200, { statusCode: '101', statusDesc: 'Ok' });
    const { client } = makeClient({ readRetries: 0, breaker });
    for (const accountId of ['A1040000', 'A1040001', 'A1040002']) {
      await expect(getAccount(client, { accountId })).rejects.toMatchObject({
        kind: 'bad_response',
      });
    }
    expect(client.stats().breakers.getAccount).toBe('open');
  });

  it('one record failing again and again never opens the circuit for the others', async () => {
    // The platform cannot serve one account: each read of it fails, from every page that shows
    // it and from each retry. That is one failure a window, whatever the traffic.
    handler = (s, res) =>
      s.body.includes('A1040346') ? json(res, 503, 'down') : json(res, 200, { statusCode: '101' });
    const { client } = makeClient({ readRetries: 2, breaker });
    const broken = { ...read, body: { accountId: 'A1040346' } };
    for (let i = 0; i < 4; i += 1) {
      await expect(client.send(broken)).rejects.toMatchObject({ kind: 'unavailable' });
    }
    expect(seen).toHaveLength(12);
    expect(client.stats().breakers.getAccount).toBe('closed');
    await expect(client.send({ ...read, body: { accountId: 'A1040000' } })).resolves.toMatchObject({
      statusCode: '101',
    });
  });

  it('rejections (4xx, 106) do not count as failures', async () => {
    handler = (_s, res) =>
      json(res, 200, { statusCode: '106', statusDesc: 'Data/parameter missing' });
    const { client } = makeClient({ breaker });
    for (let i = 0; i < 4; i += 1) {
      await expect(client.send(read)).rejects.toMatchObject({ kind: 'rejected' });
    }
    expect(client.stats().breakers.getAccount).toBe('closed');
  });
});
