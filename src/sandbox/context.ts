/** What every operation handler can reach: state, clock, lifecycle and the generated order book. */
import type { SandboxClock } from './state/clock.js';
import type { Store } from './state/store.js';
import type { Lifecycle } from './domain/lifecycle.js';
import type { OrderBook } from './domain/orders.js';
import type { BankLinking } from './domain/bank-linking.js';
import type { Params } from './http/params.js';
import type { Scope } from './config.js';

export interface SandboxContext {
  store: Store;
  clock: SandboxClock;
  lifecycle: Lifecycle;
  orders: OrderBook;
  bankLinking: BankLinking;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface OperationRequest {
  method: HttpMethod;
  params: Params;
  /** Path parameters of resource routes, e.g. accountId of /v3/custody/accounts/{accountId}. */
  pathParams: Readonly<Record<string, string>>;
  now: number;
  /** Scheme and host the caller reached the sandbox at, for URLs of its own pages. */
  origin: string;
}

export interface OperationResult {
  body: Record<string, unknown>;
  httpStatus?: number;
  /**
   * Pre-serialised JSON values to splice into the body (hot paths such as order pages): the body
   * key holds a placeholder and the text replaces it.
   */
  rawJson?: Record<string, string>;
}

export interface Operation {
  /** The operation name (also the name used by faults and call counts). */
  name: string;
  /** Other path names answering the same operation (§4.5 updateCustodyFundsDisbursement). */
  aliases?: readonly string[];
  /** Newer resources (§9) live at explicit paths and map auth failures to HTTP 401/403. */
  resourcePaths?: readonly string[];
  /** Methods accepted; legacy operations accept all four by default. */
  methods?: readonly HttpMethod[];
  scope?: Scope;
  handle(request: OperationRequest, ctx: SandboxContext): OperationResult;
}

/** `{ statusCode: "101", statusDesc, ...payload }` — statusCode is always a string (§1, §7). */
export function ok(payload: Record<string, unknown>, statusDesc = 'Ok'): OperationResult {
  return { body: { statusCode: '101', statusDesc, ...payload } };
}
