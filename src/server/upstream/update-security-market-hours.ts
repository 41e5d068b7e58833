import { z } from 'zod';
import {
  weekdays,
  type SecurityHours,
  type SecurityHoursUpdate,
} from '../../contract/market-hours';
import { legacyWrite, type UpstreamClient, type UpstreamRequest, type WireValue } from './client';
import { normalizeWeekHours, rawWeekHoursSchema } from './market-hours-wire';
import { sendAndDecode, looseObject, wireId, wireOne } from './wire';

/**
 * §4.14: request fields are `<day>HoursStart`/`<day>HoursEnd` (HH:mm, US Eastern) and
 * `<day>Closed` = yes when closed. With hours the flag is `no` ("the value no is also sent"): a
 * day closed before is opened by saying so, not left to the platform to infer from the hours.
 * Labelled GET but invoked with POST. An update: sent once, never retried.
 */
function buildUpdateSecurityHoursRequest(input: SecurityHoursUpdate): UpstreamRequest {
  const body: Record<string, WireValue> = { securityId: input.securityId };
  for (const day of weekdays) {
    const change = input.days[day];
    if (!change) continue;
    if (change.closed) body[`${day}Closed`] = 'yes';
    else {
      body[`${day}HoursStart`] = change.open;
      body[`${day}HoursEnd`] = change.close;
      body[`${day}Closed`] = 'no';
    }
  }
  return legacyWrite('updateSecurityMarketHours', body);
}

export const rawSecurityHoursSchema = z.object({
  // One object (§2.8); a one-element list is read as that object.
  securityHoursDetails: wireOne(
    z.intersection(looseObject({ securityId: wireId }), rawWeekHoursSchema),
  ),
});

export async function updateSecurityMarketHours(
  client: UpstreamClient,
  input: SecurityHoursUpdate,
): Promise<SecurityHours> {
  const request = buildUpdateSecurityHoursRequest(input);
  return sendAndDecode(client, request, rawSecurityHoursSchema, (raw) => ({
    securityId: raw.securityHoursDetails.securityId,
    days: normalizeWeekHours(raw.securityHoursDetails),
  }));
}
