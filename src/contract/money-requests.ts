import { choiceFilterSchema } from './choice-filter';
import { z } from 'zod';
import { accountFilterSchema } from './account-views';
import { boundedDateSchema, dayRangeOrder, periodTimeZoneSchema } from './dates';
import { compare, formatMoney, formatShares, parseDecimal } from './decimal';
import { reasonForDecisionSchema } from './free-text';
import { keysOf } from './keys-of';
import type { StandingOnError } from './errors';
import { decimalStringSchema, instantSchema, localDateTimeSchema } from './money';
import { requestedSliceShape } from './pages';
import { lastingGapsSchema, skippedRecordsSchema } from './skipped';
import { utcInstantInWords, utcTimeInWords } from './time';

/**
 * The register of money requests the portal sent upstream (disbursements §4.5, investments
 * createTrade §4.16, IRA supplements §4.7), as investors and compliance see it. Every request
 * ends in a nameable outcome; "unknown" names our reference and what to do next.
 */

export const moneyRequestKindLabels = {
  deposit: 'Deposit',
  disbursement: 'Disbursement',
  investment: 'Investment',
  ira_supplement: 'IRA request',
};
export const moneyRequestKindSchema = z.enum(keysOf(moneyRequestKindLabels));

/**
 * Each outcome in words, and what to do: `next` for the person who sent the request, `reviewerNext`
 * for a reviewer reading the register, who is the support an unknown outcome sends its sender to.
 */
export const moneyRequestOutcomeWords = {
  pending: {
    label: 'Being sent',
    meaning: 'The request is being sent to the platform right now.',
    next: 'Wait a moment and refresh; do not send it again.',
    reviewerNext:
      'It settles when the platform answers, or reconciliation settles it once its lease runs out.',
  },
  held: {
    label: 'Waiting for approval',
    meaning: "Held for a second person's approval; nothing has been sent to the platform.",
    next: 'Nothing to do: it is sent once approved, and what becomes of it shows here.',
    reviewerNext: 'An admin approves or rejects it on Disbursement approvals.',
  },
  created: {
    label: 'Accepted',
    meaning: 'The platform accepted the request.',
    next: 'Nothing to do.',
    reviewerNext: 'Nothing to do.',
  },
  refused: {
    label: 'Refused',
    meaning: 'The platform refused it; no money moved.',
    // A refusal may be about the request (a field) or not (a permission the portal lacks).
    next: 'Read the reason: if it names something in the request, correct that and send a new request; if not, contact support and quote our reference.',
    reviewerNext: 'Nothing to settle: its sender was given the reason.',
  },
  not_sent: {
    label: 'Not sent',
    meaning: 'The request never reached the platform; no money moved.',
    next: 'You can send a new request.',
    reviewerNext: 'Nothing to settle: its sender may send a new request.',
  },
  unknown: {
    label: 'Outcome unknown',
    meaning: 'The request may have reached the platform, but no answer came back.',
    next: 'Do not send it again. We check with the platform and settle it; if it stays unknown, contact support and quote our reference.',
    // The platform may create it well after the answer was lost (§4.3 says nothing of how long).
    reviewerNext:
      'Reconciliation looks for it on the platform at every pass, and takes its absence as "not sent" only long after it was sent: it may still arrive, so it must not be sent again. If it stays unknown, compare it with what the platform lists and settle it by hand.',
  },
} satisfies Record<string, { label: string; meaning: string; next: string; reviewerNext: string }>;
export const moneyRequestOutcomeSchema = z.enum(keysOf(moneyRequestOutcomeWords));

/**
 * An unknown outcome's next step for the staff who met it while sending a held disbursement
 * (Approve and send): they are the support desk the sender's step sends to, so they are told
 * what staff do, where the register's row then waits for them.
 */
export const UNKNOWN_SEND_STAFF_NEXT =
  'Do not send it again. Reconciliation looks for it on the platform; once its outcome is known, settle it in the money requests register.';

/**
 * An unknown investment or IRA request is settled by a reviewer, not by reconciliation: the
 * interface document names no read that ties a trade or a supplement to our reference (§4.16,
 * §2.11), so only deposits and disbursements are found in the fund moves (§4.3). The reviewer is
 * told so in plain words, and what to compare the request with: the account's trades for an
 * investment, its IRA details for an IRA request.
 */
const unknownSettledByHand = (comparedWith: string) => ({
  ...moneyRequestOutcomeWords.unknown,
  next: 'Do not send it again. A reviewer checks it with the platform and settles it; if it stays unknown, contact support and quote our reference.',
  reviewerNext: `The platform offers no way to look this request up by our reference: compare it with ${comparedWith} on the platform and settle it by hand.`,
});
const unknownInvestment = unknownSettledByHand("the account's trades");
/**
 * An investment the platform accepted is a trade it created, which then waits for payment and
 * the issuer's approval (§4.16 createTrade): "Accepted" alone read as the issuer's approval, beside
 * the trade's own status on the timeline and in My investments.
 */
const createdInvestment = {
  label: 'Trade created',
  meaning:
    'The platform created the trade. Whether it is paid and approved is its status, on the timeline and in My investments.',
  next: "Nothing to do here: the trade's status says what comes next.",
  reviewerNext: 'Nothing to do.',
};
const unknownIraRequest = unknownSettledByHand("the account's IRA details");

/**
 * A request the portal refused before sending it, as it answered: why (the register's message)
 * and what to do (`nextStep`), the sentence pair the form showed, which the register and the
 * timeline show in place of the outcome's general words. Null for any other request. (Refusals
 * recorded before the pair was kept have it derived as the BFF reads them.)
 */
export function notSentPair(request: {
  outcome: string;
  message: string | null;
  nextStep?: string | null;
}): { why: string; next: string } | null {
  return request.outcome === 'not_sent' && request.message && request.nextStep
    ? { why: request.message, next: request.nextStep }
    : null;
}

/**
 * A write the platform answered by refusing the portal's own access (103, §5 rule 8): §7 keeps its
 * outcome unknown, since the refusal need not mean nothing was done. One statement says what is
 * known and who must act; the person is never told both that the access is broken and that the
 * request may have arrived as two unrelated facts, nor that no answer came back.
 */
export const ACCESS_REFUSED_OUTCOME_UNKNOWN =
  'The platform refused the portal’s access, which the portal’s operators must fix, so we cannot tell whether this reached it.';

