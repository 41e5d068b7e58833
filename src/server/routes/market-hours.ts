import { marketHoursAt, marketHoursResponseSchema } from '../../contract/market-week';
import { weekdays, type DayHours, type WeekHours } from '../../contract/market-hours';
import { WEEKDAY_LABELS, type WeekHoursInput } from '../../contract/rules/market-hours';
import {
  HOURS_CHANGES_PAGE_SIZE,
  hoursChangesQuerySchema,
  hoursChangesResponseSchema,
  securityHoursCheckResponseSchema,
  securityHoursCheckSchema,
  securityHoursResponseSchema,
  securityHoursSaveSchema,
  securityIdParamsSchema,
  securityListSchema,
  type SecurityList,
} from '../../contract/security-hours';
import type { Deps } from '../deps';
import { HttpError } from '../lib/http-error';
import type { DayBook } from '../lib/order-book-cache';
import { bookNamingSecurities } from '../lib/securities-book';
import { changesOfHours } from '../lib/hours-changes';
import {
  hoursSaveSettled,
  lostHoursSave,
  securityHoursEvents,
  securityHoursSettlements,
} from '../store/audit';
import { whileHolding } from '../store/keyed-lock';
import { linkedSecurityIds } from '../store/users';
import { auditFailedChange } from '../lib/failed-change-event';
import { fromUpstream, isUpstreamError, lastingReadFault } from '../lib/upstream-errors';
import { getMarketHours } from '../upstream/get-market-hours';
import { getSecurityMarketHours } from '../upstream/get-security-market-hours';
import { updateSecurityMarketHours } from '../upstream/update-security-market-hours';
import { defineRoute } from './define';

/** One day's hours as the audit log keeps them: `09:30–16:00 ET` (US Eastern, §8) or `closed`. */
function dayText(day: DayHours): string {
  return day.closed || !day.open || !day.close ? 'closed' : `${day.open}–${day.close} ET`;
}

/**
 * What a save changed, for its audit event: each weekday whose hours differ from before, as
 * `{ before, after }`; `{ unchanged: true }` when the save left every day as it was.
 */
function hoursChanges(before: WeekHours, after: WeekHours): Record<string, unknown> {
  const changed = weekdays.flatMap((day) => {
    const was = dayText(before[day]);
    const now = dayText(after[day]);
    return was === now ? [] : [[day, { before: was, after: now }] as const];
  });
  return changed.length ? Object.fromEntries(changed) : { unchanged: true };
}

/** The hours a save asked for, day by day, as the audit log keeps them. */
function askedText(asked: WeekHoursInput): Record<string, string> {
  return Object.fromEntries(
    weekdays.map((day) => {
      const want = asked[day];
      return [day, dayText(want.closed ? { closed: true, open: null, close: null } : want)];
    }),
  );
}

const SAVE_ROUTE = 'PUT /api/securities/:securityId/market-hours';

/** Settlements read to match a page's lost saves: far more than one security ever has. */
const SETTLEMENTS_READ = 500;

/**
 * A save of trading hours as its failure is audited (failedChangeEvent), as the lost
 * issuer-account save's is: an admin finds who asked for which hours.
 */
const hoursSaveAsked = (securityId: string, asked: WeekHoursInput) => ({
  objectType: 'security',
  objectId: securityId,
  action: 'security_hours_updated',
  route: SAVE_ROUTE,
  details: { security: securityId, asked: askedText(asked) },
});

/** Whether the platform holds, day by day, the hours a save asked for. */
function holdsAsked(wanted: Record<string, string>, held: WeekHours): boolean {
  return weekdays.every((day) => dayText(held[day]) === wanted[day]);
}

/** The hours a lost save's event kept (askedText's form), or null when they are not all there. */
function recordedAsked(asked: unknown): Record<string, string> | null {
  if (!asked || typeof asked !== 'object') return null;
  const days = asked as Record<string, unknown>;
  return weekdays.every((day) => typeof days[day] === 'string')
    ? Object.fromEntries(weekdays.map((day) => [day, days[day] as string]))
    : null;
}

