import { z } from 'zod';
import { accountParamsSchema } from '../../contract/account-views';
import {
  accountNoteInputSchema,
  accountNoteSchema,
  accountNotesSchema,
  complianceFundMovesExportQuerySchema,
  complianceFundMovesQuerySchema,
  complianceFundMovesSchema,
  complianceSearchQuerySchema,
  complianceSearchResultSchema,
  COMPLIANCE_FUND_MOVES_PAGE_SIZE,
} from '../../contract/compliance';
import { csvDollars, csvLine } from '../../contract/csv';
import {
  describeFundMoveApproval,
  describeFundMoveStatus,
  fundMoveBankIdLabel,
  fundMoveDirectionLabel,
} from '../../contract/custody-views';
import { upstreamTimeToInstant } from '../../contract/time';
import { readAccountFundMoves } from '../lib/account-fund-moves';
import { csvDownloadStream } from '../lib/csv-download';
import { HttpError, notSentRefusal } from '../lib/http-error';
import { errorBodyOf, fromUpstream } from '../lib/upstream-errors';
import type { ApiError } from '../../contract/errors';
import type { Deps } from '../deps';
import { getAccount } from '../upstream';
import { isUpstreamError } from '../upstream/errors';
import { withKnownDirections } from '../lib/fund-move-direction';
import { toEntityView } from '../lib/personal-data';
import { toAccountView } from './accounts';
import { toFundMoveView } from './custody';
import { searchAccount } from '../upstream/search-account';
import { searchEntity } from '../upstream/search-entity';
import { readableIds } from '../upstream/wire';
import { addAccountNote, listAccountNotes, type AccountNoteRow } from '../store/saved-records';
import { attributed, defineRoute } from './define';
import { recordAudit } from '../store/audit';