/**
 * Why an outcome is unknown, where the general "no answer came back" is not so: `access_refused`,
 * the platform answered by refusing the portal's own access (ACCESS_REFUSED_OUTCOME_UNKNOWN).
 */
const unknownBecauseSchema = z.enum(['access_refused']);
export type UnknownBecause = z.infer<typeof unknownBecauseSchema>;

/**
 * What a request's platform id names, so that no kind of id is shown as another: an investment's
 * trade (§4.16), a deposit's fund move (§4.4), an IRA request's account (§2.11), and for a
 * disbursement either its request (§2.10 requestId, which no operation reads back) or the fund
 * move that took its money out (§4.3), as reconciliation or a reviewer found it.
 */
const platformIdKindSchema = z.enum(['trade', 'fund_move', 'disbursement_request', 'account']);
export type PlatformIdKind = z.infer<typeof platformIdKindSchema>;

/** Each kind of platform id, named beside the id wherever one is shown. */
export const platformIdKindWords: Record<PlatformIdKind, string> = {
  trade: 'Trade',
  fund_move: 'Fund move',
  disbursement_request: 'Disbursement request',
  account: 'Account',
};

/** A request's platform id with its kind, in a sentence ("fund move CFM1001"); null while none. */
export function platformIdInWords(request: {
  upstreamId: string | null;
  platformIdKind: PlatformIdKind | null;
}): string | null {
  if (!request.upstreamId) return null;
  const kind = request.platformIdKind ? platformIdKindWords[request.platformIdKind] : 'Platform id';
  return `${kind.toLowerCase()} ${request.upstreamId}`;
}

/** A request's outcome in words, with the next step that fits its kind. */
export function outcomeWordsOf(request: {
  outcome: z.infer<typeof moneyRequestOutcomeSchema>;
  kind: z.infer<typeof moneyRequestKindSchema>;
  unknownBecause?: UnknownBecause | null;
}) {
  const words =
    request.outcome === 'unknown' && request.kind === 'investment'
      ? unknownInvestment
      : request.outcome === 'unknown' && request.kind === 'ira_supplement'
        ? unknownIraRequest
        : request.outcome === 'created' && request.kind === 'investment'
          ? createdInvestment
          : moneyRequestOutcomeWords[request.outcome];
  return request.outcome === 'unknown' && request.unknownBecause === 'access_refused'
    ? { ...words, meaning: ACCESS_REFUSED_OUTCOME_UNKNOWN }
    : words;
}
type MoneyRequestOutcomeKey = z.infer<typeof moneyRequestOutcomeSchema>;

/** The outcomes that leave nothing behind: the platform refused it, or it never reached it. */
const endedWithNothing: readonly MoneyRequestOutcomeKey[] = ['refused', 'not_sent'];

/**
 * The outcomes of a request that still stands, so that a second one of a kind that must be made
 * once (an IRA request, §4.7: the first step in opening the custodial account) would duplicate it:
 * every outcome but those that left nothing behind. That is being sent, accepted by the platform
 * (the custody account then waits for its approval), unknown (it may have arrived), and any
 * outcome that waits for a decision. A refused or not-sent request allows a new one.
 */
export const waitingOutcomes: readonly MoneyRequestOutcomeKey[] = keysOf(
  moneyRequestOutcomeWords,
).filter((outcome) => !endedWithNothing.includes(outcome));

/**
 * The outcomes of a deposit, disbursement or investment that may yet have moved money while the
 * portal cannot say so: being sent, and unknown. A new request of the same kind for the same
 * account (and offering) is sent while one stands only when the person acknowledged it by its
 * reference (`additionalTo`): sent again by mistake, it would move the money twice.
 */
export const unsettledOutcomes: readonly MoneyRequestOutcomeKey[] = ['pending', 'unknown'];

/** Our register reference, as the BFF issues it (MR- and ten letters or digits). */
export const referenceSchema = z
  .string()
  .regex(/^MR-[0-9A-Z]{10}$/, 'reference must be MR- followed by 10 capital letters or digits');

/**
 * The body field of a deposit, disbursement or investment that sends it as an additional one to
 * the requests that would refuse it: those of the same kind for the account (and offering) that
 * stand unsettled, and the same request (same amount, or units) made moments ago. Their
 * references, as the refusal (`standing`) or the form named them. Every one must be named; one
 * that is not is refused again, naming it.
 */
export const additionalToShape = {
  additionalTo: z
    .array(referenceSchema)
    .max(20, 'additionalTo must name at most 20 references')
    .optional(),
};

/**
 * A request that stands in the way of a new one, as a refusal names it (the error's `standing`,
 * whose shape is in contract/errors with the rest of the error) and the forms list it: the
 * register's words.
 */
export type StandingRequest = StandingOnError;

/**
 * Whether a request that stands in the way is the same request made moments ago and already
 * accepted (or waiting for approval), rather than one whose outcome is not known yet.
 */
export const isSameRecently = (request: Pick<StandingRequest, 'outcome'>) =>
  !unsettledOutcomes.includes(request.outcome);

/** What a request asks for, as the same-request check compares it: units, else the amount, and the method. */
export type AskedForSame = { units?: string; amount?: string; method?: string };

/**
 * Whether a request accepted or waiting for approval moments ago is the same request as one
 * being made, as the BFF judges it at Confirm (refuseWhileStanding): the same units (an
 * investment) or amount, as exact decimals, the same way (either naming none counts as the same).
 * The forms ask it at Review, to warn before Confirm instead of being refused at it.
 */
export function isSameAsked(
  row: Pick<StandingRequest, 'units' | 'amount' | 'method'>,
  asked: AskedForSame,
) {
  const [recorded, wanted] = asked.units ? [row.units, asked.units] : [row.amount, asked.amount];
  const a = recorded ? parseDecimal(recorded) : null;
  const b = wanted ? parseDecimal(wanted) : null;
  const sameWay = !row.method || !asked.method || row.method === asked.method;
  return a !== null && b !== null && compare(a, b) === 0 && sameWay;
}

/**
 * The platform's ids a person can look up on their own pages, named as those pages name them: a
 * trade on My investments, a fund move on the account's fund moves. A disbursement request's or
 * an IRA request's id shows on no investor page, so it is not named to them (our reference is).
 */
const upstreamIdNames: Partial<Record<z.infer<typeof moneyRequestKindSchema>, string>> = {
  investment: 'trade',
  deposit: 'fund move',
};

