/** The Transact API v3 client: one module per operation, all answers normalized (§4). */
export { isUpstreamError, lateReadError, needsHeaderCredentials } from './errors';
export { addCustodyAccountSupplement } from './add-custody-account-supplement';
export { createCustodyFundDisbursement } from './create-custody-fund-disbursement';
export { createTrade } from './create-trade';
export { getAccount } from './get-account';
export { getCustodyAccount } from './get-custody-account';
export { getCustodyFundMove } from './get-custody-fund-move';
export { getCustodyFundMoves } from './get-custody-fund-moves';
export { fundCustodyAccount } from './fund-custody-account';
export { getExternalAccount } from './get-external-account';
export { linkExternalAccount } from './link-external-account';
export { getAllTrades } from './get-trades';
