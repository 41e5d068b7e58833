/**
 * The persistent state of the emulated upstream. Everything here is plain JSON so the store can
 * snapshot it as is. Secondary-market orders are not stored: they are generated per day from the
 * date (see domain/orders.ts).
 */

export interface Issuer {
  issuerId: string;
  issuerName: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  issuerStatus: string;
  createdDate: string;
  createdIpAddress: string;
}

/** A record of createIssuerAccount, field names as in §2.4. */
type IssuerAccountRecord = Record<string, string>;

export interface Offering {
  issuerId: string;
  offeringId: string;
  issueName: string;
  issueType: string;
  targetAmount: string;
  minAmount: string;
  maxAmount: string;
  unitPrice: string;
  totalShares: string;
  remainingShares: string;
  startDate: string;
  endDate: string;
  offeringStatus: string;
  offeringText: string;
  stampingText: string;
  createdDate: string;
  createdIPAddress: string;
}

export interface Trade {
  tradeId: string;
  transactionId: string;
  accountId: string;
  offeringId: string;
  transactionType: string;
  totalShares: string;
  totalAmount: string;
  purchaseDate: string;
  transactionStatus: string;
}

/** Account fields of §2.5 (all strings) plus email and timestamps. */
export type Account = Record<string, string> & { accountId: string; accountName: string };

/** Entity party fields of §2.6 (all strings). */
export type EntityParty = Record<string, string> & { partyId: string; entityName: string };

export interface Security {
  securityId: number;
  securityName: string;
  issuerId: string;
  offeringId: string | null;
  /** Reference price in cents; daily prices wander around it. */
  basePriceCents: number;
}

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
type Weekday = (typeof WEEKDAYS)[number];

export interface DayHours {
  closed: boolean;
  startHour: number;
  startMinute: number;
  closeHour: number;
  closeMinute: number;
}

export type WeekHours = Record<Weekday, DayHours>;

/** Fund-move lifecycle values (§3), stored in lower case; responses vary the case. */
export type FundMoveStatus =
  'pending' | 'submitted' | 'settled' | 'returned' | 'voided' | 'declined';
export type ApprovalStatus = 'pending' | 'approved' | 'declined';

export interface FundMove {
  referenceNumber: string;
  accountId: string;
  bankName: string | null;
  amount: string;
  /** Account and routing numbers as they will be shown: base64 text, plain digits or empty. */
  accountNumber: string;
  routingNumber: string;
  accountName: string;
  description: string;
  approvalStatus: ApprovalStatus;
  status: FundMoveStatus;
  routingNumberStatus: string;
  errors: string;
  createdAt: number;
  updatedAt: number;
  /** When the approval batch approved it; drives submitted -> settled/returned/voided. */
  approvedAt: number | null;
  /** How this record spells its status values (§3: letter case is not uniform). */
  letterCase: LetterCase;
}

export type LetterCase = 'lower' | 'title' | 'upper';

export interface Disbursement {
  requestId: string;
  accountId: string;
  amount: string;
  type: string;
  bankId: string;
  bankAccountId: string;
  additionalDetails: string;
  status: string;
  createdDate: string;
  updatedDate: string;
}

export interface CustodyAccount {
  accountId: string;
  requestId: string;
  status: string;
  relationship: string | null;
  restrictedStatus: string;
  restrictedReason: string | null;
  principalReviewBy: string;
  approvalDate: string;
  notes: string;
  createdDate: string;
  updatedDate: string;
}

interface ExternalAccountLink {
  accountId: string;
  bankName: string;
  accountNumber: string;
  routingNumber: string;
  linkedDate: string;
}

interface Counters {
  issuer: number;
  offering: number;
  trade: number;
  account: number;
  entity: number;
  fundMove: number;
}

interface DemoInvestor {
  name: string;
  accountIds: string[];
}

export interface SandboxState {
  version: 1;
  seededAt: number;
  counters: Counters;
  issuers: Record<string, Issuer>;
  issuerAccounts: Record<string, IssuerAccountRecord[]>;
  offerings: Record<string, Offering>;
  trades: Trade[];
  accounts: Record<string, Account>;
  entities: Record<string, EntityParty>;
  securities: Security[];
  globalHours: WeekHours;
  securityHours: Record<string, WeekHours>;
  fundMoves: Record<string, FundMove>;
  disbursements: Record<string, Disbursement>;
  custodyAccounts: Record<string, CustodyAccount>;
  supplements: Record<string, Record<string, string>[]>;
  externalLinks: Record<string, ExternalAccountLink>;
  /** Instant up to which the fund-move lifecycle has been applied. */
  lifecycleAt: number;
  demo: { investors: DemoInvestor[]; limitedScopeAccountId: string };
}
