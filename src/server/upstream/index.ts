/** The Transact API v3 client: one module per operation, all answers normalized (§4). */
export { createUpstreamClient } from './client';
export type {
  UpstreamClient,
  UpstreamClientConfig,
  UpstreamLogger,
  UpstreamRequest,
  UpstreamStats,
} from './client';
export { UpstreamError, isUpstreamError } from './errors';
export type { UpstreamErrorKind, UpstreamSubmitted } from './errors';
export { addCustodyAccountSupplement } from './add-custody-account-supplement';
export { createCustodyFundDisbursement } from './create-custody-fund-disbursement';
export { createIssuerAccount } from './create-issuer-account';
export { createTrade } from './create-trade';
export { getAccount } from './get-account';
export { getAllOffers } from './get-all-offers';
export { getCustodyAccount, CUSTODY_ACCOUNT_READ_SCOPE } from './get-custody-account';
export { getCustodyFundMove } from './get-custody-fund-move';
export { getCustodyFundMoves } from './get-custody-fund-moves';
export { fundCustodyAccount } from './fund-custody-account';
export { getExternalAccount } from './get-external-account';
export { linkExternalAccount } from './link-external-account';
export { getMarketHours } from './get-market-hours';
export { getOfferingPurchaseHistory } from './get-offering-purchase-history';
export { getOfferings } from './get-offerings';
export { getOrder } from './get-order';
export { getAllTrades, getTrades } from './get-trades';
export { getOrdersForADay } from './get-orders-for-a-day';
export { ping } from './ping';
export { searchAccount } from './search-account';
export { searchEntity } from './search-entity';
export { updateSecurityMarketHours } from './update-security-market-hours';