/**
 * How the money of a request goes, as the register names it: a disbursement's type (§4.5) or an
 * investment's payment method (§4.16). Deposits have none (always from the linked bank).
 */
const moneyRequestMethodLabels: Record<string, string> = {
  ach: 'ACH',
  wire: 'Wire',
  wire_domestic: 'Domestic wire',
  wire_international: 'International wire',
  check: 'Check',
  credit_card: 'Credit card',
};

/** "ACH", "Domestic wire"; null for a method the register does not know. */
export function methodLabel(method: string): string | null {
  return moneyRequestMethodLabels[method] ?? null;
}

/** "by ACH", "by domestic wire"; null when the register does not say (or names one it does not know). */
export function methodWords(method: string | null | undefined): string | null {
  const label = method ? moneyRequestMethodLabels[method] : undefined;
  return label ? `by ${label === 'ACH' ? label : label.toLowerCase()}` : null;
}

/** What a request asked for: "44 units", "$440.00", "by wire", those it says. */
function askedWords(request: StandingRequest): string[] {
  return [
    request.units ? `${formatShares(request.units, 'en-US')} units` : null,
    request.amount ? formatMoney(request.amount, { locale: 'en-US' }) : null,
    methodWords(request.method),
  ].filter((part): part is string => part !== null);
}

/**
 * How these sentences word an instant: a date and time, or the time of day of one made moments
 * ago. The BFF, which does not know the reader's zone, writes UTC, named; the browser rewords
 * the same sentences in the viewer's zone (web/lib/format viewerInstantWords), as its pages
 * write every other time.
 */
export type InstantWords = {
  instant: (iso: string) => string;
  time: (iso: string) => string;
};

const utcWords: InstantWords = { instant: utcInstantInWords, time: utcTimeInWords };

/** "MR-… (made Nov 28, 2026, 12:01 PM UTC, 44 units, $440.00, by wire)" */
function madeWords(request: StandingRequest, words: InstantWords): string {
  const made = words.instant(request.createdAt);
  const what = askedWords(request);
  return `${request.reference} (made ${made}${what.length ? `, ${what.join(', ')}` : ''})`;
}

/**
 * The same request made moments ago, in words: "You sent the same investment at 12:22 PM UTC
 * (MR-…, 60 units, $600.00, by wire), created as trade 302954".
 */
function sameRequestWords(request: StandingRequest, words: InstantWords): string {
  const what = moneyRequestKindLabels[request.kind].toLowerCase();
  const at = words.time(request.createdAt);
  const amounts = askedWords(request);
  const state =
    request.outcome === 'created'
      ? request.upstreamId && upstreamIdNames[request.kind]
        ? `created as ${upstreamIdNames[request.kind]} ${request.upstreamId}`
        : 'accepted by the platform'
      : outcomeWordsOf(request).label.toLowerCase();
  return `You sent the same ${what} at ${at} (${[request.reference, ...amounts].join(', ')}), ${state}`;
}

/**
 * What the register keeps of a request held back while others stood in its way (the refusal of
 * standingRefusalMessage): the request it repeats and what became of that one, or the one whose
 * outcome it waited on, and that nothing was sent: "It repeats MR-…, which went through (trade
 * 302954); nothing was sent." Unlike the form's answer it asks nothing and offers no next step:
 * the person answered the form then, and the request it repeats is the one that counts. The
 * timeline and the register show it quieter than a request (heldBackRecord).
 */
export function heldBackRecordWords(standing: readonly StandingRequest[]): string {
  const waitedOn = standing
    .filter((row) => !isSameRecently(row))
    .map(
      (row) =>
        `${row.reference} ${row.outcome === 'pending' ? 'was still being sent' : 'had an unknown outcome'}`,
    );
  const repeats = standing.filter(isSameRecently).map((row) => {
    const id = upstreamIdNames[row.kind];
    const state =
      row.outcome === 'held'
        ? "waits for a second person's approval"
        : row.upstreamId && id
          ? `went through (${id} ${row.upstreamId})`
          : 'the platform accepted';
    return `${row.reference}, which ${state}`;
  });
  const parts = [
    waitedOn.length ? `came while ${waitedOn.join(' and ')}` : null,
    repeats.length ? `repeats ${repeats.join(' and ')}` : null,
  ].filter((part): part is string => part !== null);
  return `It ${parts.join(' and ')}; nothing was sent.`;
}

/** Whether a register row is such a held-back request (heldBackRecordWords): nothing of its own. */
export const heldBackRecord = (request: { outcome: string; message: string | null }): boolean =>
  request.outcome === 'not_sent' &&
  /^It (?:came while|repeats) MR-[0-9A-Z]{10}\b/.test(request.message ?? '');

/** One standing request in words: "MR-… (made Nov 28, 2026, 12:01 PM UTC, 44 units, $440.00): outcome unknown". */
export function standingRequestWords(
  request: StandingRequest,
  words: InstantWords = utcWords,
): string {
  if (isSameRecently(request)) return sameRequestWords(request, words);
  return `${madeWords(request, words)}: ${outcomeWordsOf(request).label.toLowerCase()}`;
}

/** What to do about one standing request: wait for it, or send another only on purpose. */
export function standingRequestNext(request: StandingRequest): string {
  return isSameRecently(request)
    ? 'Send another one only if you mean to make a second one.'
    : outcomeWordsOf(request).next;
}

/**
 * What a request sent while others stand is: "an additional investment: MR-… may have gone
 * through", or, besides the same one made moments ago, "an additional investment besides MR-…".
 */
export function additionalRequestWords(
  kind: z.infer<typeof moneyRequestKindSchema>,
  references: readonly string[],
  sameRecently = false,
): string {
  const what = moneyRequestKindLabels[kind].toLowerCase();
  return sameRecently
    ? `an additional ${what} besides ${references.join(' and ')}`
    : `an additional ${what}: ${references.join(' and ')} may have gone through`;
}

/** The label of the confirmation that sends a new request while others stand. */
export const sendAlongsideLabel = (
  kind: z.infer<typeof moneyRequestKindSchema>,
  references: readonly string[],
  sameRecently = false,
) => `Send this as ${additionalRequestWords(kind, references, sameRecently)}`;

/**
 * The refusal of a request while others of its kind stand unsettled, or while the same request
 * was made moments ago, naming them with what happens next to them (one sentence per kind, as
 * everywhere) and how to send this one anyway.
 */
