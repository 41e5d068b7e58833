import type { SecurityList } from '../../../../contract/security-hours';
import { listQueryState } from '../../../components/list-query-state';
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

/** The securities whose trading hours the person may see or set (§2.8), once loaded. */
export const SecuritiesState = listQueryState({
  subject: 'the securities',
  useReply: useSecurities,
  items: (reply) => reply.securities,
});
