import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  myPasswordSchema,
  passwordChangedSchema,
  type changeMyPasswordSchema,
} from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { apiQueryOptions, useInvalidatingMutation } from '../../../lib/api-query';
import { mySessionsQueryOptions } from './sessions';

/** Whether the person has a password of the portal's (not only single sign-on). */
const myPasswordQueryOptions = () =>
  apiQueryOptions(['me', 'password'], apiPaths.myPassword, myPasswordSchema);

export const useMyPassword = () => useQuery(myPasswordQueryOptions());

/** Changes the person's own password; their other sessions end, so My sessions is read again. */
export const useChangeMyPassword = () =>
  useInvalidatingMutation({
    mutationFn: (body: z.infer<typeof changeMyPasswordSchema>) =>
      api.put(apiPaths.myPassword, { body, schema: passwordChangedSchema }),
    invalidates: () => [mySessionsQueryOptions().queryKey],
  });
