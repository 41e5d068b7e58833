import { z } from 'zod';
import type { FundMove } from '../../contract/custody';
import {
  looseObject,
  wireBankNumber,
  wireId,
  wireLocalDateTime,
  wireOptionalDecimal,
  wireStatus,
  wireText,
} from './wire';

/*
 * The custody fund move shared by getCustodyFundMoves and getCustodyFundMove (§2.9). Two
 * generations are in use (real-world notes §4.1): the documented one with `amount` and
 * `approvalStatus`, and the live one with `totalAmount`, `fundStatus` and `accountHolderName`.
 */
export const rawFundMoveSchema = looseObject({
  accountId: wireId,
  bankName: wireText,
  amount: wireOptionalDecimal,
  totalAmount: wireOptionalDecimal,
  // §2.9: empty, base64 or plain digits.
  accountNumber: wireBankNumber,
  routingNumber: wireBankNumber,
  accountName: wireText,
  accountHolderName: wireText,
  referenceNumber: wireId,
  description: wireText,
  approvalStatus: wireStatus,
  status: wireStatus,
  fundStatus: wireStatus,
  routingNumberStatus: wireStatus,
  errors: wireText,
  createdDate: wireLocalDateTime,
  updatedDate: wireLocalDateTime,
});

export function normalizeFundMove(raw: z.output<typeof rawFundMoveSchema>): FundMove {
  const amount = raw.amount ?? raw.totalAmount;
  if (amount === null) throw new Error(`fund move ${raw.referenceNumber} has no amount`);
  const status = raw.status ?? raw.fundStatus;
  if (status === null) throw new Error(`fund move ${raw.referenceNumber} has no status`);
  return {
    referenceNumber: raw.referenceNumber,
    accountId: raw.accountId,
    amount,
    bankName: raw.bankName,
    bankAccountNumber: raw.accountNumber,
    routingNumber: raw.routingNumber,
    bankAccountName: raw.accountName ?? raw.accountHolderName,
    description: raw.description,
    approvalStatus: raw.approvalStatus,
    status,
    routingNumberStatus: raw.routingNumberStatus,
    errorMessage: raw.errors,
    createdAt: raw.createdDate,
    updatedAt: raw.updatedDate,
  };
}
