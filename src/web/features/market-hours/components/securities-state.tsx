import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { isolate } from '../../../../contract/bidi';
import type { SecurityList } from '../../../../contract/security-hours';
import { QueryState, type ShownQuery } from '../../../components/query-state';

type ListedSecurity = SecurityList['securities'][number];

/** A security in a list to choose from: its name and ID, or its ID alone when it has no name. */
export const securityChoiceLabel = (security: ListedSecurity) =>
  security.securityName
    ? `${isolate(security.securityName)} (${security.securityId})`
    : `Security ${security.securityId}`;

/** A security inside a sentence ("Hours of …"). */
export const securityInSentence = (security: ListedSecurity) =>
  security.securityName ?? `security ${security.securityId}`;

/**
 * The securities to choose from, as the latest trading day's order book lists them (no upstream
 * operation lists securities). A part of the book that could not be read is said above the list,
 * which is then partial rather than empty; `children` offers the securities listed, if any.
 */
export function ListedSecurities({
  securities,
  empty,
  children,
}: {
  securities: ShownQuery<SecurityList>;
  /** None traded and nothing unread: what the page says, and where a security is opened by ID. */
  empty: ReactNode;
  children: (listed: ListedSecurity[]) => ReactNode;
}) {
  return (
    <QueryState
      query={securities}
      subject="the list of securities"
      skeletonLines={1}
      isEmpty={(reply) => reply.securities.length === 0 && reply.gaps.length === 0}
      empty={empty}
    >
      {(reply) => (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {reply.gaps.map((gap) => (
            <Alert key={gap} severity="warning">
              {gap}
            </Alert>
          ))}
          {reply.securities.length > 0 && children(reply.securities)}
        </Box>
      )}
    </QueryState>
  );
}
