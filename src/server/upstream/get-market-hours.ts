import { z } from 'zod';
import type { GlobalMarketHours } from '../../contract/market-hours';
import type { UpstreamClient, UpstreamRequest } from './client';
import { normalizeWeekHours, rawWeekHoursSchema } from './market-hours-wire';
import { sendAndDecode, wireOne } from './wire';

/** §4.13: credentials only. */
function buildMarketHoursRequest(): UpstreamRequest {
  return { operation: 'getMarketHours', method: 'POST', effect: 'read', body: {} };
}

/** §4.13: one object; a one-element list is read as that object. */
const rawMarketHoursSchema = z.object({ globalMarketHours: wireOne(rawWeekHoursSchema) });

export async function getMarketHours(client: UpstreamClient): Promise<GlobalMarketHours> {
  const request = buildMarketHoursRequest();
  return sendAndDecode(client, request, rawMarketHoursSchema, (raw) =>
    normalizeWeekHours(raw.globalMarketHours),
  );
}