/** A wall time `HH:mm` as people read it: `13:00` → `1:00 PM`. */
function clockText(time: string): string {
  const [hour, minute] = time.split(':').map(Number);
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** One day's hours in the sentence of a refusal: `Closed` or `9:30 AM – 1:00 PM`. */
function dayWords(day: DayHours): string {
  return day.closed || !day.open || !day.close
    ? 'Closed'
    : `${clockText(day.open)} – ${clockText(day.close)}`;
}

/** `Friday`, `Monday and Friday`, `Monday, Tuesday and Friday`. */
function listWords(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The refusal of a save whose page read hours the platform no longer holds: someone else changed
 * them since (§4.14 sets every day sent, so the week the page sends would undo that change). It names
 * each day that changed with its hours now; nothing was sent.
 */
function changedSinceRead(expected: WeekHours, held: WeekHours): HttpError | null {
  const changed = weekdays.filter((day) => dayText(expected[day]) !== dayText(held[day]));
  if (changed.length === 0) return null;
  const now = changed.map((day) =>
    changed.length === 1
      ? `now ${dayWords(held[day])}`
      : `${WEEKDAY_LABELS[day]} now ${dayWords(held[day])}`,
  );
  const days = listWords(changed.map((day) => WEEKDAY_LABELS[day]));
  return new HttpError(
    'conflict',
    `Someone else changed ${days} since you opened this page (${now.join(', ')}): review and save again. Nothing was saved.`,
    {
      submitted: 'no',
      refusal: 'state',
      fields: changed.map((day) => ({
        field: day,
        message: `Someone else changed ${WEEKDAY_LABELS[day]} since you opened this page: now ${dayWords(held[day])}`,
      })),
    },
  );
}

/**
 * The failure of the read before a save: a security the platform does not know stays "not found";
 * any other failure says the save was not sent, and why.
 */
function hoursNotRead(err: unknown): unknown {
  if (!isUpstreamError(err) || err.kind === 'not_found') return err;
  return new HttpError(
    fromUpstream(err).code,
    `The hours were not saved: the hours the platform holds now could not be read, to check that no one changed them since you opened this page. Nothing was sent. ${err.userMessage}`,
    { submitted: 'no' },
  );
}

/** A calendar date as the pages write it: "November 27, 2026". */
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

/**
 * A reviewer's or investor's list when the book of `day` cannot be read. No upstream operation
 * lists securities (the offerings of §2.2 name none), so the list is the book's; its failure must
 * not take away the hours of every security, which are read with an operation that may well work
 * (getSecurityMarketHours). The securities come from what did not fail: the latest book this
 * process read whole, or else the securities linked to issuer staff on the portal, by ID. The
 * gap says which, why, with the support id, and that any other security opens by its ID.
 */
async function listWithoutBook(
  day: string,
  err: unknown,
  deps: Deps,
  requestId: string,
): Promise<SecurityList> {
  if (!isUpstreamError(err)) throw err;
  // Refused for the portal's own access (103, §5 rule 8): not "right now", and not "if this keeps
  // happening", as the pages' other gaps of that kind say (lastingReadFault).
  const fault = lastingReadFault(err);
  const why = fault
    ? `The order book of ${longDate(day)}, which lists the securities, could not be read. ${fault}`
    : `The order book of ${longDate(day)}, which lists the securities, could not be read right now.`;
  const reference = fault ? `Give support this reference: ${requestId}.` : ourReference(requestId);
  const known = deps.orderBook.lastKnownSecurities();
  if (known) {
    const which =
      known.date === day ? 'as read earlier' : `of the order book of ${longDate(known.date)}`;
    return {
      securities: [...known.securities].sort((a, b) => a.securityId.localeCompare(b.securityId)),
      gaps: [`${why} Listed are the securities ${which}; open any other by its ID. ${reference}`],
    };
  }
  const ids = await linkedSecurityIds(deps.db).catch(() => []);
  return {
    securities: ids.map((securityId) => ({ securityId, securityName: null })),
    gaps: [
      ids.length > 0
        ? `${why} Listed by ID are the securities whose issuers use this portal; open any other by its ID. ${reference}`
        : `${why} Open a security by its ID. ${reference}`,
    ],
  };
}

/**
 * A day of which a page could not be read (§4.1 reads it 500 orders a call) lists the securities
 * of the orders before it only: said as the order book says it (IncompleteBookNotice), how far
 * the read went, what the list then covers, why, with the support id.
 */
function partBookGap(book: DayBook, issuerStaff: boolean, requestId: string): string {
  const { missingFrom, cause } = book.incomplete!;
  const read = book.rows.length;
  const why = isUpstreamError(cause)
    ? fromUpstream(cause).message
    : 'Something went wrong on our side. Please try again.';
  const covers = issuerStaff
    ? 'Those of your securities not among the orders read are shown by their ID.'
    : 'Listed are the securities of the orders read only; open any other by its ID.';
  return `Part of the order book of ${longDate(book.date)}, which lists the securities, could not be read: the first ${read.toLocaleString('en-US')} ${read === 1 ? 'order' : 'orders'} of the day were read; the orders from number ${(missingFrom + 1).toLocaleString('en-US')} on (if the day has more) could not be read. ${covers} ${why} ${ourReference(requestId)}`;
}

/**
 * The end of a gap that may pass: what to do should it not, and our reference for it (the
 * request's id, its log line's), in the words the pages end a failure with (SupportReference).
 */
const ourReference = (requestId: string) =>
  `If this keeps happening, contact support and give them this reference: ${requestId}.`;

export const marketHoursRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/market-hours',
    summary: "The week's trading hours (US Eastern) and whether the market is open now",
    tags: ['market hours'],
    response: marketHoursResponseSchema,
    async handler({ deps }) {
      return marketHoursAt(
        await deps.globalHours.get('global', () => getMarketHours(deps.upstream)),
        new Date(),
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/securities',
    summary:
      'The securities with their names: issuer staff their own, everyone else every traded one',
    tags: ['market hours'],
    response: securityListSchema,
    async handler({ user, deps, request }) {
      const issuerStaff = user!.role === 'issuer_staff';
      const gaps: string[] = [];
      // No upstream operation lists securities: the list is the book (bookNamingSecurities).
      // Issuer staff's list is their links; the book only names them, so without it they are
      // listed by ID. Anyone else's comes from what did not fail (listWithoutBook).
      const read = await bookNamingSecurities(new Date(), (day) => deps.orderBook.load(day));
      let book: DayBook | null;
      if ('failure' in read) {
        if (!issuerStaff) return listWithoutBook(read.day, read.failure, deps, request.id);
        gaps.push(
          'The names of your securities could not be read from the latest order book right now, so each is shown by its ID.',
        );
        book = null;
      } else {
        book = read.book;
      }
      if (book?.incomplete) gaps.push(partBookGap(book, issuerStaff, request.id));
      const names = new Map(book?.securities.map((s) => [s.securityId, s.securityName]) ?? []);
      const ids = issuerStaff ? user!.securityIds : [...names.keys()].sort();
      return {
        securities: ids.map((securityId) => ({
          securityId,
          securityName: names.get(securityId) ?? null,
        })),
        gaps,
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/securities/:securityId/market-hours',
    summary: 'The trading hours of one security',
    tags: ['market hours'],
    params: securityIdParamsSchema,
    response: securityHoursResponseSchema,
    async handler({ params, deps }) {
      return { securityHours: await getSecurityMarketHours(deps.upstream, params.securityId) };
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/securities/:securityId/market-hours',
    summary: 'Set the trading hours of one security; answers the hours read back',
    tags: ['market hours'],
    params: securityIdParamsSchema,
    body: securityHoursSaveSchema,
    afterChange: 'Reload the page to see the hours the platform holds before saving again.',
    response: securityHoursResponseSchema,
    async handler({ params, body, deps, audit, request }) {
      // Two saves of one security must not cross: both would read the same hours, pass the check
      // below and be sent, the later one undoing the other's change unseen (§4.14 sets every day
      // sent and has no condition on the hours held). Held per security, on every instance, from
      // the read to the audit, the later save reads the earlier one's hours and is refused.
      return whileHolding(deps.db, `security-hours:${params.securityId}`, async () => {
        // The hours now, read with getSecurityMarketHours (real-world notes §4.2), for two reasons:
        // §4.14 sets every day the page sends, so a save built on hours someone has changed since
        // would undo their change unless refused here; and its audit event says what changed
        // (§4.14 answers only the hours after). Without this read neither can be known, so a failed
        // read stops the save before anything is sent.
        const before = await getSecurityMarketHours(deps.upstream, params.securityId).catch(
          (err: unknown) => {
            throw hoursNotRead(err);
          },
        );
        const conflict = changedSinceRead(body.expected, before.days);
        if (conflict) throw conflict;
        const { expected: _expected, ...asked } = body;
        const securityHours = await updateSecurityMarketHours(deps.upstream, {
          securityId: params.securityId,
          days: asked,
        }).catch(async (err: unknown) => {
          // §4.14 is sent once, never retried: whatever became of it is in the audit log.
          await auditFailedChange(
            audit,
            request.log,
            hoursSaveAsked(params.securityId, asked),
            err,
          );
          throw err;
        });
        await audit({
          action: 'security_hours_updated',
          objectType: 'security',
          objectId: params.securityId,
          outcome: 'succeeded',
          details: hoursChanges(before.days, securityHours.days),
        });
        return { securityHours };
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/securities/:securityId/market-hours/check',
    summary:
      'Checks a trading-hours save whose answer was lost: reads the hours the platform holds, compares them with those asked for, and audits the finding',
    tags: ['market hours'],
    params: securityIdParamsSchema,
    body: securityHoursCheckSchema,
    response: securityHoursCheckResponseSchema,
    async handler({ params, body, deps, audit }) {
      // The platform has a read (§4.14, real-world notes §4.2), so the lost save is settled by what
      // it holds, not by a person's word as an issuer account is (§4.6 has no read). Hours that
      // differ may also be someone's later change; the event keeps both, for a reviewer to judge.
      // Held like a save, so that two checks of one lost save cannot both settle it.
      return whileHolding(deps.db, `security-hours:${params.securityId}`, async () => {
        // A lost save checked from the changes list is named by its id there: its support id and
        // the hours it asked for are the log's, never ones the page could mistake.
        let attempt = body.attempt;
        let wanted = askedText(body.asked);
        if (body.change) {
          const found = await lostHoursSave(deps.db, {
            securityId: params.securityId,
            saveRoute: SAVE_ROUTE,
            id: body.change,
          });
          if (found === undefined) {
            throw new HttpError(
              'not_found',
              'Not found: no lost save of these hours with that id. Reload the page to see the changes listed now.',
              { submitted: 'no' },
            );
          }
          attempt = found.attempt ?? undefined;
          wanted = recordedAsked(found.asked) ?? wanted;
        }
        // Settled once: a later check would find hours set since (a save made again, someone's
        // change) and record a second finding contradicting the first.
        if (
          attempt &&
          (await hoursSaveSettled(deps.db, { securityId: params.securityId, attempt }))
        ) {
          throw new HttpError(
            'conflict',
            'This lost save was checked already: what was found is in the changes of these hours. Reload the page to see it.',
            { submitted: 'no' },
          );
        }
        const securityHours = await getSecurityMarketHours(deps.upstream, params.securityId);
        const saved = holdsAsked(wanted, securityHours.days);
        await audit({
          action: 'security_hours_attempt_settled',
          objectType: 'security',
          objectId: params.securityId,
          outcome: 'succeeded',
          details: {
            settled: saved ? 'saved' : 'not_saved',
            attempts: attempt ? [attempt] : [],
            asked: wanted,
            held: Object.fromEntries(
              weekdays.map((day) => [day, dayText(securityHours.days[day])]),
            ),
          },
        });
        return { securityHours, saved };
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/securities/:securityId/market-hours/changes',
    summary:
      "The changes of one security's trading hours made from the portal, newest first, from the audit log",
    tags: ['market hours'],
    params: securityIdParamsSchema,
    query: hoursChangesQuerySchema,
    response: hoursChangesResponseSchema,
    async handler({ params, query, deps }) {
      // One more than a page, to know whether older changes remain.
      const rows = await securityHoursEvents(deps.db, {
        securityId: params.securityId,
        saveRoute: SAVE_ROUTE,
        before: query.before,
        limit: HOURS_CHANGES_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, HOURS_CHANGES_PAGE_SIZE);
      const lost = page.filter((row) => row.action === 'request_outcome_unknown');
      const settlements = lost.length
        ? await securityHoursSettlements(deps.db, {
            securityId: params.securityId,
            after: lost.at(-1)!.id,
            limit: SETTLEMENTS_READ,
          })
        : [];
      return {
        changes: changesOfHours(page, settlements),
        olderBefore: rows.length > HOURS_CHANGES_PAGE_SIZE ? String(page.at(-1)!.id) : null,
      };
    },
  }),
];