export function standingRefusalMessage(
  kind: z.infer<typeof moneyRequestKindSchema>,
  standing: readonly StandingRequest[],
  words: InstantWords = utcWords,
): string {
  const what = moneyRequestKindLabels[kind].toLowerCase();
  const scope = kind === 'investment' ? 'this account in this offering' : 'this account';
  const same = standing.filter(isSameRecently);
  const unsettled = standing.filter((row) => !isSameRecently(row));
  const parts: string[] = [];
  if (unsettled.length > 0) {
    // One next step for all when they share an outcome; else each reference with its own (one
    // being sent waits for its answer, one of unknown outcome is checked with the platform).
    const oneNext = unsettled.every((row) => row.outcome === unsettled[0].outcome);
    const list = oneNext
      ? `${unsettled.map((row) => standingRequestWords(row, words)).join('; ')}. ${outcomeWordsOf(unsettled[0]).next}`
      : unsettled
          .map((row) => `${standingRequestWords(row, words)}. ${outcomeWordsOf(row).next}`)
          .join(' ');
    parts.push(
      `an earlier ${what} of ${scope} may have gone through, and a new one could move the money twice. Standing: ${list}`,
    );
  }
  if (same.length > 0) {
    parts.push(`${same.map((row) => sameRequestWords(row, words)).join('; ')}. Send another one?`);
  }
  const body = parts.map((part, i) =>
    i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1),
  );
  return `Not sent: ${body.join(' ')} To send this one as well, confirm that it is an additional ${what}.`;
}

/**
 * A recorded refusal beside its outcome's label. The standing-request refusal opens with "Not
 * sent: " because the form shows it alone; the register and the timeline print the label "Not
 * sent" before the reason already, so there the reason starts after it, and is not said twice.
 */
export function reasonBesideOutcome(message: string, outcomeLabel: string): string {
  const prefix = `${outcomeLabel}: `;
  if (!message.startsWith(prefix)) return message;
  const rest = message.slice(prefix.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * An approved held disbursement while its call to the platform may still be running: when it was
 * approved, and the instant after which no call can be running (the BFF's in-flight window, the
 * upstream timeout and the claim lease). Until then the register holds it as "unknown" (it may
 * reach the platform whatever becomes of the call) but the BFF refuses to record it as never
 * arrived, so the register and the approvals page say it is being sent, with no Settle by hand.
 */
export const beingSentSchema = z.object({ approvedAt: instantSchema, until: instantSchema });
export type BeingSent = z.infer<typeof beingSentSchema>;

/** That state in words, the same on the register and on the approvals page. */
export const beingSentWords = {
  label: moneyRequestOutcomeWords.pending.label,
  next: 'Do not send it again: what becomes of it shows here once the platform answers.',
  reviewerNext:
    'It may still be on its way to the platform, so it cannot be settled by hand yet; should no answer come, it reads "Outcome unknown" once no call can be running.',
};

/** Whether the request is still being sent at `now` (the window has not passed). */
export const stillBeingSent = (beingSent: BeingSent | null | undefined, now: number): boolean =>
  beingSent != null && Date.parse(beingSent.until) > now;

export const moneyRequestViewSchema = z.object({
  reference: referenceSchema,
  accountId: z.string(),
  kind: moneyRequestKindSchema,
  amount: decimalStringSchema.nullable(),
  offeringId: z.string().nullable(),
  /**
   * The name of an investment's offering, from the offerings catalogue (getAllOffers, §2.2), so
   * that whoever checks the platform knows which offering to look in. Null for other kinds, and
   * when the catalogue cannot be read or no longer lists it: the id alone is then shown.
   */
  offeringName: z.string().nullable(),
  /** An investment as asked, recorded before it was sent: units and price per unit. */
  units: decimalStringSchema.nullable(),
  unitPrice: decimalStringSchema.nullable(),
  /**
   * How the money goes: a disbursement's type or an investment's payment method
   * (moneyRequestMethodLabels); null for a deposit and for requests made before it was kept.
   */
  method: z.string().nullable().optional(),
  upstreamId: z.string().nullable(),
  /** What `upstreamId` names (PlatformIdKind); null while there is none. */
  platformIdKind: platformIdKindSchema.nullable(),
  /**
   * The fund move of an accepted deposit (its `upstreamId`, §4.16), or of a disbursement whose
   * `upstreamId` is the request's id (§2.10 requestId), no fund move: the move carrying our
   * reference out of the account (§2.10 additionalDetails echo), found as the account's timeline
   * finds it. Absent when it is not among the account's newest fund moves or they could not be
   * read.
   */
  fundMove: z.string().optional(),
  /**
   * That fund move's status and approval (§3), for where the deposit or disbursement stands
   * (acceptedDepositState, acceptedDisbursementState), the same words as its timeline entry.
   */
  fundMoveStatus: z
    .object({ status: z.string(), approvalStatus: z.string().nullable() })
    .optional(),
  /**
   * An accepted deposit, or a disbursement the platform answered directly, whose fund move is not
   * named (`fundMove` absent): `unread`, its account's fund moves could not be read for this list; `older`, they
   * were, and it is not among the newest. Its current status is then not known here
   * (unknownMoveStateWords), never "Accepted" as if settled. Absent for any other request.
   */
  fundMoveUnknown: z.enum(['unread', 'older']).optional(),
  /**
   * Every fund move that carries our reference, when reconciliation found more than one: it
   * reached the platform twice, so the money may have moved twice (movedTwiceWords).
   */
  fundMoves: z.array(z.string()).optional(),
  outcome: moneyRequestOutcomeSchema,
  /** Why an unknown outcome is unknown, where it is not "no answer came back" (outcomeWordsOf). */
  unknownBecause: unknownBecauseSchema.optional(),
  /** An approved held disbursement whose call may still be running (beingSentSchema). */
  beingSent: beingSentSchema.nullable().optional(),
  message: z.string().nullable(),
  /**
   * What to do after a refusal of the portal's own before sending: `message` says why, this what
   * to do, the pair the form showed (notSentWords).
   */
  nextStep: z.string().nullable().optional(),
  createdAt: instantSchema,
  /** When the outcome was settled (created, refused, not sent); null while it is not. */
  settledAt: instantSchema.nullable(),
  /**
   * Who settled an outcome that had stayed unknown: the portal's own check against the platform
   * (reconciliation) or a reviewer by hand. Null for an outcome the platform's answer gave.
   */
  settledBy: z.enum(['reconciliation', 'reviewer']).nullable(),
  /**
   * For an investment of unknown outcome: a trade of the same account, offering and units that
   * appeared at the platform right after it was sent and that no other request accounts for
   * (probableTradeWords). A guess a reviewer confirms, never an outcome.
   */
  probableTradeId: z.string().nullable().optional(),
  /**
   * A disbursement held for a second person's approval, once decided: approved or rejected, when,
   * and (only for compliance and admin) by whom. Absent for any other request.
   */
  decision: z
    .object({
      approved: z.boolean(),
      decidedAt: instantSchema,
      decidedByEmail: z.string().nullable().optional(),
    })
    .optional(),
  /** Only for compliance and admin: who sent it. */
  userEmail: z.string().nullable().optional(),
  /** Only for compliance and admin: the reviewer who settled it by hand. */
  settledByEmail: z.string().nullable().optional(),
});
export type MoneyRequestView = z.infer<typeof moneyRequestViewSchema>;

export const moneyRequestPageSchema = z.object({
  requests: z.array(moneyRequestViewSchema),
  total: z.number().int().nonnegative(),
  ...requestedSliceShape,
});
export type MoneyRequestPageView = z.infer<typeof moneyRequestPageSchema>;

/**
 * A filter by our reference as a person types or a link names it: in any letter case ("mr-…" is
 * MR-…), refused in the words of the field that carries it.
 */
export const referenceFilterSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^MR-[0-9A-Z]{10}$/,
    'Reference must be our reference: MR- followed by 10 letters or digits, such as MR-5SDSNXSKHP',
  );

/** The register's filters and slice; each route takes the fields it offers, with `inOrder`. */
export const moneyRequestQueryShape = z.object({
  // A link's kind or outcome is refused in the words the selects show, naming what it said.
  kind: choiceFilterSchema('Kind', moneyRequestKindLabels),
  outcome: choiceFilterSchema(
    'Outcome',
    Object.fromEntries(
      moneyRequestOutcomeSchema.options.map((outcome) => [
        outcome,
        moneyRequestOutcomeWords[outcome].label,
      ]),
    ) as Record<MoneyRequestOutcomeKey, string>,
  ),
  accountId: accountFilterSchema.optional(),
  /** One request by our reference, in any letter case ("mr-…" is MR-…); links name it so. */
  reference: referenceFilterSchema.optional(),
  from: boundedDateSchema('From').optional(),
  to: boundedDateSchema('To').optional(),
  /** The zone From and To are days of: the viewer's, which the pages send; UTC when absent. */
  timeZone: periodTimeZoneSchema.optional(),
  offset: z.coerce
    .number()
    .int()
    .min(0, 'offset must be 0 or more')
    .max(1_000_000, 'offset must be at most 1000000')
    .default(0),
  limit: z.coerce.number().int().min(1).max(200, 'limit must be at most 200').default(50),
});

/**
 * A period whose From day is after its To day holds nothing: refused under From with the rule's
 * words, which the pages show (as the audit log does), rather than answered as an empty list that reads as
 * "no requests". Added last because a refined object can no longer be narrowed with `omit`.
 */
export const inOrder = <T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) =>
  schema.refine(dayRangeOrder.holds, { message: dayRangeOrder.message, path: ['from'] });

