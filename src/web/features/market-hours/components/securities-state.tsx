import type { ReactNode } from 'react';
import type { SecurityList } from '../../../../contract/security-hours';
import { QueryState } from '../../../components/query-state';
import { useSecurities } from '../api/get-securities';

type ListedSecurity = SecurityList['securities'][number];

/** A security in a list to choose from: its name and ID, or its ID alone when it has no name. */
export const securityChoiceLabel = (security: ListedSecurity) =>
  security.securityName
    ? `${security.securityName} (${security.securityId})`
    : `Security ${security.securityId}`;

/** A security inside a sentence ("Hours of …"). */
export const securityInSentence = (security: ListedSecurity) =>
  security.securityName ?? `security ${security.securityId}`;

type SecuritiesStateProps = {
  /** How many skeleton lines stand in for the list while it loads. */
  skeletonLines?: number;
  /** Shown when the person may see no security: the words depend on who is looking. */
  empty: ReactNode;
  children: (securities: ListedSecurity[]) => ReactNode;
};

/** The securities whose trading hours the person may see or set (§2.8), once loaded. */
export function SecuritiesState({ skeletonLines, empty, children }: SecuritiesStateProps) {
  const securities = useSecurities();
  return (
    <QueryState
      query={securities}
      subject="the securities"
      skeletonLines={skeletonLines}
      isEmpty={(data) => data.securities.length === 0}
      empty={empty}
    >
      {(data) => children(data.securities)}
    </QueryState>
  );
}
