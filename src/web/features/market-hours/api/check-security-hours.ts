import type { WeekHoursInput } from '../../../../contract/rules/market-hours';
import {
  securityHoursCheckResponseSchema,
  securityHoursCheckSchema,
  type SecurityHoursCheck,
} from '../../../../contract/security-hours';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/**
 * Which lost save a check settles: by the support id its warning showed, right after the save, or
 * by its id in the changes list, from there after a reload.
 */
export type LostSave = { attempt?: string; change?: string };

/**
 * Checks a save whose answer was lost: the BFF reads the hours the platform holds afresh, says
 * whether they are those asked for, and records the finding in the audit log. Outside the query
 * and its cache: a failed check must not turn the page's form into an error, and a check must not
 * reset the form, which still holds what the person asked for.
 */
export const checkSecurityHours = (securityId: string, asked: WeekHoursInput, lost: LostSave) => {
  // An id that is not the BFF's (an answer from a proxy in between) names no save: the check
  // goes without it rather than be refused for it.
  const named = securityHoursCheckSchema.shape.attempt.safeParse(lost.attempt);
  const body: SecurityHoursCheck = {
    asked,
    ...(named.success && named.data ? { attempt: named.data } : {}),
    ...(lost.change ? { change: lost.change } : {}),
  };
  return api.post(apiPaths.securityHoursCheck(securityId), {
    body,
    schema: securityHoursCheckResponseSchema,
  });
};