export const moneyRequestQuerySchema = inOrder(moneyRequestQueryShape);

/**
 * The signed-in investor's own requests that still stand without an outcome (unsettledOutcomes:
 * being sent, or unknown) across all their accounts, such as the investments My investments
 * lists above the trades: the platform may hold them, yet they are no trade the portal can read.
 * `standing=true` is the one reading offered; `kind` narrows it to one kind of request.
 */
export const ownStandingRequestsQuerySchema = z.object({
  kind: moneyRequestKindSchema.optional(),
  standing: z.enum(['true'], { error: 'standing must be true' }),
});

/** The most standing requests one read lists; the page's `total` says when there are more. */
export const OWN_STANDING_LIMIT = 100;

/**
 * How long a request that stood without an outcome is still listed with them once a reviewer or
 * reconciliation settled it (`recentlyEnded`): the person who last saw it there finds what became
 * of it where they left it, not only on its account's requests.
 */
export const RECENTLY_ENDED_DAYS = 7;

/**
 * The standing requests (a page of the register), and those of the same kind settled by a
 * reviewer or reconciliation in the last RECENTLY_ENDED_DAYS, newest first (at most 20).
 */
export const ownStandingRequestsSchema = moneyRequestPageSchema.extend({
  recentlyEnded: z.array(moneyRequestViewSchema),
});
export type OwnStandingRequests = z.infer<typeof ownStandingRequestsSchema>;
export type MoneyRequestQuery = z.infer<typeof moneyRequestQuerySchema>;

/**
 * One entry of an account's timeline: deposits, investments, disbursements, IRA requests, and
 * fund moves whose direction nothing states (`fund_move`). A disbursement and the fund move it
 * left are one entry.
 */
