import { useQuery } from '@tanstack/react-query';
import {
  accountNoteSchema,
  accountNotesSchema,
  type AccountNoteInput,
} from '../../../../contract/compliance';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { apiQueryOptions, useInvalidatingMutation } from '../../../lib/api-query';

const notesKey = (accountId: string) => ['compliance', 'notes', accountId] as const;

const accountNotesQueryOptions = (accountId: string) =>
  apiQueryOptions(notesKey(accountId), apiPaths.accountNotes(accountId), accountNotesSchema);

export const useAccountNotes = (accountId: string) => useQuery(accountNotesQueryOptions(accountId));

export const useAddAccountNote = (accountId: string) =>
  useInvalidatingMutation({
    mutationFn: (input: AccountNoteInput) =>
      api.post(apiPaths.accountNotes(accountId), { body: input, schema: accountNoteSchema }),
    invalidates: () => [notesKey(accountId)],
  });
