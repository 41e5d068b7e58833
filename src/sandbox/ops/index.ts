/** Every emulated operation, in the order of the interface document's §4. */
import type { Operation } from '../context.js';
import { getOrder, getOrdersForADay } from './orders.js';
import { fundCustodyAccount, getCustodyFundMove, getCustodyFundMoves } from './fund-moves.js';
import { createCustodyFundDisbursement } from './disbursements.js';
import { createIssuer, createIssuerAccount } from './issuers.js';
import {
  addCustodyAccountSupplement,
  getCustodyAccount,
  getExternalAccount,
  linkExternalAccount,
} from './custody-accounts.js';
import {
  createOffering,
  getAllOffers,
  getOfferingPurchaseHistory,
  listOfferings,
} from './offerings.js';
import { createAccount, getAccount, searchAccount, searchEntity } from './accounts.js';
import {
  getMarketHours,
  getSecurityMarketHours,
  updateSecurityMarketHours,
} from './market-hours.js';
import { createTrade, listTrades } from './trades.js';
import { ping } from './ping.js';

export const OPERATIONS: readonly Operation[] = [
  getOrdersForADay,
  getOrder,
  getCustodyFundMoves,
  getCustodyFundMove,
  createCustodyFundDisbursement,
  createIssuerAccount,
  addCustodyAccountSupplement,
  getAllOffers,
  getOfferingPurchaseHistory,
  getAccount,
  searchAccount,
  searchEntity,
  getMarketHours,
  updateSecurityMarketHours,
  getSecurityMarketHours,
  getCustodyAccount,
  createTrade,
  listTrades,
  ping,
  listOfferings,
  createIssuer,
  createOffering,
  createAccount,
  fundCustodyAccount,
  linkExternalAccount,
  getExternalAccount,
];
