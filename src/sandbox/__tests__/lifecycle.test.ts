/**
 * §3 transitions and §8 limits: the daily approval batch at 4:00 PM Mountain Time (DST-aware) alone
 * decides approvals; the sandbox clock drives pending → submitted → settled/returned/voided.
 */
import { describe, expect, it } from 'vitest';
import { nextBatchAfter, lastBatchAtOrBefore } from '../domain/batch-schedule.js';
import { startSandbox } from '../index.js';
import { SandboxClient } from './helpers.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('§8 approval batch schedule: 4:00 PM America/Denver', () => {
  it('is 22:00 UTC under daylight time and 23:00 UTC under standard time', () => {
    expect(iso(nextBatchAfter(Date.parse('2026-07-15T18:00:00Z')))).toBe(
      '2026-07-15T22:00:00.000Z',
    );
    expect(iso(nextBatchAfter(Date.parse('2026-01-15T18:00:00Z')))).toBe(
      '2026-01-15T23:00:00.000Z',
    );
  });

  it('follows the DST changes (second Sunday of March, first Sunday of November)', () => {
    expect(iso(nextBatchAfter(Date.parse('2026-03-07T23:30:00Z')))).toBe(
      '2026-03-08T22:00:00.000Z',
    );
    expect(iso(nextBatchAfter(Date.parse('2026-10-31T22:30:00Z')))).toBe(
      '2026-11-01T23:00:00.000Z',
    );
  });

  it('an instant exactly at the batch belongs to that batch; the next one is a day later', () => {
    const batch = Date.parse('2026-07-15T22:00:00Z');
    expect(lastBatchAtOrBefore(batch)).toBe(batch);
    expect(iso(nextBatchAfter(batch))).toBe('2026-07-16T22:00:00.000Z');
  });
});

async function withSandbox(now: string, run: (client: SandboxClient) => Promise<void>) {
  const sandbox = await startSandbox({ port: 0, dataDir: null, now: new Date(now) });
  try {
    await run(new SandboxClient(sandbox));
  } finally {
    await sandbox.close();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function moves(client: SandboxClient): Promise<any[]> {
  const r = await client.op('getCustodyFundMoves', {}, { query: { limit: '500' } });
  return r.body.custodyTransactions;
}

async function freeze(client: SandboxClient, at: string) {
  return client.control('POST', 'clock', { at, freeze: true });
}

describe('§3 fund-move lifecycle driven by the sandbox clock', () => {
  it('§3: approvals stay pending until the 4:00 PM MT batch (summer), then are decided', async () => {
    await withSandbox('2026-07-15T17:00:00Z', async (client) => {
      await freeze(client, '2026-07-15T17:00:00Z');
      const created = await client.op('fundCustodyAccount', {
        accountId: 'A1040000',
        amount: '50',
      });
      const ref = created.body['externalFundMove details'][1][0].referenceNumber;

      await freeze(client, '2026-07-15T21:59:59Z');
      let list = await moves(client);
      const pendingBefore = list.filter((m) => m.approvalStatus.toLowerCase() === 'pending');
      expect(pendingBefore.map((m) => m.referenceNumber)).toContain(ref);

      await client.control('POST', 'clock', { advanceMs: 2000 });
      list = await moves(client);
      expect(list.filter((m) => m.approvalStatus.toLowerCase() === 'pending')).toEqual([]);
      for (const before of pendingBefore) {
        const after = list.find((m) => m.referenceNumber === before.referenceNumber)!;
        const approval = after.approvalStatus.toLowerCase();
        expect(['approved', 'declined']).toContain(approval);
        expect(after.status.toLowerCase()).toBe(approval === 'approved' ? 'submitted' : 'declined');
        expect(after.updatedDate).toBe('2026-07-15 22:00:00');
      }
    });
  });

  it('§3 / §8: in winter the batch is 23:00 UTC, so 22:30 UTC decides nothing', async () => {
    await withSandbox('2026-01-15T18:00:00Z', async (client) => {
      await freeze(client, '2026-01-15T22:30:00Z');
      expect((await moves(client)).some((m) => m.approvalStatus.toLowerCase() === 'pending')).toBe(
        true,
      );
      await freeze(client, '2026-01-15T23:00:00Z');
      expect((await moves(client)).some((m) => m.approvalStatus.toLowerCase() === 'pending')).toBe(
        false,
      );
    });
  });

  it('§3: approved moves end settled, returned or voided one day after submission', async () => {
    await withSandbox('2026-07-15T17:00:00Z', async (client) => {
      await freeze(client, '2026-07-15T22:00:01Z');
      const submitted = (await moves(client)).filter((m) => m.status.toLowerCase() === 'submitted');
      expect(submitted.length).toBeGreaterThan(0);
      await client.control('POST', 'clock', { advanceMs: 24 * HOUR });
      const after = await moves(client);
      for (const s of submitted) {
        const now = after.find((m) => m.referenceNumber === s.referenceNumber)!;
        expect(['settled', 'returned', 'voided']).toContain(now.status.toLowerCase());
        expect(now.approvalStatus.toLowerCase()).toBe('approved');
      }
    });
  });

  it('§3: only the batch decides; nothing else (time passing before 4 PM, reads, new moves) does', async () => {
    await withSandbox('2026-07-15T15:00:00Z', async (client) => {
      await freeze(client, '2026-07-15T15:00:00Z');
      const before = (await moves(client)).filter(
        (m) => m.approvalStatus.toLowerCase() === 'pending',
      );
      await client.op('linkExternalAccount', { accountId: 'A1040173' });
      await client.op('fundCustodyAccount', { accountId: 'A1040173', amount: '10' });
      await freeze(client, '2026-07-15T21:00:00Z');
      const after = (await moves(client)).filter(
        (m) => m.approvalStatus.toLowerCase() === 'pending',
      );
      expect(after.length).toBe(before.length + 1);
    });
  });

  it('POST /__sandbox/batch/run runs the approval batch immediately', async () => {
    await withSandbox('2026-07-15T15:00:00Z', async (client) => {
      await freeze(client, '2026-07-15T15:00:00Z');
      const result = await client.control('POST', 'batch/run');
      expect(result.decided).toBeGreaterThan(0);
      expect((await moves(client)).some((m) => m.approvalStatus.toLowerCase() === 'pending')).toBe(
        false,
      );
    });
  });

  it('decisions are deterministic (same reference number, same decision, in another sandbox)', async () => {
    const outcomes: string[][] = [];
    for (let i = 0; i < 2; i++) {
      await withSandbox('2026-07-15T15:00:00Z', async (client) => {
        await freeze(client, '2026-07-17T00:00:00Z');
        outcomes.push(
          (await moves(client)).map((m) => `${m.referenceNumber}:${m.approvalStatus}:${m.status}`),
        );
      });
    }
    expect(outcomes[0]).toEqual(outcomes[1]);
    const statuses = new Set(outcomes[0].map((o) => o.split(':')[2].toLowerCase()));
    expect(statuses.has('settled')).toBe(true);
  });

  it('GET /__sandbox/clock reports the clock and the next batch', async () => {
    await withSandbox('2026-07-15T15:00:00Z', async (client) => {
      const view = await freeze(client, '2026-07-15T15:00:00Z');
      expect(view).toEqual({
        now: '2026-07-15T15:00:00.000Z',
        frozen: true,
        nextBatchAt: '2026-07-15T22:00:00.000Z',
      });
      expect(await client.control('GET', 'clock')).toEqual(view);
    });
  });
});
