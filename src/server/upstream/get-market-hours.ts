import { z } from 'zod';
import type { GlobalMarketHours } from '../../contract/market-hours';
import { legacyRead, type UpstreamClient } from './client';
import { normalizeWeekHours, rawWeekHoursSchema } from './market-hours-wire';
import { sendAndDecode, wireOne } from './wire';

/** §4.13: one object; a one-element list is read as that object. */
const rawMarketHoursSchema = z.object({ globalMarketHours: wireOne(rawWeekHoursSchema) });

/** §4.13: credentials only. */
export async function getMarketHours(client: UpstreamClient): Promise<GlobalMarketHours> {
  const request = legacyRead('getMarketHours');
  return sendAndDecode(client, request, rawMarketHoursSchema, (raw) =>
    normalizeWeekHours(raw.globalMarketHours),
  );
}
