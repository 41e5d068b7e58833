import type { SecurityHours } from '../../contract/market-hours';
import { legacyRead, type UpstreamClient } from './client';
import { isUpstreamError, UpstreamError } from './errors';
import { normalizeWeekHours } from './market-hours-wire';
import { rawSecurityHoursSchema } from './update-security-market-hours';
import { sendAndDecode } from './wire';

/**
 * getSecurityMarketHours: not in the interface document but seen in real traffic (real-world
 * notes §4.2): `securityId` → `securityHoursDetails`, the same record as §2.8. A read.
 *
 * How an unknown security is answered is shown nowhere: §7 leaves validation failures out, no
 * legacy "does not exist" code names securities (real-world notes §5 has 136 for issuers, 138
 * for offerings), and 106 answers missing or invalid parameters everywhere, naming each in
 * `Error(s)` (real-world notes §5). securityId is the one parameter this read sends (and never
 * empty: the contract refuses that first), so a refusal naming it says there is no such
 * security: it is `not_found`, as the "does not exist" codes are, and a caller can tell it from
 * a fault. A refusal naming no parameter stays `rejected`: it does not say what was wrong.
 */
export async function getSecurityMarketHours(
  client: UpstreamClient,
  securityId: string,
): Promise<SecurityHours> {
  const request = {
    ...legacyRead('getSecurityMarketHours', { securityId }),
    fieldsEntered: { securityId: 'securityId' },
  };
  try {
    return await sendAndDecode(client, request, rawSecurityHoursSchema, (raw) => ({
      securityId: raw.securityHoursDetails.securityId,
      days: normalizeWeekHours(raw.securityHoursDetails),
    }));
  } catch (err) {
    if (refusesOnlySecurityId(err)) {
      throw new UpstreamError({
        kind: 'not_found',
        submitted: 'no',
        operation: err.operation,
        statusCode: err.statusCode,
        httpStatus: err.httpStatus,
        message: err.message,
        userMessage: `Not found: no security ${securityId} exists on the platform.`,
        cause: err,
      });
    }
    throw err;
  }
}

function refusesOnlySecurityId(err: unknown): err is UpstreamError {
  return (
    isUpstreamError(err) &&
    err.kind === 'rejected' &&
    err.fields?.length === 1 &&
    err.fields[0].field === 'securityId'
  );
}
