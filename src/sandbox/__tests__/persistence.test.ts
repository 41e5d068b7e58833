/** State persists across restarts in its data folder, can be reset, and the seed has its volume. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../index.js';
import { readSnapshot } from '../state/store.js';
import { seedState } from '../state/seed.js';
import { OrderBook, ordersPerDay } from '../domain/orders.js';
import { SandboxClient } from './helpers.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The trade ids in an offering's purchase history (§4.9), as the sandbox answers it now. */
async function purchasedTradeIds(client: SandboxClient, offeringId: string): Promise<string[]> {
  const history = await client.op('getOfferingPurchaseHistory', { offeringId });
  return history.body['Offering purchased details'].offering_purchase_history.map(
    (t: { tradeId: string }) => t.tradeId,
  );
}

describe('persistence (dataDir)', () => {
  it('keeps mutations across a restart and forgets them after reset', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-'));
    dirs.push(dataDir);
    let sandbox = await startSandbox({ port: 0, dataDir });
    let client = new SandboxClient(sandbox);
    const created = await client.op('createTrade', {
      accountId: 'A1040000',
      offeringId: '5204',
      units: '2',
    });
    const tradeId = created.body.purchaseDetails[1][0].tradeId;
    await sandbox.close();
    expect((await readdir(dataDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect((await readSnapshot(dataDir)).trades.some((t) => t.tradeId === tradeId)).toBe(true);

    sandbox = await startSandbox({ port: 0, dataDir });
    client = new SandboxClient(sandbox);
    expect(await purchasedTradeIds(client, '5204')).toContain(tradeId);
    await client.control('POST', 'reset');
    await sandbox.close();

    sandbox = await startSandbox({ port: 0, dataDir });
    client = new SandboxClient(sandbox);
    expect(await purchasedTradeIds(client, '5204')).not.toContain(tradeId);
    await sandbox.close();
  });

  it('dataDir: null writes nothing', async () => {
    const sandbox = await startSandbox({ port: 0, dataDir: null });
    const client = new SandboxClient(sandbox);
    expect(
      (await client.op('createTrade', { accountId: 'A1040000', offeringId: '5204', units: '1' }))
        .body.statusCode,
    ).toBe('101');
    await sandbox.close();
  });
});

describe('seed data', () => {
  const now = Date.parse('2026-07-15T15:00:00Z');
  const state = seedState(now);

  it('is deterministic', () => {
    expect(JSON.stringify(seedState(now))).toBe(JSON.stringify(state));
  });

  it('has realistic volume: issuers, offerings, accounts, entities, trades', () => {
    expect(Object.keys(state.issuers).length).toBeGreaterThanOrEqual(3);
    const offerings = Object.values(state.offerings);
    expect(offerings.length).toBeGreaterThanOrEqual(8);
    expect(new Set(offerings.map((o) => o.offeringStatus)).size).toBeGreaterThanOrEqual(4);
    const accounts = Object.values(state.accounts);
    expect(accounts.length).toBeGreaterThanOrEqual(50);
    expect(new Set(accounts.map((a) => a.type))).toEqual(new Set(['Individual', 'Entity']));
    expect(Object.keys(state.entities).length).toBeGreaterThanOrEqual(10);
    expect(state.trades.length).toBeGreaterThanOrEqual(2000);
    const perOffering = new Map<string, number>();
    for (const t of state.trades)
      perOffering.set(t.offeringId, (perOffering.get(t.offeringId) ?? 0) + 1);
    expect(Math.max(...perOffering.values())).toBeGreaterThanOrEqual(2000);
    expect(perOffering.size).toBeGreaterThanOrEqual(5);
  });

  it('has custody accounts with fund moves in every status and approval status', () => {
    const moves = Object.values(state.fundMoves);
    expect(new Set(moves.map((m) => m.status))).toEqual(
      new Set(['pending', 'submitted', 'settled', 'returned', 'voided', 'declined']),
    );
    expect(new Set(moves.map((m) => m.approvalStatus))).toEqual(
      new Set(['pending', 'approved', 'declined']),
    );
    // Every demo account has its custody account but the second investor's third and fourth,
    // kept without one so that an IRA can be requested for them (§4.7).
    const [avery, jordan] = state.demo.investors;
    for (const id of [...avery.accountIds, ...jordan.accountIds.slice(0, 2)]) {
      expect(state.custodyAccounts[id]).toBeDefined();
    }
    for (const id of jordan.accountIds.slice(2)) expect(state.custodyAccounts[id]).toBeUndefined();
    for (const investor of state.demo.investors) {
      expect(
        moves.some(
          (m) => investor.accountIds.includes(m.accountId) && m.approvalStatus === 'pending',
        ),
      ).toBe(true);
    }
  });

  it('has securities of issuers with market hours and a busy order book on weekdays', () => {
    expect(state.securities.length).toBeGreaterThanOrEqual(5);
    for (const s of state.securities) {
      expect(state.issuers[s.issuerId]).toBeDefined();
      expect(state.securityHours[String(s.securityId)]).toBeDefined();
    }
    const book = new OrderBook({
      securities: () => state.securities,
      accountIds: () => Object.keys(state.accounts),
    });
    const thursday = Date.UTC(2026, 10, 19) / 86_400_000;
    const orders = book.day(thursday);
    expect(orders.length).toBeGreaterThanOrEqual(10_000);
    expect(ordersPerDay(thursday + 2)).toBe(0);
    expect(new Set(orders.map((o) => o.security_id)).size).toBe(state.securities.length);
    expect(orders.filter((o) => o.status === 'Executed').length).toBeGreaterThan(2000);
    expect(book.find(orders[1234].order_Id as number)).toEqual(orders[1234]);
  });
});
