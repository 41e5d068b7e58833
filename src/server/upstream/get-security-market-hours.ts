import type { SecurityHours } from '../../contract/market-hours';
import { legacyRead, type UpstreamClient } from './client';
import { normalizeWeekHours } from './market-hours-wire';
import { rawSecurityHoursSchema } from './update-security-market-hours';
import { sendAndDecode } from './wire';

/**
 * getSecurityMarketHours: not in the interface document but seen in real traffic (real-world
 * notes §4.2): `securityId` → `securityHoursDetails`, the same record as §2.8. A read.
 */
export async function getSecurityMarketHours(
  client: UpstreamClient,
  securityId: string,
): Promise<SecurityHours> {
  const request = legacyRead('getSecurityMarketHours', { securityId });
  return sendAndDecode(client, request, rawSecurityHoursSchema, (raw) => ({
    securityId: raw.securityHoursDetails.securityId,
    days: normalizeWeekHours(raw.securityHoursDetails),
  }));
}
