import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WeekHoursInput } from '../../../../contract/rules/market-hours';
import {
  securityHoursResponseSchema,
  type SecurityHoursResponse,
} from '../../../../contract/security-hours';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { marketHoursKeys } from './get-market-hours';

type UpdateSecurityHours = { securityId: string; hours: WeekHoursInput };

const updateSecurityHours = ({
  securityId,
  hours,
}: UpdateSecurityHours): Promise<SecurityHoursResponse> =>
  api.put(apiPaths.securityHours(securityId), {
    body: hours,
    schema: securityHoursResponseSchema,
  });

export function useUpdateSecurityHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecurityHours,
    onSuccess: (data, { securityId }) => {
      queryClient.setQueryData(marketHoursKeys.security(securityId), data);
    },
  });
}