const toNote = (row: AccountNoteRow) => ({
  id: row.id,
  accountId: row.accountId,
  authorEmail: row.authorEmail,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The Account filter the platform did not take (§4.3 reads one account's moves by its id): an
 * account it does not hold, or an id it refuses, said under the field Account, as the page's
 * other filters are, rather than as a failure of the page with a Try again that fails again.
 */
function accountRefused(err: unknown, accountId: string | undefined): HttpError | null {
  if (!accountId || !isUpstreamError(err)) return null;
  const message =
    err.kind === 'not_found'
      ? `No account ${accountId} exists on the platform`
      : err.kind === 'rejected' && err.refusal === 'request'
        ? `The platform does not take ${accountId} as an account id`
        : null;
  if (!message) return null;
  return new HttpError('bad_request', `${message}.`, {
    // Named as the query's own refusals name their field, so the page says it under Account.
    fields: [{ field: 'query.accountId', message }],
    submitted: 'no',
  });
}

/** The upstream's largest page (real-world notes §2: limit 1–500). */
const UPSTREAM_PAGE = 500;

/**
 * The fund moves the Fund moves page's filters select, newest first, for its list and its export
 * alike. §3: the letter case of statuses varies; the wire layer lower-cases them, and the query
 * schema the filters likewise. getCustodyFundMoves takes an accountId (§4.3) but no status, so
 * every page up to the bound is read and filtered here.
 */
/**
 * The export's words for a fund move it could not read: its row carries the reference number
 * where it could be read, empty cells for the rest, and this in `not_read`, so a move is never
 * left out of the file unsaid. Its status could not be read either: it is written whatever the
 * filters, and says so.
 */
const NOT_READ_NOTE =
  'The platform sent this fund move in a form the portal could not read: its details are not shown, and it may or may not match the filters.';

async function matchingFundMoves(
  deps: Deps,
  query: { status?: string; approvalStatus?: string; accountId?: string },
) {
  const { status, approvalStatus } = query;
  const all = await readAccountFundMoves(deps.upstream, query.accountId, {
    pageSize: UPSTREAM_PAGE,
    // COMPLIANCE_MAX_FUND_MOVES, a multiple of the page (config.ts): past it the reply says how
    // many were searched.
    maxPages: deps.config.complianceMaxFundMoves / UPSTREAM_PAGE,
  }).catch((err: unknown) => {
    throw accountRefused(err, query.accountId) ?? err;
  });
  const matching = all.moves.filter(
    (move) =>
      (!status || move.status === status) &&
      (!approvalStatus || move.approvalStatus === approvalStatus),
  );
  return { all, matching };
}

/**
 * A note on an account the platform does not hold would be kept where no review can reach it (a
 * mistyped or stale id in the address): the account is read first (getAccount, §4.10). One the
 * platform does not know is refused as not found, as the admin's link of an unknown account is;
 * when the platform cannot be asked, nothing is saved either (a note is not money: trying again
 * later is the whole way on).
 */
async function accountMustBeOnThePlatform(deps: Deps, accountId: string): Promise<void> {
  try {
    await getAccount(deps.upstream, { accountId });
  } catch (err) {
    if (!isUpstreamError(err)) throw err;
    if (err.kind === 'not_found') {
      throw notSentRefusal(
        `No account ${accountId} exists on the platform.`,
        'Nothing was saved: check the account id.',
        {},
        'not_found',
      );
    }
    // The platform's own reason (it did not answer, a permission it lacks), then the way on: only
    // a platform that did not answer may answer later.
    const passing = ['unavailable', 'timeout', 'circuit_open', 'bad_response'].includes(err.kind);
    throw notSentRefusal(
      `The account ${accountId} could not be checked with the platform. ${err.reason ?? err.userMessage}`,
      passing ? 'Nothing was saved; try again when the platform answers.' : 'Nothing was saved.',
      {},
      fromUpstream(err).code,
    );
  }
}

/** How many matched ids of each kind a search's audit event names (its counts say how many in all). */
const SEARCH_IDS_AUDITED = 100;

export const complianceRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/compliance/search',
    summary:
      'Accounts and entity parties matching a keyword (searchAccount §4.11, searchEntity §4.12)',
    tags: ['compliance'],
    query: complianceSearchQuerySchema,
    response: complianceSearchResultSchema,
    async handler({ query, deps, request, audit }) {
      const [accounts, entities] = await Promise.allSettled([
        searchAccount(deps.upstream, { keyword: query.q }),
        searchEntity(deps.upstream, { keyword: query.q }),
      ]);
      // Two independent operations: one failing leaves the other's matches to be read, and
      // says which half went unsearched. Only when both fail is there nothing to show.
      if (accounts.status === 'rejected' && entities.status === 'rejected') throw accounts.reason;
      const unsearched: ('accounts' | 'entities')[] = [];
      const unsearchedErrors: Partial<Record<'accounts' | 'entities', ApiError>> = {};
      for (const [half, result] of [
        ['accounts', accounts],
        ['entities', entities],
      ] as const) {
        if (result.status === 'rejected') {
          unsearched.push(half);
          unsearchedErrors[half] = errorBodyOf(result.reason, request.id);
          request.log.warn({ err: result.reason }, `compliance search: ${half} not searched`);
        }
      }
      const found = {
        accounts: accounts.status === 'fulfilled' ? accounts.value : { records: [], skipped: [] },
        entities: entities.status === 'fulfilled' ? entities.value : { records: [], skipped: [] },
      };
      const views = {
        accounts: found.accounts.records.map(toAccountView),
        entities: found.entities.records.map(toEntityView),
      };
      // The matches carry each account's profile (name, address, email, phone), as opening the
      // account does (account_viewed): whose personal data a reviewer was shown is in the audit
      // log either way. The ids, not the words searched for (they may be a person's name).
      await audit({
        action: 'accounts_searched',
        outcome: 'allowed',
        details: {
          accounts: views.accounts.length,
          entities: views.entities.length,
          accountIds: views.accounts.slice(0, SEARCH_IDS_AUDITED).map((a) => a.id),
          entityIds: views.entities.slice(0, SEARCH_IDS_AUDITED).map((e) => e.id),
        },
      });
      return {
        ...views,
        skippedRecords: found.accounts.skipped.length + found.entities.skipped.length,
        unreadableAccounts: readableIds(found.accounts.skipped),
        unreadableEntities: readableIds(found.entities.skipped),
        unsearched,
        ...(unsearched.length > 0 ? { unsearchedErrors } : {}),
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/compliance/fund-moves/export.csv',
    summary:
      'The filtered fund moves as CSV, bank numbers masked (formula cells neutralized; the export is audited)',
    tags: ['compliance'],
    query: complianceFundMovesExportQuerySchema,
    // The file, for the docs; the handler returns the stream itself.
    response: z.string() as z.ZodType<unknown>,
    stream: true,
    streamType: 'text/csv',
    async handler({ query, reply, deps, audit }) {
      // The zone names the file only: a fund move has no period to count in it.
      const { timeZone, ...filters } = query;
      // Read and filtered as the page reads them: every move the filters select among the
      // newest COMPLIANCE_MAX_FUND_MOVES, read before the answer starts, so a platform that does
      // not answer is told as the page's read is, never as a file cut short.
      const { all, matching } = await matchingFundMoves(deps, filters);
      const moves = (await withKnownDirections(deps.db, matching)).map(toFundMoveView);
      const zone = deps.config.upstreamTimeZone;
      // The platform's times (its zone's wall time, or an instant: upstreamTimeSchema) as UTC
      // instants, as the headers say; one that cannot be read is kept as the platform wrote it.
      const utc = (value: string | null) =>
        value === null ? null : (upstreamTimeToInstant(value, zone)?.toISOString() ?? value);
      const searched =
        all.read < all.totalRecords ? { searched: all.read, total: all.totalRecords } : {};
      const lines = async function* () {
        // Amounts in US dollars with cents, times in UTC, statuses in the page's words with
        // their codes beside them for tools; bank numbers masked as the page shows them.
        yield csvLine([
          'reference_number',
          'created_at_utc',
          'account',
          'direction',
          'amount_usd',
          'status',
          'status_code',
          'approval_status',
          'approval_status_code',
          'bank_name',
          'bank_account_name',
          'bank_account_number_masked',
          'routing_number_kind',
          'routing_number_masked',
          'our_reference',
          'description',
          'error_message',
          'updated_at_utc',
          'not_read',
        ]);
        yield moves
          .map((move) =>
            csvLine([
              move.referenceNumber,
              utc(move.createdAt),
              move.accountId,
              fundMoveDirectionLabel(move.direction),
              csvDollars(move.amount),
              describeFundMoveStatus(move.status).label,
              move.status,
              describeFundMoveApproval(move.approvalStatus).label,
              move.approvalStatus,
              move.bankName,
              move.bankAccountName,
              move.bankAccountNumberMasked,
              // A wire abroad carries a SWIFT/BIC there (§4.5): named as the page names it.
              fundMoveBankIdLabel(move.bankIdKind),
              move.routingNumberMasked,
              move.portalReference,
              move.description,
              move.errorMessage,
              utc(move.updatedAt),
              '',
            ]),
          )
          .join('');
        if (all.skipped.length > 0)
          yield all.skipped
            .map((record) =>
              csvLine([record.id ?? '', ...Array<string>(17).fill(''), NOT_READ_NOTE]),
            )
            .join('');
        await audit({
          action: 'fund_moves_export',
          outcome: 'succeeded',
          details: {
            filters,
            rows: moves.length + all.skipped.length,
            ...(all.skipped.length > 0 ? { unreadable: all.skipped.length } : {}),
            ...searched,
          },
        });
      };
      return csvDownloadStream(reply, 'fund-moves', lines(), { timeZone });
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/compliance/fund-moves',
    summary: 'Fund moves across accounts, filtered by status and approval status, paged',
    tags: ['compliance'],
    query: complianceFundMovesQuerySchema,
    response: complianceFundMovesSchema,
    async handler({ query, deps, audit }) {
      const { all, matching } = await matchingFundMoves(deps, query);
      const start = (query.page - 1) * COMPLIANCE_FUND_MOVES_PAGE_SIZE;
      const shown = matching.slice(start, start + COMPLIANCE_FUND_MOVES_PAGE_SIZE);
      // Each move names its account, holder and bank: which accounts' money a reviewer was shown
      // is audited, as a search's matches are (accounts_searched), and found by each account.
      await audit({
        action: 'fund_moves_viewed',
        ...(query.accountId ? { objectType: 'account', objectId: query.accountId } : {}),
        outcome: 'allowed',
        details: {
          moves: shown.length,
          page: query.page,
          accountIds: [...new Set(shown.map((move) => move.accountId))],
        },
      });
      return {
        moves: (await withKnownDirections(deps.db, shown)).map(toFundMoveView),
        page: query.page,
        pageSize: COMPLIANCE_FUND_MOVES_PAGE_SIZE,
        totalRecords: matching.length,
        totalPages: Math.ceil(matching.length / COMPLIANCE_FUND_MOVES_PAGE_SIZE),
        skippedRecords: all.skipped.length,
        unreadableReferences: readableIds(all.skipped),
        // The older moves were not searched: "none match" would not be true of them.
        bound: all.read < all.totalRecords ? { searched: all.read, total: all.totalRecords } : null,
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/accounts/:accountId/notes',
    summary: "Reviewers' notes on an account, newest first",
    tags: ['compliance'],
    params: accountParamsSchema,
    response: accountNotesSchema,
    async handler({ params, deps }) {
      return { notes: (await listAccountNotes(deps.db, params.accountId)).map(toNote) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/accounts/:accountId/notes',
    summary: 'Adds a note to the review of an account (audited)',
    tags: ['compliance'],
    params: accountParamsSchema,
    body: accountNoteInputSchema,
    response: accountNoteSchema,
    successStatus: 201,
    afterChange: 'Reload the account to see whether your note is listed before adding it again.',
    async handler({ params, body, user, deps, request, changeMade }) {
      await accountMustBeOnThePlatform(deps, params.accountId);
      // The note and its audit event are one transaction: a note is never kept unaudited.
      const note = await deps.db.transaction().execute(async (tx) => {
        const added = await addAccountNote(tx, {
          accountId: params.accountId,
          authorId: user!.id,
          authorEmail: user!.email,
          body: body.body,
        });
        await recordAudit(
          tx,
          attributed(
            {
              action: 'account_note_added',
              objectType: 'account',
              objectId: params.accountId,
              outcome: 'succeeded',
              details: { noteId: added.id, length: body.body.length },
            },
            user,
            request,
          ),
        );
        return added;
      });
      changeMade();
      return toNote(note);
    },
  }),
];
