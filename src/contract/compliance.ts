import { z } from 'zod';
import { requiredTextSchema } from './free-text';
import { skippedRecordsSchema, unreadableIdsSchema } from './skipped';
import { entityPartySchema } from './accounts';
import { accountFilterSchema, accountViewSchema } from './account-views';
import { choiceFilterSchema } from './choice-filter';
import { periodTimeZoneSchema } from './dates';
import { apiErrorSchema } from './errors';
import { fundMoveApprovalLabels, fundMoveStatusLabels, fundMoveViewSchema } from './custody-views';

/** One search box for accounts and entity parties (searchAccount §4.11, searchEntity §4.12). */
export const complianceSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Enter at least 2 characters' })
    .trim()
    .min(2, 'Enter at least 2 characters')
    .max(100, 'Search is at most 100 characters'),
});

/** An entity party as the BFF answers it to every role: the EIN masked (`••-•••6789`). */
const entityViewSchema = entityPartySchema.omit({ ein: true }).extend({
  einMasked: z.string().nullable(),
});
export type EntityView = z.infer<typeof entityViewSchema>;

/** Accounts and entities matching the search, personal data masked (tax id, EIN). */
export const complianceSearchResultSchema = z.object({
  accounts: z.array(accountViewSchema),
  entities: z.array(entityViewSchema),
  /** Accounts and entity parties that could not be understood and are not listed. */
  skippedRecords: skippedRecordsSchema,
  /** The ids of the accounts among those, where they could be read. */
  unreadableAccounts: unreadableIdsSchema,
  /** The ids of the entity parties among those, where they could be read. */
  unreadableEntities: unreadableIdsSchema,
  /**
   * The halves of the search the platform did not answer this time (searchAccount §4.11 or
   * searchEntity §4.12 failed); their list is empty for that reason, not for want of matches.
   */
  unsearched: z.array(z.enum(['accounts', 'entities'])),
  /**
   * Why each half in `unsearched` went unsearched, as an error reply would say it: its code tells
   * the page whether searching again may help (upstream_misconfigured: the platform refused the
   * portal's own access, and only the portal's operators can fix that, as its message says).
   */
  unsearchedErrors: z
    .object({
      accounts: z.optional(apiErrorSchema.shape.error),
      entities: z.optional(apiErrorSchema.shape.error),
    })
    .optional(),
});
export type ComplianceSearchResult = z.infer<typeof complianceSearchResultSchema>;

export const COMPLIANCE_FUND_MOVES_PAGE_SIZE = 25;

/**
 * Fund moves across accounts, by the §3 statuses in any letter case (§3: the letter case varies),
 * and of one account (§4.3 accountId). A status outside §3 is refused under its field rather
 * than answered as an empty list that reads as "none match".
 */
export const complianceFundMovesQuerySchema = z.object({
  status: choiceFilterSchema('Status', fundMoveStatusLabels),
  approvalStatus: choiceFilterSchema('Approval status', fundMoveApprovalLabels),
  accountId: accountFilterSchema.optional(),
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(10_000, 'Page is at most 10000')
    .default(1),
});

/**
 * The Fund moves page's export: the page's filters (not its page), and the viewer's zone, whose
 * today names the file (lib/csv-download.ts; UTC when absent).
 */
export const complianceFundMovesExportQuerySchema = complianceFundMovesQuerySchema
  .omit({ page: true })
  .extend({ timeZone: periodTimeZoneSchema.optional() });

export const complianceFundMovesSchema = z.object({
  /** Bank account and routing numbers masked. */
  moves: z.array(fundMoveViewSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Moves matching the filters. */
  totalRecords: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  /** Fund moves that could not be understood and are neither listed nor counted above. */
  skippedRecords: skippedRecordsSchema,
  /** The reference numbers of those skipped, where they could be read. */
  unreadableReferences: unreadableIdsSchema,
  /**
   * When the platform holds more fund moves than one listing reads: how many of the latest were
   * searched (newest first, §4.3) of how many it holds. The filters then did not look at the
   * older ones, and the page says so. Null when every move was searched.
   */
  bound: z
    .object({ searched: z.number().int().nonnegative(), total: z.number().int().nonnegative() })
    .nullable(),
});
export type ComplianceFundMoves = z.infer<typeof complianceFundMovesSchema>;

/** A reviewer's note on an account, kept by the portal (the upstream has none for reviewers). */
export const accountNoteSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  authorEmail: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});

export const accountNotesSchema = z.object({ notes: z.array(accountNoteSchema) });

export const ACCOUNT_NOTE_MAX = 2000;

export const accountNoteInputSchema = z.object({
  body: requiredTextSchema('Note', ACCOUNT_NOTE_MAX),
});
export type AccountNoteInput = z.infer<typeof accountNoteInputSchema>;
