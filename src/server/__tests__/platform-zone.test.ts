import { beforeAll, describe, expect, it } from 'vitest';
import { fundMoveViewPageSchema } from '../../contract/custody-views';
import { timelineSchema } from '../../contract/money-requests';
import { upstreamTimeToInstant } from '../../contract/time';
import { call, callSandbox, signIn, useHarness } from './harness';

/*
 * Fund-move times when the platform's zone (TRANSACT_TIME_ZONE) is not UTC. §2.9 documents them
 * zone-less, wall times of that zone; some answers carry ISO 8601 with a zone instead (real-world
 * notes §4.1). The zoned ones are instants: read again as New York wall times they would move by
 * five hours. The sandbox's oddRecord fault lays a zoned createdDate over one record.
 */

const ZONE = 'America/New_York';
let investor: string;
let accountA: string;

const h = useHarness({ env: { TRANSACT_TIME_ZONE: ZONE } });
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  [accountA] = h.manifest.investors[0].accountIds;
});

const instantOf = (value: string | null) =>
  (value && upstreamTimeToInstant(value, ZONE)?.getTime()) || 0;

/** A zoned time one minute before the account's newest fund move, planted on the first record. */
async function plantZonedTime(): Promise<string> {
  const res = await call(h.app, 'GET', `/api/accounts/${accountA}/fund-moves`, {
    cookie: investor,
  });
  const { moves } = fundMoveViewPageSchema.parse(res.json());
  expect(moves.length).toBeGreaterThan(2);
  expect(moves.every((move) => move.createdAt && !move.createdAt.endsWith('Z'))).toBe(true);
  const newest = Math.max(...moves.map((move) => instantOf(move.createdAt)));
  const planted = new Date(newest - 60_000).toISOString();
  await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
    operation: 'getCustodyFundMoves',
    oddRecord: { position: 0, fields: { createdDate: planted } },
    times: 1,
  });
  return planted;
}

describe('fund-move times in two forms, platform zone America/New_York', () => {
  it("an account's fund moves keep a zoned time as its instant and list newest first by instant", async () => {
    const planted = await plantZonedTime();
    const res = await call(h.app, 'GET', `/api/accounts/${accountA}/fund-moves`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(200);
    const { moves, skippedRecords } = fundMoveViewPageSchema.parse(res.json());
    expect(skippedRecords).toBe(0);
    expect(moves.filter((move) => move.createdAt === planted)).toHaveLength(1);
    const instants = moves.map((move) => instantOf(move.createdAt));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
  });

  it('the timeline places it by its instant and says it is one', async () => {
    const planted = await plantZonedTime();
    const res = await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(200);
    const { entries } = timelineSchema.parse(res.json());
    const zoned = entries.filter((entry) => entry.at === planted);
    expect(zoned).toHaveLength(1);
    expect(zoned[0].atZone).toBe('utc');
    const instants = entries.map((entry) => instantOf(entry.at));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
  });
});
