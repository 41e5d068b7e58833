import type { ComplianceFundMoves } from '../../contract/compliance';
import type { FundMoveView } from '../../contract/custody-views';

/** A fund move as the BFF answers it (an IRA transfer in, approved and settled), with changes. */
export const fundMoveView = (overrides: Partial<FundMoveView> = {}): FundMoveView => ({
  referenceNumber: 'CFM70000002',
  accountId: 'A1040000',
  amount: '500',
  bankName: 'Prairie National Bank',
  bankAccountName: null,
  description: 'IRA transfer',
  direction: null,
  portalReference: null,
  approvalStatus: 'approved',
  status: 'settled',
  routingNumberStatus: 'verified',
  errorMessage: null,
  createdAt: '2026-11-25T06:44:00',
  updatedAt: '2026-11-25T06:44:00',
  bankAccountNumberMasked: null,
  routingNumberMasked: null,
  bankIdKind: 'routing_number',
  ...overrides,
});

/** The fund move a portal disbursement leaves: out, with our reference in its description (§2.10). */
export const disbursementMove = (overrides: Partial<FundMoveView> = {}): FundMoveView =>
  fundMoveView({
    referenceNumber: 'CFM70000115',
    description: 'Disbursement ACH · Portal ref MR-VS17ZR49XD',
    direction: 'out',
    portalReference: 'MR-VS17ZR49XD',
    ...overrides,
  });

/** The reviewers' fund moves when none matches, as `GET /api/compliance/fund-moves` answers. */
export const noFundMoves: ComplianceFundMoves = {
  moves: [],
  page: 1,
  pageSize: 25,
  totalRecords: 0,
  totalPages: 0,
  skippedRecords: 0,
  bound: null,
};
