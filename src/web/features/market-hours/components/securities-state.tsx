import type { SecurityList } from '../../../../contract/security-hours';

type ListedSecurity = SecurityList['securities'][number];

/** A security in a list to choose from: its name and ID, or its ID alone when it has no name. */
export const securityChoiceLabel = (security: ListedSecurity) =>
  security.securityName
    ? `${security.securityName} (${security.securityId})`
    : `Security ${security.securityId}`;

/** A security inside a sentence ("Hours of …"). */
export const securityInSentence = (security: ListedSecurity) =>
  security.securityName ?? `security ${security.securityId}`;
