import type { ReactNode } from 'react';
import type { AccountSummary } from '../../../../contract/account-views';
import { QueryState } from '../../../components/query-state';
import { useAccounts } from '../api/get-accounts';

type AccountsStateProps = {
  /** False until the person is known to be an investor: only investors have accounts. */
  enabled?: boolean;
  /** How many skeleton lines stand in for the list while it loads. */
  skeletonLines?: number;
  /** Shown when no account is linked to the sign-in: the words depend on what the page is for. */
  empty: ReactNode;
  children: (accounts: AccountSummary[]) => ReactNode;
};

/** The investment accounts linked to the person's sign-in, once loaded. */
export function AccountsState({ enabled, skeletonLines, empty, children }: AccountsStateProps) {
  const accounts = useAccounts({ enabled });
  return (
    <QueryState
      query={accounts}
      subject="your accounts"
      skeletonLines={skeletonLines}
      isEmpty={(data) => data.accounts.length === 0}
      empty={empty}
    >
      {(data) => children(data.accounts)}
    </QueryState>
  );
}
