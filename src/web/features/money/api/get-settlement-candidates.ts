import { useQuery } from '@tanstack/react-query';
import {
  settlementCandidatesSchema,
  type SettlementCandidates,
} from '../../../../contract/money-requests';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

/**
 * What the platform holds that could be one request whose outcome is unknown (for an investment,
 * the trades no other request accounts for), read while the reviewer's settle dialog is open.
 */
export const useSettlementCandidates = (reference: string, enabled: boolean) =>
  useQuery({
    ...apiQueryOptions<SettlementCandidates>(
      moneyKeys.candidates(reference),
      apiPaths.settlementCandidates(reference),
      settlementCandidatesSchema,
    ),
    enabled,
  });
