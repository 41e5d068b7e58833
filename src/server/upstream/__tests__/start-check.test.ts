import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUpstreamClient } from '../client';
import { upstreamStartWarning } from '../start-check';

/*
 * What the console says at start-up about the real platform (§4.16 ping): nothing when it answers,
 * the variable to check when it cannot be reached or refuses the portal's credentials (§5 rule 8).
 */

let answer: Record<string, unknown> = { statusCode: '101', statusDesc: 'Ok' };
let server: http.Server;
let baseUrl: string;
const clients: { close(): void }[] = [];
const quiet = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tapiv3`;
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function clientOf(url: string) {
  const client = createUpstreamClient({
    baseUrl: url,
    clientId: 'client-1',
    apiKey: 'key-1',
    auth: 'header',
    timeoutMs: 1_000,
    readRetries: 0,
    logger: quiet,
  });
  clients.push(client);
  return client;
}

describe('the upstream check at start-up', () => {
  it('says nothing when the platform answers ping', async () => {
    answer = { statusCode: '101', statusDesc: 'Ok' };
    expect(await upstreamStartWarning(clientOf(baseUrl), baseUrl, 'header')).toBeNull();
  });

  it('names the client id and key when the platform refuses the credentials (103)', async () => {
    answer = { statusCode: '103', statusDesc: 'Invalid developer API Key' };
    const warning = await upstreamStartWarning(clientOf(baseUrl), baseUrl, 'header');
    expect(warning).toBe(
      `Warning: the platform at ${baseUrl} (TRANSACT_BASE_URL) refused the portal's credentials (Invalid developer API Key): check TRANSACT_CLIENT_ID and TRANSACT_API_KEY, and, where the platform offers no header authentication, set TRANSACT_AUTH=body. The portal runs, but pages that read from the platform fail until this is fixed.`,
    );
    // Sent in the body already, the credentials themselves are what is left to check.
    expect(await upstreamStartWarning(clientOf(baseUrl), baseUrl, 'body')).toMatch(
      /check TRANSACT_CLIENT_ID and TRANSACT_API_KEY\. The portal runs/,
    );
  });

  it('names the base URL when nothing answers there', async () => {
    // A port that was just free: connecting to it is refused at once.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = `http://127.0.0.1:${port}`;
    const warning = await upstreamStartWarning(clientOf(nowhere), nowhere, 'header');
    expect(warning).toMatch(
      new RegExp(
        `^Warning: the platform at http://127\\.0\\.0\\.1:${port} \\(TRANSACT_BASE_URL\\) could not be reached \\(.*ECONNREFUSED.*\\): check TRANSACT_BASE_URL, or start the platform\\.`,
      ),
    );
  });

  it('names the base URL when something else answers there', async () => {
    answer = { hello: 'world' };
    const warning = await upstreamStartWarning(clientOf(baseUrl), baseUrl, 'header');
    expect(warning).toMatch(
      /did not answer ping as the Transact API does .*check TRANSACT_BASE_URL/,
    );
  });
});