const timelineEntrySchema = z.object({
  kind: z.enum(['deposit', 'investment', 'disbursement', 'ira_supplement', 'fund_move']),
  /**
   * The id a person can quote: the platform's (fund-move reference, trade id, disbursement request
   * id), or our register reference where the platform gave none of its own (an IRA request).
   */
  id: z.string(),
  /** Our register reference when the portal sent it. */
  reference: referenceSchema.nullable(),
  /** The account's fund move the entry is, or became (its page has the bank and the checks). */
  fundMove: z.string().nullable(),
  title: z.string(),
  /** The platform's description of a fund move, as it holds it; null for the others. */
  description: z.string().nullable(),
  amount: decimalStringSchema.nullable(),
  /** When it happened: an instant (register) or the upstream's zone-less time. */
  at: z.union([instantSchema, localDateTimeSchema]).nullable(),
  atZone: z.enum(['utc', 'upstream']),
  state: z.string(),
  /** The next expected step, where the document gives one (the 4:00 PM MT approval batch, §3). */
  next: z.string().nullable(),
  /** The next approval batch, as an instant, for entries that wait for it. */
  nextBatchAt: instantSchema.nullable(),
  /**
   * An investment of unknown outcome: the trade that is probably it (probableTradeWords). A trade:
   * our reference of the investment of unknown outcome it is probably (probableRequestWords).
   */
  probableTradeId: z.string().nullable().optional(),
  probableReference: referenceSchema.nullable().optional(),
  /**
   * A request held back before sending as a repeat of another, or while one stood unsettled
   * (heldBackRecord): it moved nothing and asks nothing, so the page shows it quieter.
   */
  heldBack: z.boolean().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** The parts of the timeline read from the platform, each of which may fail on its own. */
export const timelinePartSchema = z.enum(['fund_moves', 'trades']);
export type TimelinePart = z.infer<typeof timelinePartSchema>;

/**
 * The query of a timeline read: `retry` reads that part from the platform again and takes the
 * other as the BFF last read it for this person and account, if it still holds it (else reads it
 * too): the Try again of one part that could not be read, which keeps what was read.
 */
export const timelineQuerySchema = z.object({
  retry: timelinePartSchema.optional(),
});

export const timelineSchema = z.object({
  accountId: z.string(),
  entries: z.array(timelineEntrySchema),
  /** Sources that could not be read, in words (the rest is still shown). */
  gaps: z.array(z.string()),
  /** Which part each gap that a retry of its own can read again is (its words as in `gaps`). */
  unread: z.array(z.object({ part: timelinePartSchema, gap: z.string() })).optional(),
  lasting: lastingGapsSchema,
  /**
   * Fund moves the service sent that could not be read, left out of the entries (the Fund moves
   * list says the same of them): the page says "N fund moves could not be shown".
   */
  skippedFundMoves: skippedRecordsSchema,
  /** Trades the service sent that could not be read, left out of the entries likewise. */
  skippedTrades: skippedRecordsSchema,
  /**
   * When the account holds more fund moves than the timeline reads: how many of the latest were
   * read (`shown`, newest first, §4.3) of how many the platform holds. Null when all were read.
   */
  fundMovesBound: z
    .object({ shown: z.number().int().nonnegative(), total: z.number().int().nonnegative() })
    .nullable()
    .optional(),
});
export type Timeline = z.infer<typeof timelineSchema>;

/**
 * How a request recorded as not sent that reconciliation found at the platform since begins its
 * message (then: its fund move, "do not send it again", and any request sent again meanwhile).
 * The register, the approvals page and the timeline show that message beside "Accepted".
 */
const foundAfterNotSentOpening = 'Recorded as not sent, but found at the platform since as';

export function foundAfterNotSentMessage(upstreamId: string, againAs: string[]): string {
  const found = `${foundAfterNotSentOpening} ${upstreamId}: it did reach the platform. Do not send it again.`;
  if (againAs.length === 0) return found;
  return `${found} It was sent again meanwhile as ${againAs.join(', ')}, so the money may move twice: contact support and quote both references.`;
}

/**
 * A request the platform lists twice under our reference: sent again with the same key after it
 * had been taken as not sent, and the first send arrived late. Both fund moves are named: the
 * investor is sent to support, a reviewer checks both at the platform and decides.
 */
export function movedTwiceWords(
  request: { fundMoves?: readonly string[] },
  reviewer = false,
): string | null {
  const moves = [...new Set(request.fundMoves ?? [])];
  if (moves.length < 2) return null;
  const named = `${moves.slice(0, -1).join(', ')} and ${moves[moves.length - 1]}`;
  return `The platform lists ${moves.length} fund moves carrying this reference, ${named}: the money may have moved ${moves.length === 2 ? 'twice' : `${moves.length} times`}. ${
    reviewer
      ? 'Check each at the platform and decide with the investor what to do about the extra one.'
      : 'Contact support and quote our reference.'
  }`;
}

/** Whether a request accepted after all had first been recorded as not sent (its message says so). */
export function wasFoundAfterNotSent(request: {
  outcome: string;
  message: string | null;
}): boolean {
  return request.outcome === 'created' && !!request.message?.startsWith(foundAfterNotSentOpening);
}

/** What one reconciliation pass settled (POST /api/compliance/money-requests/reconcile). */
export const reconciliationSummarySchema = z.object({
  examined: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  notSent: z.number().int().nonnegative(),
  /** Every request left unknown, notFoundYet and unreadable among them. */
  stillUnknown: z.number().int().nonnegative(),
  /**
   * Not found at the platform, but sent too recently for that to prove it never arrived
   * (RECONCILE_NOT_SENT_AFTER_MS): left unknown, looked for again at later passes.
   */
  notFoundYet: z.number().int().nonnegative(),
  /** Left unknown because the platform's fund moves of its account could not be read, or not all of them. */
  unreadable: z.number().int().nonnegative(),
  /** Settled "not sent" within the last day, found at the platform since: corrected to created. */
  foundAfterNotSent: z.number().int().nonnegative(),
  /**
   * Requests the platform lists more than once under our reference (a fund move besides their
   * own), newly named in the register by this pass.
   */
  foundTwice: z.number().int().nonnegative(),
  /**
   * Disbursements whose hold for approval was never recorded (the portal stopped right after
   * holding it): held again, waiting for the approval as the person was told.
   */
  heldAfterAll: z.number().int().nonnegative(),
  /** Still awaiting the platform's answer (or the end of a stopped instance's lease). */
  inFlight: z.number().int().nonnegative(),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummarySchema>;

/**
 * The receipt of a deposit, disbursement or investment names the request in the register by our
 * reference (MR-…), as the fund moves and the timeline show it.
 */
export const receiptReferenceShape = { reference: referenceSchema.nullable() };

/** The next step of a fund move that waits for the platform's approval (§3: the 4:00 PM MT batch). */
export const APPROVAL_BATCH_NEXT =
  'Approval decision at the next daily batch, 4:00 PM Mountain Time.';

/**
 * What a request's fund move (§3) says of it, in the words of the request's kind: each status past
 * the approval batch (name, meaning and next step), and the meanings before it and once approved.
 * A next step that sends the investor to support is theirs; staff, the desk it sends them to,
 * read instead what the investor was told (STAFF_READ_OF_SUPPORT).
 */
interface MoveStateWords {
  /** Name, meaning, next step, and whether that step sends the investor to support. */
  ended: Record<string, [string, string, string | null, toSupport?: true]>;
  waiting: string;
  approved: string;
}

/**
 * How a submitted disbursement travels, by its method (MoneyRequest.method, the disbursement
 * type): an ACH one over the ACH network (§4.5: "ACH transfers go to the external account"), a
 * wire by wire; one whose method is not known is named by no rail.
 */
function submittedDisbursementWords(
  method: string | null | undefined,
): [label: string, meaning: string, next: string] {
  if (method === 'ach')
    return [
      'On its way',
      'Approved and sent to the bank over the ACH network.',
      'Completes when the ACH network completes the transfer.',
    ];
  if (method === 'wire_domestic' || method === 'wire_international')
    return [
      'On its way',
      'Approved and sent to the bank by wire.',
      'Completes when the receiving bank credits the wire.',
    ];
  return [
    'On its way',
    'Approved and sent to the bank.',
    'Completes when the transfer reaches the bank.',
  ];
}

/** A disbursement's, by its method (ACH, a domestic or international wire, or not known). */
const disbursementMoveWords = (method: string | null | undefined): MoveStateWords => ({
  ended: {
    declined: [
      'Declined',
      'The platform declined it; the money stays in the account.',
      'Contact support and quote our reference if you do not know why.',
      true,
    ],
    voided: ['Cancelled', 'Cancelled before the money was sent.', null],
    returned: [
      'Returned',
      'The receiving bank sent the money back.',
      'Check the bank details, or contact support and quote our reference.',
      true,
    ],
    settled: ['Completed', 'The money reached the bank.', null],
    submitted: submittedDisbursementWords(method),
  },
  waiting: 'The platform accepted it; nothing has left the account yet.',
  approved: 'Approved by the platform; it is sent to the bank next.',
});

/** A deposit's: the money comes from the linked bank (§4.16 fundCustodyAccount). */
const depositMoveWords: MoveStateWords = {
  ended: {
    declined: [
      'Declined',
      'The platform declined it; no money came in from the bank.',
      'Contact support and quote our reference if you do not know why.',
      true,
    ],
    voided: ['Cancelled', 'Cancelled before the money was taken from the bank.', null],
    returned: [
      'Returned',
      'The bank did not pay it, so the money did not stay in the account.',
      'Check the linked bank account, or contact support and quote our reference.',
      true,
    ],
    settled: ['Completed', 'The money reached the account.', null],
    submitted: [
      'On its way',
      'Approved and asked of the bank over the ACH network.',
      'Completes when the ACH network completes the transfer.',
    ],
  },
  waiting: 'The platform accepted it; no money has come in yet.',
  approved: 'Approved by the platform; the money is asked of the bank next.',
};

/** What staff read where a fund move's state sends the investor to support. */
const STAFF_READ_OF_SUPPORT =
  'The investor is told to contact support and quote our reference; the fund move shows the platform’s reason where it gives one.';

/**
 * Where a deposit or disbursement the platform accepted stands, in one name with what happens
 * next, the same on its receipt, on the account's requests and on its timeline entry: from its
 * fund move's approval and status (§3), or, before its fund move is read, as the platform's answer
 * leaves it ("Request accepted" → pending, §3; approval decisions only at the daily batch).
 * `awaitsBatch`: the next step is that batch, whose time the timeline adds.
 */
function acceptedMoveState(
  words: MoveStateWords,
  move?: { status: string; approvalStatus: string | null } | null,
): {
  label: string;
  meaning: string;
  next: string | null;
  /** The next step as staff read it (the same but where it sends the investor to support). */
  staffNext: string | null;
  awaitsBatch: boolean;
} {
  const status = move?.status.trim().toLowerCase() ?? 'pending';
  const approval = move?.approvalStatus?.trim().toLowerCase() ?? (move ? null : 'pending');
  const key = approval === 'declined' ? 'declined' : status;
  const ended = Object.hasOwn(words.ended, key) ? words.ended[key] : null;
  if (ended) {
    const [label, meaning, next, toSupport] = ended;
    return {
      label,
      meaning,
      next,
      staffNext: toSupport ? STAFF_READ_OF_SUPPORT : next,
      awaitsBatch: false,
    };
  }
  if (approval === 'pending')
    return {
      label: "Waiting for the platform's approval",
      meaning: words.waiting,
      next: APPROVAL_BATCH_NEXT,
      staffNext: APPROVAL_BATCH_NEXT,
      awaitsBatch: true,
    };
  return {
    label: 'Approved',
    meaning: words.approved,
    next: null,
    staffNext: null,
    awaitsBatch: false,
  };
}

/**
 * Where an accepted disbursement stands (acceptedMoveState), once sent named by the way it goes
 * (`method`, the disbursement type: ACH or a wire).
 */
export const acceptedDisbursementState = (
  move?: { status: string; approvalStatus: string | null } | null,
  method?: string | null,
) => acceptedMoveState(disbursementMoveWords(method), move);

/** Where an accepted deposit stands (acceptedMoveState). */
export const acceptedDepositState = (
  move?: { status: string; approvalStatus: string | null } | null,
) => acceptedMoveState(depositMoveWords, move);

/**
 * An accepted deposit or disbursement whose fund move the list could not name (`fundMoveUnknown`):
 * what is known (the platform accepted it), that its current status is not, and where to read it.
 */
export const unknownMoveStateWords = {
  disbursement: {
    unread: {
      label: 'Accepted by the platform · its current status could not be read',
      meaning:
        "Whether the money has left the account is not known here. Its fund move shows where it stands, on the account's timeline and under Fund moves (it carries our reference).",
    },
    older: {
      label: 'Accepted by the platform · its current status is not shown here',
      meaning:
        'Its fund move is older than those read for this list: it shows where it stands under Fund moves (it carries our reference).',
    },
  },
  deposit: {
    unread: {
      label: 'Accepted by the platform · its current status could not be read',
      meaning:
        "Whether the money has come in is not known here. Its fund move shows where it stands, on the account's timeline and under Fund moves.",
    },
    older: {
      label: 'Accepted by the platform · its current status is not shown here',
      meaning:
        'Its fund move is older than those read for this list: it shows where it stands under Fund moves.',
    },
  },
} as const;

/** A request of the register named in the path by our reference. */
export const moneyRequestReferenceParamsSchema = z.object({ reference: referenceSchema });

/**
 * A reviewer settles a request whose outcome stayed unknown, having checked the platform by hand
 * (the trade, fund move or IRA request it holds, or its absence). The reason is kept in the audit
 * log beside the decision; the investor sees the outcome, never the reason.
 */
/** The reviewer's two answers, in the words the dialog shows (and its messages repeat). */
export const settleOutcomeLabels = {
  created: 'The platform holds it (give its id)',
  not_sent: 'It never reached the platform',
} as const;
export const settleOutcomeQuestion = 'What the platform shows';

export const moneyRequestSettleSchema = z
  .object({
    outcome: z.enum(keysOf(settleOutcomeLabels), {
      error: `Choose ${settleOutcomeQuestion.toLowerCase()}: "${settleOutcomeLabels.created}" or "${settleOutcomeLabels.not_sent}"`,
    }),
    // An emptied field is no id at all.
    upstreamId: z
      .string()
      .trim()
      .regex(
        /^[A-Za-z0-9_-]{0,40}$/,
        'Platform id must be 1 to 40 letters, digits, hyphens or underscores',
      )
      .optional()
      .transform((value) => value || undefined),
    // Named as the dialog labels it ("What you checked"); the field is `reason` on the wire.
    reason: reasonForDecisionSchema('What you checked', 'where you looked and what you found'),
    /**
     * The reviewer checked that a trade whose units differ from those asked for is this request
     * all the same; without it such a trade is refused (the BFF compares them, §4.16).
     */
    confirmDifferentUnits: z.boolean().optional(),
    /**
     * The reviewer checked that a trade or fund move the platform made before this request was
     * made here is this request all the same (the platform's clock or its zone may be off);
     * without it such an id is refused: what existed before the request cannot have come of it.
     */
    confirmMadeBefore: z.boolean().optional(),
    /**
     * "Never arrived" although the platform holds a trade that is probably this investment
     * (`likelyThisRequest`): the id of that trade, which the reviewer checked is another
     * investment's. Without it such a "never arrived" is refused: the investor would be let
     * through to invest again, and the platform would hold two trades for one investment.
     */
    confirmNotTrade: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{0,40}$/)
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'created' && !value.upstreamId)
      ctx.addIssue({
        code: 'custom',
        path: ['upstreamId'],
        message: 'Platform id is required when the platform holds the request',
      });
    if (value.outcome === 'not_sent' && value.upstreamId)
      ctx.addIssue({
        code: 'custom',
        path: ['upstreamId'],
        message: 'Platform id must be empty when the request never arrived',
      });
  });
export type MoneyRequestSettleInput = z.infer<typeof moneyRequestSettleSchema>;

/**
 * An investment of unknown outcome whose trade probably appeared at the platform: the platform
 * names no read that ties a trade to our reference (§4.16), so it is told as a guess that a
 * reviewer confirms, and the two entries are not read as two investments.
 */
export const probableTradeWords = (tradeId: string) =>
  `A trade of the same account, offering and units, ${tradeId}, appeared at the platform right after: probably this one; a reviewer confirms it.`;

/** The trade itself, told of the investment of unknown outcome it probably is. */
export const probableRequestWords = (reference: string) =>
  `Probably our ${reference}, whose answer was lost: the same investment, not a second one; a reviewer confirms it.`;

/** The refusal of a trade whose units differ from the investment's (`confirmDifferentUnits`). */
export function differentUnitsMessage(
  trade: { id: string; units: string },
  request: {
    reference: string;
    units: string;
  },
): string {
  return `Trade ${trade.id} is for ${trade.units} units, but ${request.reference} asked for ${request.units} units. Settle with it only if you checked that it is this request, and confirm that.`;
}

/**
 * The refusal of a trade or fund move the platform made before the request was made here
 * (`confirmMadeBefore`): what existed before it cannot be what came of it.
 */
export function madeBeforeMessage(
  platform: { what: 'trade' | 'fund move'; id: string },
  reference: string,
): string {
  return `${platform.what === 'trade' ? 'Trade' : 'Fund move'} ${platform.id} was made at the platform before ${reference} was made here, so it is most likely not this request. Settle with it only if you checked at the platform that it is, and confirm that.`;
}

/**
 * What the platform holds that could be a request whose outcome is unknown, for the reviewer who
 * settles it by hand. For an investment: the trades of its account in its offering that no other
 * request of the register already accounts for, newest first (the platform's own clock, whose zone
 * is not documented). Trades whose units (and amount) are those the request asked for are marked
 * and come first. The reviewer still decides; nothing is settled from this list.
 */
export const settlementCandidatesSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('found'),
    candidates: z.array(
      z.object({
        upstreamId: z.string(),
        units: decimalStringSchema.nullable(),
        amount: decimalStringSchema.nullable(),
        createdAt: localDateTimeSchema.nullable(),
        status: z.string().nullable(),
        /**
         * Whether the trade's units, and its amount, equal exactly what the request asked for;
         * null when either side does not say (a request recorded without its units).
         */
        sameUnits: z.boolean().nullable(),
        sameAmount: z.boolean().nullable(),
        /**
         * Whether it is the trade the register takes for this request (probableTradeWords): the
         * same units, appeared right after it was sent, claimed by no other request. Offered first.
         */
        probable: z.boolean().optional(),
        /** Made at the platform before the request was made here: not this request's. */
        madeBefore: z.boolean().optional(),
      }),
    ),
    /** False when the account holds more trades than were read. */
    complete: z.boolean(),
    /** Trades the platform sent that could not be read: any of them may be the request's. */
    skippedRecords: skippedRecordsSchema,
  }),
  /** Nothing the platform lets us read ties this kind to our request; says where to look. */
  z.object({ state: z.literal('unavailable'), message: z.string() }),
]);
export type SettlementCandidates = z.infer<typeof settlementCandidatesSchema>;
export type SettlementCandidate = Extract<
  SettlementCandidates,
  { state: 'found' }
>['candidates'][number];

/**
 * Whether a trade the platform holds is probably this investment: the trade the register takes
 * for it (same units, appeared right after it was sent), or one of exactly the units and amount
 * it asked for that no other request accounts for, and not made before the request was made here.
 * "Never arrived" is then refused unless the reviewer confirms they checked that trade is another
 * investment (`confirmNotTrade`).
 */
export const likelyThisRequest = (c: SettlementCandidate): boolean =>
  c.madeBefore !== true && (c.probable === true || (c.sameUnits === true && c.sameAmount === true));

/** The refusal of "never arrived" while a trade is probably the investment, naming the trade. */
export function likelyTradeMessage(c: SettlementCandidate, accountId: string): string {
  const same = c.sameAmount ? 'the same units and amount' : 'the same units';
  const when = c.probable ? ', which appeared right after this request was sent' : '';
  return `The platform holds trade ${c.upstreamId} of account ${accountId} in this offering with ${same}${when}: it is probably this investment. Settle it as held by the platform with trade ${c.upstreamId}, or, if you checked at the platform that trade ${c.upstreamId} is another investment, confirm that`;
}
