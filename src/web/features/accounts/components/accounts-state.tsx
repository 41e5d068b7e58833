import { listQueryState } from '../../../components/list-query-state';
import { useAccounts } from '../api/get-accounts';

/** The investment accounts linked to the person's sign-in, once loaded. */
export const AccountsState = listQueryState({
  subject: 'your accounts',
  /** `enabled` is false until the person is known to be an investor: only they have accounts. */
  useReply: ({ enabled }: { enabled?: boolean }) => useAccounts({ enabled }),
  items: (reply) => reply.accounts,
});
