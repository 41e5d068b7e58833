import { normalizeAccount, rawAccountSchema } from './account-wire';
import { keywordSearch } from './keyword-search';

/**
 * §4.11 (deprecated): every account matching the keyword. `accountDetails` is an array here (an
 * object in getAccount); `[{}]` is read as none.
 */
export const searchAccount = keywordSearch(
  'searchAccount',
  'accountDetails',
  rawAccountSchema,
  normalizeAccount,
  { id: 'accountId' },
);
