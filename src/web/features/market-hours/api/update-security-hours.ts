import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WeekHours } from '../../../../contract/market-hours';
import type { WeekHoursInput } from '../../../../contract/rules/market-hours';
import {
  securityHoursResponseSchema,
  type SecurityHoursResponse,
} from '../../../../contract/security-hours';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { hoursChangesKey } from './get-hours-changes';
import { marketHoursKeys } from './get-market-hours';

/**
 * `hours` to set, and `expected`: the hours the person's edits started from, so the BFF refuses
 * (409) a save that would undo someone's change made since (docs/bff-api.md).
 */
type UpdateSecurityHours = { securityId: string; hours: WeekHoursInput; expected: WeekHours };

const updateSecurityHours = ({
  securityId,
  hours,
  expected,
}: UpdateSecurityHours): Promise<SecurityHoursResponse> =>
  api.put(apiPaths.securityHours(securityId), {
    body: { ...hours, expected },
    schema: securityHoursResponseSchema,
  });

export function useUpdateSecurityHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecurityHours,
    onSuccess: (data, { securityId }) => {
      queryClient.setQueryData(marketHoursKeys.security(securityId), data);
    },
    // Saved, refused or lost, each save is a change listed under the form: read them again.
    onSettled: (_data, _error, { securityId }) =>
      queryClient.invalidateQueries({ queryKey: hoursChangesKey(securityId) }),
  });
}
