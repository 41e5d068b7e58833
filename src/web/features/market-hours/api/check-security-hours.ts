import type { WeekHoursInput } from '../../../../contract/rules/market-hours';
import {
  securityHoursCheckResponseSchema,
  securityHoursCheckSchema,
  type SecurityHoursCheck,
} from '../../../../contract/security-hours';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/**
 * Checks a save whose answer was lost: the BFF reads the hours the platform holds afresh, says
 * whether they are those asked for, and records the finding in the audit log. Outside the query
 * and its cache: a failed check must not turn the page's form into an error, and a check must not
 * reset the form, which still holds what the person asked for.
 */
export const checkSecurityHours = (
  securityId: string,
  asked: WeekHoursInput,
  attempt: string | undefined,
) => {
  // An id that is not the BFF's (an answer from a proxy in between) names no save: the check
  // goes without it rather than be refused for it.
  const named = securityHoursCheckSchema.shape.attempt.safeParse(attempt);
  const body: SecurityHoursCheck =
    named.success && named.data ? { asked, attempt: named.data } : { asked };
  return api.post(apiPaths.securityHoursCheck(securityId), {
    body,
    schema: securityHoursCheckResponseSchema,
  });
};
