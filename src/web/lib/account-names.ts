import type { AccountSummary } from '../../contract/account-views';
import { isolate } from '../../contract/bidi';

/*
 * How a page names one of the person's accounts. An account the platform could not read when
 * the list was made has no name (`loaded: false`): it is "Account A1040346", never its id twice.
 */

type Named = Pick<AccountSummary, 'id' | 'name'>;

/** The account's name, or "Account <id>" when it has none: what a sentence calls it. */
export const accountName = (account: Named) => account.name ?? `Account ${account.id}`;

/**
 * The name with the id after it, where both are wanted ("Jordan Ellis (A1040346)"). The name is
 * the platform's free text (§2.5), isolated so that its direction cannot reverse the id.
 */
export const accountLabel = (account: Named) =>
  account.name ? `${isolate(account.name)} (${account.id})` : `Account ${account.id}`;
