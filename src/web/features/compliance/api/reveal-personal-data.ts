import { useMutation } from '@tanstack/react-query';
import {
  revealResponseSchema,
  type RevealRequest,
  type RevealResponse,
} from '../../../../contract/personal-data';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/**
 * Asks the BFF for one value in clear. The answer is kept only in the component that asked
 * (never in the query cache), and the BFF writes the reveal to the audit log.
 */
const revealPersonalData = (request: RevealRequest): Promise<RevealResponse> =>
  api.post(apiPaths.revealPersonalData, { body: request, schema: revealResponseSchema });

export const useRevealPersonalData = () => useMutation({ mutationFn: revealPersonalData });
